import { isAdmin } from '@gear/domain';
import { Navigate } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSession } from '../../services/app-services.tsx';
import { ORDER_HISTORY_SCOPE } from './order-list-scopes.tsx';
import { OrderListView } from './order-list-view.tsx';

/** /order-history (spec 1 §2.1: admin only; spec 3 §2: practitioners are sent to the practitioner portal). */
export function OrderHistoryPage() {
  const session = useSession();
  if (session.status === 'unknown') return <PageLoader />;
  if (session.status !== 'signedIn') return <Navigate to="/login" replace />;
  if (!isAdmin(session.user))
    return <Navigate to={session.user.type === 'myGDX' ? '/order/new/pract' : '/'} replace />;
  return <OrderListView scope={ORDER_HISTORY_SCOPE} />;
}
