import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RequireSignIn } from '../features/login/require-sign-in.tsx';
import { InteractiveReportView } from '../features/reporting/interactive-report-page.tsx';

const wholeNumber = /^[1-9]\d{0,9}$/;
const accessionPattern = /^[A-Za-z0-9-]{1,32}$/;

/**
 * /prc/reporting/ireport/{accessionNo}?orderId&zipCode (spec 3 §2; decision 0265), for whoever may see the order's
 * results. The ZIP code is carried as the spec's link carries it; access is the results rule, checked by the server.
 */
export function InteractiveReportRoute() {
  const { accessionNo } = useParams();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  if (!accessionNo || !accessionPattern.test(accessionNo) || !wholeNumber.test(orderId))
    return <NotFoundPage />;
  return (
    <RequireSignIn>
      <InteractiveReportView orderId={Number(orderId)} accessionNo={accessionNo} />
    </RequireSignIn>
  );
}
