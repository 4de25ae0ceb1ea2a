import { documentAccess, MESSAGES, PATIENT_MESSAGES, type SavedOrder, type UserInfo } from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { orderForCaller } from '../order/order.service.ts';

/**
 * An order whose documents the caller may open (docs/decisions/0092): one they may see (404, 403 with no data), and
 * for a patient only with the patient's date of birth on it (400 without one, 404 as an unknown order for another).
 */
export async function orderForDocument(
  db: Db,
  user: UserInfo,
  orderId: number,
  dateOfBirth: string | undefined,
): Promise<SavedOrder> {
  const order = (await orderForCaller(db, user, orderId)) as SavedOrder;
  const access = documentAccess(user, dateOfBirth ?? null, order);
  if (access === 'missing')
    throw badRequest(PATIENT_MESSAGES.dateOfBirthRequired, [
      { field: 'dateOfBirth', defaultMessage: PATIENT_MESSAGES.dateOfBirthRequired },
    ]);
  if (access === 'wrong') throw notFound(MESSAGES.orderNotFound);
  return order;
}
