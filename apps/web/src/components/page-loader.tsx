import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** What a page shows while its data loads; `message` says why it is still waiting (shown and announced). */
export function PageLoader({ message }: { message?: string | undefined }) {
  return (
    <Center mih="40vh" role="status">
      <Loader aria-hidden="true" />
      {message ? <p>{message}</p> : <VisuallyHidden>Loading…</VisuallyHidden>}
    </Center>
  );
}
