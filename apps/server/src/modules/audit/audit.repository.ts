import type { AuditEvent, AuditEventsPage, AuditEventsQuery } from '@gear/domain';
import { and, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditEvents, orders } from '../../db/schema/index.ts';

/** A page of audit events, newest first, by the filters given (docs/decisions/0214). */
export async function listAuditEvents(db: Db, query: AuditEventsQuery): Promise<AuditEventsPage> {
  const filters: SQL[] = [];
  if (query.orderId !== undefined) filters.push(eq(auditEvents.orderId, query.orderId));
  if (query.userId !== undefined) filters.push(eq(auditEvents.userId, query.userId));
  if (query.chartNumber !== undefined)
    filters.push(
      inArray(
        auditEvents.orderId,
        db
          .select({ id: orders.id })
          .from(orders)
          .where(sql`${orders.patientInfo}->>'chartNumber' = ${query.chartNumber}`),
      ),
    );
  if (query.before !== undefined) filters.push(lt(auditEvents.id, query.before));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(auditEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const events: AuditEvent[] = page.map((row) => ({ ...row, at: row.at.toISOString() }));
  return { events, nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null };
}
