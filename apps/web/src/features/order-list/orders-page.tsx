import { Navigate } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSession } from '../../services/app-services.tsx';
import { MY_ORDERS_SCOPE } from './order-list-scopes.tsx';
import { OrderListView } from './order-list-view.tsx';

/**
 * /orders (issue 15; docs/decisions/0310, 0311, 0314): the person's orders, drafts first; found by order number or
 * patient name, filtered by derived status, paged on the server. Signed-out people go to /login, patients to '/'.
 */
export function OrdersPage() {
  const session = useSession();
  if (session.status === 'unknown') return <PageLoader />;
  if (session.status !== 'signedIn') return <Navigate to="/login?url=%2Forders" replace />;
  if (session.user.type !== 'myGDX') return <Navigate to="/" replace />;
  return <OrderListView scope={MY_ORDERS_SCOPE} />;
}
