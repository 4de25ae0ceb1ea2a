import {
  BILLING_METHODS,
  billingOptions,
  isOrderLocked,
  PATIENT_INSTRUCTIONS_MAX_LENGTH,
  type Requisition,
  type SavedOrder,
  STEP_IDS,
  selectableProfiles,
  selectPanel,
} from '@gear/domain';
import { NativeSelect, Radio, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useConfig } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { useRequisitionProduct } from '../../api/requisitions.ts';
import { useCustomizeTestSelections } from '../../api/review.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { NoTestYet } from '../wizard/no-test-yet.tsx';
import type { StepProps } from '../wizard/types.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import { stepRequisition } from '../wizard/wizard-order.ts';

/**
 * The customize step (13; decision 0081): the practitioner customizes a pack of a ship-to-office order before it
 * ships: its test, the patient instructions and the default billing option ('Let my patient select their billing
 * option' unless another is chosen, spec 1 §4.3).
 */
export function CustomizeStep({ order, user, gearReqId, navigation }: StepProps) {
  const requisition = stepRequisition(order, gearReqId);
  if (order.id === 'new' || !requisition) {
    return <NoTestYet before="customizing a pack" onBack={() => void navigation.back()} />;
  }
  if (!requisition.shipToOffice) {
    return (
      <Stack gap="md">
        <Text>
          Only the collection packs of a ship-to-office order are customized; this test has nothing to
          customize.
        </Text>
        <WizardButtonsOnly onBack={() => void navigation.back()} onNext={() => void navigation.next(order)} />
      </Stack>
    );
  }
  return (
    <CustomizeForm
      order={order as SavedOrder}
      requisition={requisition}
      user={user}
      navigation={navigation}
    />
  );
}

function WizardButtonsOnly({ onBack, onNext }: { onBack(): void; onNext(): void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      <WizardButtons onBack={onBack} />
    </form>
  );
}

interface FormProps extends Pick<StepProps, 'user' | 'navigation'> {
  order: SavedOrder;
  requisition: Requisition;
}

function CustomizeForm({ order, requisition, user, navigation }: FormProps) {
  const config = useConfig();
  const product = useRequisitionProduct(requisition.id);
  const save = useCustomizeTestSelections();
  const [panel, setPanel] = useState<string | null>(
    requisition.panel === null ? null : String(requisition.panel),
  );
  const [instructions, setInstructions] = useState(requisition.patientInstructions ?? '');
  const [billing, setBilling] = useState<string>(requisition.billingMethod ?? BILLING_METHODS.patientSelects);
  const [error, setError] = useState<string | null>(null);
  const locked = isOrderLocked(order, user);
  const done = order.workflow.steps.some(
    (row) => row.id === STEP_IDS.customize && row.gearReqId === requisition.id && row.completed,
  );

  if (product.isPending) return <PageLoader />;
  const item = product.data;
  const profiles = item ? selectableProfiles(item) : [];
  const options = order.practitioner
    ? billingOptions({
        user,
        practitioner: order.practitioner,
        order,
        requisition,
        hrsaGsdlNumbers: config.hrsaGsdlNumbers ?? [],
      })
    : [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) {
      void navigation.next(order);
      return;
    }
    if (!item || panel === null) {
      setError('Please select a test.');
      return;
    }
    const selection = selectPanel(item, Number(panel));
    setError(null);
    save.mutate(
      {
        id: requisition.id,
        order,
        panel: selection.panel,
        components: selection.components,
        addons: [],
        patientInstructions: instructions.trim() ? instructions : null,
        billingMethod: billing,
      },
      {
        onSuccess: (saved) => void navigation.next(saved),
        onError: (problem) =>
          setError(isApiError(problem) ? problem.message : 'The pack could not be saved.'),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text>
          {requisition.quantity} × {requisition.omsOrderableItemName}
          {done ? ' (customized)' : ''}
        </Text>
        <Radio.Group name="panel" label="Test" value={panel} onChange={setPanel} withAsterisk>
          <Stack gap="xs" mt="xs">
            {profiles.map((profile) => (
              <Radio
                key={profile.id}
                value={String(profile.id)}
                label={profile.name}
                size="md"
                disabled={locked}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          size="md"
          label="Patient instructions"
          description={`${instructions.length} of ${PATIENT_INSTRUCTIONS_MAX_LENGTH} characters`}
          maxLength={PATIENT_INSTRUCTIONS_MAX_LENGTH}
          value={instructions}
          disabled={locked}
          onChange={(event) => setInstructions(event.currentTarget.value)}
          rows={3}
        />
        <NativeSelect
          size="md"
          label="Default billing option"
          value={billing}
          disabled={locked}
          onChange={(event) => setBilling(event.currentTarget.value)}
          data={options.map((option) => ({ value: option.name, label: option.label }))}
        />
        <ErrorAlert message={error} />
        <WizardButtons onBack={() => void navigation.back()} saving={save.isPending} />
      </Stack>
    </form>
  );
}
