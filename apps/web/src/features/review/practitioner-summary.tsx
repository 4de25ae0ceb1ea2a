import { type SavedOrder, STEP_IDS } from '@gear/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { isApiError } from '../../api/errors.ts';
import { useUpdateWorkflow } from '../../api/review.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { NoTestYet } from '../wizard/no-test-yet.tsx';
import type { StepProps } from '../wizard/types.ts';
import { OrderSections, RequisitionFacts } from './order-sections.tsx';
import { ReviewSection } from './section.tsx';

const never = () => false;
const nothing = () => undefined;

/**
 * spec 3 §2 'A Practitioner Summary variant is read-only with a Next button' (route registration, step 15). The
 * wizard shows it only in the window spec 1 §4.1 gives it (after practitioner confirmation, while earlier steps are
 * incomplete: isStepValid). Next completes the step on the server (PUT /gear/updateWorkflow/, decision 0080) and moves
 * on; a step already completed just moves on.
 */
export function PractitionerSummary({ order, user, navigation }: StepProps) {
  const complete = useUpdateWorkflow();
  if (order.id === 'new')
    return <NoTestYet before="viewing the summary" onBack={() => void navigation.back()} />;
  const saved = order as SavedOrder;
  const live = saved.requisitions.filter((requisition) => !requisition.canceled);
  const done = saved.workflow.steps.some(
    (row) => row.id === STEP_IDS.registration && row.gearReqId === null && row.completed,
  );
  const onNext = () => {
    if (done) {
      void navigation.next(saved);
      return;
    }
    complete.mutate(
      { order: saved, steps: [{ id: STEP_IDS.registration, gearReqId: null, completed: true }] },
      { onSuccess: (answer) => void navigation.next(answer) },
    );
  };
  const error = complete.error
    ? isApiError(complete.error)
      ? complete.error.message
      : 'An unexpected error has occurred.'
    : null;
  return (
    <Stack gap="md">
      <Text>This is the order as your practitioner placed it. Select Next to continue.</Text>
      <OrderSections order={saved} user={user} canEdit={never} onEdit={nothing} />
      {live.map((requisition) => (
        <ReviewSection
          key={requisition.id}
          title={`${requisition.omsOrderableItemName}${requisition.reqNumber ? ` (#${requisition.reqNumber})` : ''}`}
        >
          <RequisitionFacts
            order={saved}
            user={user}
            requisition={requisition}
            canEdit={never}
            isEditing={never}
            savedKey={null}
            keyOf={(section, gearReqId) => `${section}:${gearReqId}`}
            onEditStep={nothing}
            onEditInline={nothing}
            billingEditor={null}
            panelsEditor={null}
          />
        </ReviewSection>
      ))}
      <ErrorAlert message={error} />
      <Group justify="space-between" mt="md">
        <Button variant="default" mih={44} onClick={() => void navigation.back()}>
          Back
        </Button>
        <Button mih={44} onClick={onNext} loading={complete.isPending}>
          Next
        </Button>
      </Group>
    </Stack>
  );
}
