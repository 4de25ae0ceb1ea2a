import { RequireSignIn } from '../features/login/require-sign-in.tsx';
import { PatientManagementPage } from '../features/patient-management/patient-management-page.tsx';

/** /patient-management (spec 3 §2), for signed-in practitioners, staff and admins; others see the login page. */
export function PatientManagementRoute() {
  return (
    <RequireSignIn>
      <PatientManagementPage />
    </RequireSignIn>
  );
}
