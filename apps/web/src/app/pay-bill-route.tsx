import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RequireSignIn } from '../features/login/require-sign-in.tsx';
import { PayBillPage } from '../features/pay-bill/pay-bill-page.tsx';

/** /pay/ereq/{gearReqId}?requisitionNumber&orderNo&dateOfBirth (spec 3 §2; decision 0300), for whoever may see the order. */
export function PayBillRoute() {
  const { gearReqId } = useParams();
  const [search] = useSearchParams();
  const id = Number(gearReqId);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  return (
    <RequireSignIn>
      <PayBillPage
        key={id}
        gearReqId={id}
        link={{
          requisitionNumber: search.get('requisitionNumber'),
          orderNo: search.get('orderNo'),
          dateOfBirth: search.get('dateOfBirth'),
        }}
      />
    </RequireSignIn>
  );
}
