import { lazy, Suspense } from 'react';

// @mantine/notifications loads after the step (it is not needed to show one), keeping the steps within their budget.
const Host = lazy(() => import('./saved-notices-host.tsx'));

/** The place of the 'Saved' notices (saved-notices-host.tsx), loaded after the page. */
export function SavedNotices() {
  return (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  );
}
