import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** What a page shows while its data loads. */
export function PageLoader() {
  return (
    <Center mih="40vh" role="status">
      <Loader aria-hidden="true" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
