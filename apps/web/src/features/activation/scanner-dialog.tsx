import { parseRequisitionSearch } from '@gear/domain';
import { Alert, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '../../components/modal.tsx';

/**
 * The first number a barcode's text names (spec 1 §5 search rules): an activation number or a requisition number,
 * else null (a barcode of something else).
 */
export function numberOfBarcode(text: string): string | null {
  const search = parseRequisitionSearch(text);
  return search.kind === 'activationNumber' || search.kind === 'requisitionNumber' ? search.value : null;
}

/** Barcode formats a collection pack's number may be printed in. */
const FORMATS = ['code_128', 'code_39', 'itf', 'ean_13', 'qr_code', 'data_matrix'] as const;

/**
 * Loads barcode-detector (ZXing compiled to WebAssembly, served by the portal itself, never a CDN) when the camera
 * opens, and not before (decision 0142).
 */
async function loadDetector() {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return new BarcodeDetector({ formats: [...FORMATS] });
}

/** The camera dialog: reads codes until one names a number. */
export function ScannerDialog({
  onClose,
  onScanned,
}: {
  onClose: () => void;
  onScanned: (number: string) => void;
}) {
  return (
    <Modal opened onClose={onClose} title="Scan the code on your pack">
      <Scanner onScanned={onScanned} />
    </Modal>
  );
}

function Scanner({ onScanned }: { onScanned: (number: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const detector = await loadDetector();
        const look = async () => {
          if (stopped || !video.current) return;
          const found = await detector.detect(video.current).catch(() => []);
          const number = found.map((code) => numberOfBarcode(code.rawValue)).find((n) => n !== null);
          if (number) onScanned(number);
          else timer = window.setTimeout(look, 250);
        };
        await look();
      } catch {
        if (!stopped) setProblem('The camera could not be opened. Please type the number instead.');
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [onScanned]);

  return (
    <Stack gap="sm">
      {problem ? (
        <Alert color="yellow" role="alert">
          {problem}
        </Alert>
      ) : (
        <Text size="sm">Point the camera at the barcode on your collection pack.</Text>
      )}
      <video
        ref={video}
        muted
        playsInline
        style={{ width: '100%', maxHeight: '60vh' }}
        aria-label="Camera preview"
      />
    </Stack>
  );
}
