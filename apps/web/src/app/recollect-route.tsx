import { useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../components/not-found-page.tsx';
import { RequireSignIn } from '../features/login/require-sign-in.tsx';
import { RecollectPage } from '../features/recollect/recollect-page.tsx';

const accessionNumber = /^[A-Za-z0-9-]{1,32}$/;

/** /recollect/{accessionNo} (spec 3 §2 Routes 'Re-collect page'; decision 0252), for whoever may see the order. */
export function RecollectRoute() {
  const { accessionNo } = useParams();
  const [search] = useSearchParams();
  // The order version the status page read (decision 0294); absent when the page was opened some other way.
  const sent = search.get('version');
  const version = sent !== null && /^\d{1,10}$/.test(sent) ? Number(sent) : null;
  if (!accessionNo || !accessionNumber.test(accessionNo)) return <NotFoundPage />;
  return (
    <RequireSignIn>
      <RecollectPage key={accessionNo} accessionNo={accessionNo} version={version} />
    </RequireSignIn>
  );
}
