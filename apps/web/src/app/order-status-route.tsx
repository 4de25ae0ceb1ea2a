import { useParams } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RequireSignIn } from '../features/login/require-sign-in.tsx';
import { OrderStatusView } from '../features/order-status/order-status-page.tsx';

const wholeNumber = /^[1-9]\d{0,9}$/;

/** /order-status/{id} (spec 3 §2 'Order status page'; decision 0262), for whoever may see the order. */
export function OrderStatusRoute() {
  const { id } = useParams();
  if (!id || !wholeNumber.test(id)) return <NotFoundPage />;
  return (
    <RequireSignIn>
      <OrderStatusView orderId={Number(id)} />
    </RequireSignIn>
  );
}
