import { defaultStep, MESSAGES, stepPath, type UserInfo } from '@gear/domain';
import { Alert, Stack, Title } from '@mantine/core';
import { Navigate, useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useOrder } from '../../api/orders.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCurrentUser } from '../../services/app-services.tsx';
import { RequireSignIn } from '../login/require-sign-in.tsx';
import { newOrder } from './wizard-order.ts';

const wholeNumber = /^[1-9]\d{0,9}$/;

/**
 * /order/{id} without a step (spec 3 §2 route table, 'Default step'; decision 0180): id new opens the first step valid
 * for the user; id connect is the patient's returning visit, which Welcome Back (/connect) proves and then replaces by
 * the real id; a number opens that order's default step.
 */
export function OrderEntryRoute() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  if (id === 'connect') return <Navigate to={`/connect${search}`} replace />;
  if (id !== 'new' && !wholeNumber.test(id)) return <NotFoundPage />;
  return (
    <RequireSignIn>
      <DefaultStepRedirect id={id === 'new' ? 'new' : Number(id)} search={search} />
    </RequireSignIn>
  );
}

function DefaultStepRedirect({ id, search }: { id: number | 'new'; search: string }) {
  const user = useCurrentUser() as UserInfo;
  const query = useOrder(id);
  const order = id === 'new' ? newOrder() : query.data;
  if (order) {
    const { step, gearReqId } = defaultStep(order, user);
    return <Navigate to={stepPath(order.id, step, gearReqId, search)} replace />;
  }
  const leaving = isApiError(query.error) && query.error.kind === 'forbidden';
  if (query.isError && !leaving) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Stack>
        <Title order={1}>Order {id}</Title>
        <Alert color="red" role="alert">
          {notFound ? MESSAGES.orderNotFound : (query.error as Error).message}
        </Alert>
      </Stack>
    );
  }
  return <PageLoader />;
}

/** /patient/{orderId}[/{reqId}] (spec 1 §2.1 'Fallback destination when a step has no route'): the order's default step. */
export function PatientFallbackRoute() {
  const { orderId = '', reqId } = useParams();
  const { search } = useLocation();
  if (!wholeNumber.test(orderId) || (reqId !== undefined && !wholeNumber.test(reqId)))
    return <NotFoundPage />;
  return <Navigate to={`/order/${orderId}${search}`} replace />;
}
