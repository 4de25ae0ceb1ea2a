import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { changing } from '../../db/kept.ts';
import { users } from '../../db/schema/index.ts';
import { newSecondFactor } from './second-factor.ts';

/** Stores a new TOTP secret for an administrator (docs/decisions/0226); null when no administrator has that login. */
export async function enrolAdminSecondFactor(db: Db, loginName: string) {
  const factor = newSecondFactor(loginName);
  const rows = await changing(['sessions'], () =>
    db
      .update(users)
      .set({ totpSecret: factor.secret })
      .where(and(eq(sql`lower(${users.loginName})`, loginName.toLowerCase()), eq(users.admin, true)))
      .returning({ id: users.id }),
  );
  return rows.length === 1 ? factor : null;
}
