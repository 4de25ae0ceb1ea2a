import type { ModalProps } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

const MantineModal = lazy(() => import('./mantine-modal.ts'));

/**
 * The portal's one dialog: Mantine's Modal, loaded when the dialog first opens rather than with every page that could
 * open one (decision 0235). Before that it renders nothing (a closed Modal renders nothing either); once loaded it
 * stays, so closing animates as before.
 */
export function Modal(props: ModalProps) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MantineModal {...props} />
    </Suspense>
  );
}
