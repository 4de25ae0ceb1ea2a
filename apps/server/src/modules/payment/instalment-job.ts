import type { Db } from '../../db/client.ts';
import type { PaymentGateway } from './gateway/gateway.ts';
import { dueInstalments, settleInstalment } from './payment.repository.ts';
import { declineMessage } from './payment.service.ts';

export interface InstalmentRun {
  charged: number;
  failed: number;
}

/**
 * One run of the instalment job (decision 0121): every scheduled instalment due on or before `today` is charged
 * through the gateway under the key `instalment:{payment}:{number}` (authorized, then captured), and settled while
 * still scheduled: charged with its transaction id, or failed with the processor's refusal in words. Concurrent runs
 * (two processes) charge nothing twice: the gateway answers a key once and only one settle changes the row.
 */
export async function chargeDueInstalments(
  db: Db,
  gateway: PaymentGateway,
  today: string,
): Promise<InstalmentRun> {
  const run: InstalmentRun = { charged: 0, failed: 0 };
  for (const instalment of await dueInstalments(db, today)) {
    const key = `instalment:${instalment.paymentId}:${instalment.number}`;
    const result = instalment.token
      ? await gateway.authorize({
          token: instalment.token,
          amountCents: instalment.amountCents,
          idempotencyKey: key,
          description: `Order ${instalment.orderId} instalment ${instalment.number}`,
        })
      : ({ approved: false, transactionId: null, code: 'token_unknown' } as const);
    if (result.approved) {
      await gateway.capture({
        transactionId: result.transactionId,
        idempotencyKey: `capture:${result.transactionId}`,
      });
      if (
        await settleInstalment(db, instalment, {
          status: 'charged',
          transactionId: result.transactionId,
          failureMessage: null,
        })
      )
        run.charged += 1;
    } else if (
      await settleInstalment(db, instalment, {
        status: 'failed',
        transactionId: result.transactionId,
        failureMessage: declineMessage(result.code),
      })
    )
      run.failed += 1;
  }
  return run;
}
