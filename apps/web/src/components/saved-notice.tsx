import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { SAVED_NOTICE_SIZE } from './saved-notice-registry.ts';

// @mantine/notifications loads after the step (it is not needed to show one), keeping the steps within their budget.
const Host = lazy(() => import('./saved-notices-host.tsx'));

/**
 * The place of the 'Saved' notices (saved-notices-host.tsx), loaded after the page: a box of the notice's size in
 * the page's own flow (the wizard's top row, beside the cart), so that the notice never lies over the header, the
 * step line or a field, on a 390 px phone as on a desktop (issue 15, decision 0332).
 */
export function SavedNotices() {
  return (
    <Box pos="relative" w={SAVED_NOTICE_SIZE.width} h={SAVED_NOTICE_SIZE.height} style={{ flexShrink: 0 }}>
      <Suspense fallback={null}>
        <Host />
      </Suspense>
    </Box>
  );
}
