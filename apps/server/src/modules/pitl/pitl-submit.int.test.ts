import { MESSAGES } from '@gear/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changing } from '../../db/kept.ts';
import { prices } from '../../db/schema/index.ts';
import { transaction } from '../../lib/transaction.ts';
import { GI_EFFECTS, insertPitlOrder } from '../../seed/demo-pitl-orders.ts';
import { expectEnvelope, ifMatchNow, useTestApp } from '../../test/helper.ts';
import { signInPatient } from '../../test/order-builders.ts';

/**
 * spec 3 §5 Review and submit: 'For PITL orders the price of every unaccessioned, unpaid requisition must be loaded
 * without error' (domain pitlUnpricedBlockers), enforced by the submit.
 */
const ctx = useTestApp();
const db = () => ctx.database.db;
const ORGANIX = { item: 622, panel: null } as const;

describe('PUT /gear/order/{id}/confirm-and-pay on a PITL order whose price cannot be loaded', () => {
  it("refuses the submit with 'Unable to determine price.' on the unpriced requisition", async () => {
    // Organix has no price on this database: its price cannot be determined (a config error).
    await changing(['prices'], () => db().delete(prices).where(eq(prices.orderableItemId, ORGANIX.item)));
    const placed = await transaction(db(), (tx) =>
      insertPitlOrder(
        tx,
        {
          key: 'new',
          packs: [
            { reqNumber: '50991001', product: GI_EFFECTS },
            { reqNumber: '50991002', product: ORGANIX },
          ],
          nameFirst: 'Una',
          nameLast: 'Priced',
          dateOfBirth: '1991-01-01',
          gender: 'F',
          address1: '1 Main Street',
          completed: [1, 2, 3, 4, 5, 6, 7],
          dataConfirmed: false,
          billed: true,
          collected: true,
          paidCents: null,
        },
        '2026-11-20',
        null,
      ),
    );
    const patient = await signInPatient(ctx.app, db(), [placed.orderId]);
    const answer = await ctx.app.inject({
      method: 'PUT',
      url: `/gear/order/${placed.orderId}/confirm-and-pay`,
      headers: { ...patient.headers, ...(await ifMatchNow(db(), { orderId: placed.orderId })) },
      payload: { patientAgreement: true, nsaAcknowledged: false, recaptcha: null, payments: [] },
    });
    const refused = expectEnvelope(answer, 422);
    expect(refused.errors).toContainEqual({
      field: 'requisitions.1.price',
      defaultMessage: MESSAGES.unableToDeterminePrice,
    });
  }, 120_000);
});
