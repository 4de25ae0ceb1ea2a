import { type GearOrder, ORDER_LOCK_NOTICES, orderLockOf, type UserInfo } from '@gear/domain';
import { WarningAlert } from './warning-alert.tsx';

/**
 * The notice of a step on an order closed to changes: 'Order canceled' (everyone, decision 0050) or 'Order received'
 * (non-admins once the lab has it, spec 1 §4.2), with the message the server's 409 carries. Nothing otherwise.
 */
export function OrderLockNotice({
  order,
  user,
}: {
  order: Pick<GearOrder, 'requisitions' | 'canceled'>;
  user: Pick<UserInfo, 'adminUser'>;
}) {
  const lock = orderLockOf(order, user);
  if (lock === null) return null;
  const notice = ORDER_LOCK_NOTICES[lock];
  return (
    <WarningAlert title={notice.title} role="note">
      {notice.message}
    </WarningAlert>
  );
}
