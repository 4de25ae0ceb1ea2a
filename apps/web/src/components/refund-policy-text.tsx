import { Loader, Text } from '@mantine/core';
import { useRefundPolicy } from '../api/payment.ts';
import { HtmlText } from './html-text.tsx';

/**
 * The refund policy (GET /html/connect/refund-policy/index.html, spec 3 §7), loaded when enabled: in the payment
 * section's modal and in the cancel-order confirmation (spec 2 §2).
 */
export function RefundPolicyText({ enabled, size = 'md' }: { enabled: boolean; size?: 'sm' | 'md' }) {
  const policy = useRefundPolicy(enabled);
  if (policy.isPending) return <Loader size="sm" role="status" aria-label="Loading the refund policy" />;
  if (policy.isError) return <Text>An unexpected error has occurred.</Text>;
  return <HtmlText html={policy.data ?? ''} size={size} />;
}
