import {
  awaitsAuthorization,
  mayAuthorizeOrder,
  practitionerNameFor,
  REVIEW_MESSAGES,
  requiresReviewMedicalNecessity,
  type SavedOrder,
  type UserInfo,
} from '@gear/domain';
import { Alert, Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { useAuthorizeOrder, useUpdateMedicalNecessity } from '../../api/review.ts';
import { MedicalNecessityAcknowledgement } from '../../components/medical-necessity-acknowledgement.tsx';
import { ReviewSection } from './section.tsx';

interface Props {
  order: SavedOrder;
  user: UserInfo;
  mixedPricing: boolean;
  /** The first problem of the last submit with these fields, shown at its checkbox. */
  submitErrors: Partial<Record<'dateMedicalNecessityAcknowledged' | 'practAgreement', string>>;
  onBusy(busy: boolean): void;
}

/**
 * spec 3 §2, §4, §5: the medical-necessity acknowledgement (patients, when required; saved at once) and the
 * authorizing practitioner's agreement (saved once, then disabled). Nothing shows when neither applies.
 */
export function Acknowledgements({ order, user, mixedPricing, submitErrors, onBusy }: Props) {
  const needsNecessity = requiresReviewMedicalNecessity({ order, user, mixedPricing });
  const authorizing = awaitsAuthorization(order) || order.practAgreement === true;
  const showsAuthorization = authorizing && mayAuthorizeOrder(user, order) && order.practitioner !== null;
  if (!needsNecessity && !showsAuthorization) return null;
  return (
    <ReviewSection title="Acknowledgements" anchor="medicare">
      <Stack gap="md">
        {needsNecessity && (
          <MedicalNecessityBox
            order={order}
            error={submitErrors.dateMedicalNecessityAcknowledged}
            onBusy={onBusy}
          />
        )}
        {showsAuthorization && (
          <AuthorizationBox order={order} user={user} error={submitErrors.practAgreement} onBusy={onBusy} />
        )}
      </Stack>
    </ReviewSection>
  );
}

function MedicalNecessityBox({
  order,
  error,
  onBusy,
}: {
  order: SavedOrder;
  error: string | undefined;
  onBusy(busy: boolean): void;
}) {
  const save = useUpdateMedicalNecessity();
  const [checked, setChecked] = useState(order.dateMedicalNecessityAcknowledged !== null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <MedicalNecessityAcknowledgement
      checked={checked}
      disabled={save.isPending}
      error={failure ?? error}
      onChange={(next) => {
        setChecked(next);
        setFailure(null);
        onBusy(true);
        save.mutate(
          { order, acknowledged: next },
          {
            onError: () => {
              // spec 3 §8: 'An error occurred while saving the selection. Please try again.' and the box clears.
              setChecked(false);
              setFailure(REVIEW_MESSAGES.medicalNecessitySaveFailed);
            },
            onSettled: () => onBusy(false),
          },
        );
      }}
    />
  );
}

function AuthorizationBox({
  order,
  user,
  error,
  onBusy,
}: {
  order: SavedOrder;
  user: UserInfo;
  error: string | undefined;
  onBusy(busy: boolean): void;
}) {
  const authorize = useAuthorizeOrder();
  const [failure, setFailure] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState(false);
  const agreed = order.practAgreement === true;
  const practitioner = order.practitioner;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {practitioner
          ? `This order is placed for ${practitionerNameFor(practitioner, user)}, whose authorizing practitioner must agree to it.`
          : null}
      </Text>
      <Checkbox
        size="md"
        label="I am authorized to order for this practitioner and I authorize this order."
        checked={agreed || authorize.isPending}
        disabled={agreed || authorize.isPending}
        error={agreed ? undefined : (failure ?? error)}
        onChange={(event) => {
          if (!event.currentTarget.checked) return;
          setFailure(null);
          onBusy(true);
          authorize.mutate(order, {
            onSuccess: () => setJustSaved(true),
            onError: (problem) =>
              setFailure(
                isApiError(problem) && problem.status === 403
                  ? REVIEW_MESSAGES.authorizationForbidden
                  : REVIEW_MESSAGES.authorizationSaveFailed,
              ),
            onSettled: () => onBusy(false),
          });
        }}
      />
      {justSaved && (
        <Alert color="green" role="status">
          {REVIEW_MESSAGES.authorizationSaved}
        </Alert>
      )}
    </Stack>
  );
}
