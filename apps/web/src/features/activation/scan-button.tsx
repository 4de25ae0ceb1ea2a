import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { patientButton } from '../../components/patient-touch.ts';

const ScannerDialog = lazy(async () => ({ default: (await import('./scanner-dialog.tsx')).ScannerDialog }));

/** Whether this browser can open a camera at all (no camera, no button: typing stays). */
export const cameraAvailable = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * 'Scan the code on your pack' (beyond the spec, issue 13): reads the pack's barcode into the activation number. The
 * camera dialog, the barcode library and its WebAssembly load only when the button is pressed (decision 0142).
 */
export function ScanButton({ onScanned }: { onScanned: (number: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!cameraAvailable()) return null;
  return (
    <>
      <Button variant="light" {...patientButton} onClick={() => setOpen(true)}>
        Scan the code on your pack
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ScannerDialog
            onClose={() => setOpen(false)}
            onScanned={(number) => {
              setOpen(false);
              onScanned(number);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
