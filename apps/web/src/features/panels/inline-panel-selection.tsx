import type { OrderType, UserInfo } from '@gear/domain';
import { useMemo } from 'react';
import type { WizardNavigation } from '../wizard/use-wizard-navigation.ts';
import type { WizardOrder } from '../wizard/wizard-order.ts';
import { PanelsStep } from './panels-step.tsx';

export interface InlinePanelSelectionProps {
  order: WizardOrder;
  user: UserInfo;
  /** The requisition edited, or null to add one. */
  gearReqId: number | null;
  /** spec 1 §4.4 'Initial order type: the inline type if supplied'. */
  type: OrderType;
  onCancel: () => void;
  /** After a successful save, with the order as the server answered it. */
  onSaved: (order: WizardOrder) => void;
}

/**
 * Panel selection embedded in another screen (spec 1 §2.6 'Buttons Back and Next, or Cancel and Save when the step is
 * used inline'; decision 0049): no order-type buttons or heading, no Medicare selector (§6 'unless … inline'), the
 * given order type; Save saves as Next does and hands the order back, Cancel leaves without saving.
 */
export function InlinePanelSelection({
  order,
  user,
  gearReqId,
  type,
  onCancel,
  onSaved,
}: InlinePanelSelectionProps) {
  const navigation = useMemo<WizardNavigation>(
    () => ({
      next: async (saved) => onSaved(saved ?? order),
      back: async () => onCancel(),
    }),
    [order, onCancel, onSaved],
  );
  return (
    <PanelsStep order={order} user={user} gearReqId={gearReqId} navigation={navigation} inlineType={type} />
  );
}
