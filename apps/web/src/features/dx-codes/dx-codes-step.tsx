import { isOrderLocked } from '@gear/domain';
import { Alert, Stack } from '@mantine/core';
import { useId } from 'react';
import { useRequisitionProduct } from '../../api/requisitions.ts';
import { OrderLockNotice } from '../../components/order-lock-notice.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { NoTestYet } from '../wizard/no-test-yet.tsx';
import type { StepProps } from '../wizard/types.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import { stepRequisition } from '../wizard/wizard-order.ts';
import { type DxCodeLists, DxCodesEditor } from './dx-codes-editor.tsx';
import { useSaveDxCodes } from './use-save-dx-codes.ts';

/**
 * spec 1 §2.7 Diagnosis Codes as a wizard step: the editor with Back and Next (the shell shows the heading). Next
 * saves and advances (spec 1 §4.5); on an order received by the lab it only advances (spec 1 §4.2).
 */
export function DxCodesStep({ order, user, gearReqId, navigation }: StepProps) {
  const formId = useId();
  const requisition = stepRequisition(order, gearReqId);
  const product = useRequisitionProduct(requisition?.id ?? null);
  const save = useSaveDxCodes();

  if (order.id === 'new' || !requisition) {
    return <NoTestYet before="its diagnosis codes" onBack={() => void navigation.back()} />;
  }
  if (product.isPending) return <PageLoader />;
  const locked = isOrderLocked(order, user);
  const orderId = order.id;

  const onSave = async (lists: DxCodeLists) => {
    if (locked) {
      await navigation.next(order);
      return;
    }
    const saved = await save.mutateAsync({ ...lists, gearReqId: requisition.id, version: order.version });
    await navigation.next(saved);
  };

  return (
    <Stack gap="md">
      <OrderLockNotice order={order} user={user} />
      {product.isError && (
        <Alert color="red" role="alert">
          {product.error.message}
        </Alert>
      )}
      <DxCodesEditor
        key={`${orderId}/${requisition.id}`}
        formId={formId}
        requisition={requisition}
        productCodes={product.data?.diagnosisCodes ?? []}
        onSave={onSave}
        disabled={locked}
      >
        <WizardButtons onBack={() => void navigation.back()} saving={save.isPending} />
      </DxCodesEditor>
    </Stack>
  );
}
