import { useLocation, useSearchParams } from 'react-router';
import { useServices, useSession } from '../../services/app-services.tsx';
import { LoginRequired } from './login-required.tsx';
import { needsPatientProof, PatientProofGate, patientProofQuery } from './patient-proof-gate.tsx';

/**
 * Renders its children only for a signed-in user (or a patient who proved the order); otherwise a patient's link
 * (?requisitionNumber&dateOfBirth, spec 1 §2.8) proves the order, and anyone else sees the login-required screen.
 */
export function RequireSignIn({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const services = useServices();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const proof = patientProofQuery(params, pathname);
  if (session.status === 'signedIn') {
    if (!needsPatientProof(services, session.user, proof)) return children;
    return <PatientProofGate key={pathname} />;
  }
  if (proof) return <PatientProofGate />;
  return <LoginRequired />;
}
