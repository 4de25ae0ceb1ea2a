import { EXPEDITED_WAIVER_MESSAGES, type PaymentSummary, type SavedOrder } from '@gear/domain';
import { Checkbox } from '@mantine/core';
import { useWaiveExpeditedShipping } from '../../api/review.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

/**
 * spec 2 §6: an admin waives the expedited shipping fee 'only when acting for the practitioner (onBehalfOf includes the
 * practitioner gsdlNo) and the order has no orderFormId; otherwise the checkbox is disabled'. The server decides
 * (summary.mayWaiveExpeditedShipping, decision 0187) and enforces the same rule.
 */
export function ExpeditedShippingWaiver({ order, summary }: { order: SavedOrder; summary: PaymentSummary }) {
  const waive = useWaiveExpeditedShipping();
  const allowed = summary.mayWaiveExpeditedShipping;
  return (
    <>
      <Checkbox
        size="md"
        label={EXPEDITED_WAIVER_MESSAGES.label}
        description={allowed ? EXPEDITED_WAIVER_MESSAGES.allowedHint : EXPEDITED_WAIVER_MESSAGES.disabledHint}
        checked={waive.isPending ? !summary.expeditedShippingWaived : summary.expeditedShippingWaived}
        disabled={!allowed || waive.isPending}
        onChange={(event) => waive.mutate({ order, waived: event.currentTarget.checked })}
      />
      <ErrorAlert message={waive.error?.message} />
    </>
  );
}
