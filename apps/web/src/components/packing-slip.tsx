import { Anchor, Box, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { isApiError } from '../api/errors.ts';
import { PageLoader } from './page-loader.tsx';

interface PackingSlipProps {
  orderId: number;
  pdf: Blob | undefined;
  error: unknown;
  loading: boolean;
}

/**
 * A packing slip PDF shown in the page (an embedded viewer) with a link that opens it on its own (spec 3 §2
 * 'electronic packing-slip modal', /view/{orderId}). The blob's address lives as long as the component.
 */
export function PackingSlip({ orderId, pdf, error, loading }: PackingSlipProps) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pdf) return;
    const address = URL.createObjectURL(pdf);
    setUrl(address);
    return () => {
      URL.revokeObjectURL(address);
      setUrl(null);
    };
  }, [pdf]);
  if (error)
    return (
      <Text c="red.9" role="alert">
        {isApiError(error) ? error.message : 'An unexpected error has occurred.'}
      </Text>
    );
  if (loading || !url) return <PageLoader />;
  const file = `packing-slip-${orderId}.pdf`;
  return (
    <Stack gap="sm">
      <Anchor href={url} target="_blank" rel="noopener" download={file} data-testid="packing-slip-link">
        Open the packing slip (PDF)
      </Anchor>
      <Box
        component="iframe"
        src={url}
        title={`Packing slip of order ${orderId}`}
        w="100%"
        h={560}
        style={{ border: '1px solid var(--mantine-color-gray-4)' }}
      />
    </Stack>
  );
}
