import {
  type FieldError,
  labToday,
  MESSAGES,
  maySectionBeEdited,
  type OrderType,
  REVIEW_MESSAGES,
  type Requisition,
  type ReviewSection as ReviewSectionKey,
  requisitionPermissions,
  reviewAlerts,
  type SavedOrder,
  stepByRoute,
  stepPath,
  submitBlockers,
  type UserInfo,
} from '@gear/domain';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError, isTransient } from '../../api/errors.ts';
import { useSubmitOrder } from '../../api/review.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { useAnchorFocus } from '../../components/use-anchor-focus.ts';
import { WarningAlert } from '../../components/warning-alert.tsx';
import { PaymentSection, usePaymentForm } from '../wizard/payment-pieces.tsx';
import {
  BillingStep,
  InlinePanelSelection,
  OrderPricePanel,
  useRemovalDialog,
} from '../wizard/step-pieces.tsx';
import type { WizardNavigation } from '../wizard/use-wizard-navigation.ts';
import type { WizardOrder } from '../wizard/wizard-order.ts';
import { Acknowledgements } from './acknowledgements.tsx';
import { OrderSections, RequisitionFacts } from './order-sections.tsx';
import { RecommendedProducts } from './recommended-products.tsx';
import { useReviewPoBoxQuestion } from './review-po-box.tsx';
import { ReviewSection } from './section.tsx';

interface Props {
  order: SavedOrder;
  user: UserInfo;
  navigation: WizardNavigation;
  mixedPricing: boolean;
}

/** An inline editor open on the review: which part of which requisition. */
interface Editing {
  section: ReviewSectionKey;
  gearReqId: number;
}

const keyOf = (section: string, gearReqId: number | null = null) => `${section}:${gearReqId ?? ''}`;

const inlineTypeOf = (requisition: Requisition): OrderType =>
  requisition.shipToOffice ? 'bulk' : requisition.dropShip ? 'dropShip' : 'registration';

const errorMessageOf = (error: unknown) =>
  isApiError(error) ? error.message : 'An unexpected error has occurred.';

/** A fresh key per submission attempt the user makes (a retry of a lost answer reuses it). */
const newIdempotencyKey = () => crypto.randomUUID();

/**
 * spec 3 §2 Review and confirmation ('Information Review'): the order's sections with Edit and 'Changes saved',
 * the acknowledgements, the 'Important notes about your order', and Back and Submit. Submit is disabled exactly when
 * the server would refuse (submitBlockers, spec 3 §5), and while a save runs. Unsaved edits (an inline editor open)
 * ask 'Unsaved changes will be lost' before navigating, switching section or submitting.
 */
export function InformationReview({ order, user, navigation, mixedPricing }: Props) {
  const navigate = useNavigate();
  const submit = useSubmitOrder();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [quantitiesBusy, setQuantitiesBusy] = useState<ReadonlySet<number>>(new Set());
  const quantityBusy = useCallback(
    (gearReqId: number) => (busy: boolean) =>
      setQuantitiesBusy((current) => {
        if (current.has(gearReqId) === busy) return current;
        const next = new Set(current);
        if (busy) next.add(gearReqId);
        else next.delete(gearReqId);
        return next;
      }),
    [],
  );
  const removal = useRemovalDialog(order, user);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const idempotencyKey = useRef(newIdempotencyKey());
  const payment = usePaymentForm(order, user);
  useAnchorFocus(!payment.summary.isPending);
  const [preparing, setPreparing] = useState(false);

  const unsaved = useUnsavedChanges(editing !== null);
  const blockers = useMemo(() => submitBlockers({ order, user, today: labToday() }), [order, user]);

  /** Runs an action, asking first when an inline editor holds unsaved changes (which Continue then drops). */
  const guarded = (action: () => void) =>
    unsaved.guard(() => {
      setEditing(null);
      action();
    });

  const openStep = (route: string, gearReqId: number | null = null) => {
    const step = stepByRoute(route);
    if (step) void navigate(stepPath(order.id, step, gearReqId));
  };

  const editSection = (section: ReviewSectionKey, gearReqId: number) =>
    guarded(() => {
      setSavedKey(null);
      setEditing({ section, gearReqId });
    });

  const closeEditor = (saved: WizardOrder | null) => {
    const was = editing;
    setEditing(null);
    if (saved && was) setSavedKey(keyOf(was.section, was.gearReqId));
  };

  const submitNow = () => {
    setSubmitError(null);
    setFieldErrors([]);
    setPreparing(true);
    void payment
      .prepare()
      .then((paying) => {
        setPreparing(false);
        if (!paying) {
          setSubmitError(REVIEW_MESSAGES.fixPaymentFields);
          return;
        }
        submit.mutate(
          { order, idempotencyKey: idempotencyKey.current, ...paying },
          {
            onError: (error) => {
              if (!isTransient(error)) idempotencyKey.current = newIdempotencyKey();
              setFieldErrors(isApiError(error) ? error.fieldErrors : []);
              const paymentMessage = payment.refused(error);
              setSubmitError(
                paymentMessage ?? (isApiError(error) ? error.message : REVIEW_MESSAGES.alreadyConfirmed),
              );
            },
          },
        );
      })
      .catch(() => {
        setPreparing(false);
        setSubmitError(REVIEW_MESSAGES.fixPaymentFields);
      });
  };

  const poBox = useReviewPoBoxQuestion({
    order,
    submit: submitNow,
    onFailure: setSubmitError,
    summaryReading: payment.summary.isFetching,
  });

  const onSubmit = () =>
    guarded(() => {
      if (poBox.mayGoOn()) submitNow();
    });

  const submitDisabled =
    blockers.length > 0 ||
    saving ||
    quantitiesBusy.size > 0 ||
    submit.isPending ||
    preparing ||
    poBox.busy ||
    editing !== null ||
    payment.summary.isPending;
  const live = order.requisitions.filter((requisition) => !requisition.canceled);
  const errorOf = (field: string) => fieldErrors.find((error) => error.field === field)?.defaultMessage;

  return (
    <Stack gap="md">
      <Title order={2}>Information Review</Title>
      <Text>Please review the information below. Use Edit to change a section, then submit the order.</Text>

      <OrderSections
        order={order}
        user={user}
        canEdit={(section) => maySectionBeEdited(order, user, section)}
        onEdit={(route) => guarded(() => openStep(route))}
      />

      {live.map((requisition) => {
        const permissions = requisitionPermissions(order, requisition, user);
        const canEdit = (section: ReviewSectionKey) => maySectionBeEdited(order, user, section, requisition);
        const isEditing = (section: ReviewSectionKey) =>
          editing?.section === section && editing.gearReqId === requisition.id;
        const title = `${requisition.omsOrderableItemName}${requisition.reqNumber ? ` (#${requisition.reqNumber})` : ''}`;
        return (
          <ReviewSection key={requisition.id} title={title}>
            <RequisitionFacts
              order={order}
              user={user}
              requisition={requisition}
              canEdit={canEdit}
              isEditing={isEditing}
              savedKey={savedKey}
              keyOf={keyOf}
              onEditStep={(route) => guarded(() => openStep(route, requisition.id))}
              onEditInline={(section) => editSection(section, requisition.id)}
              onQuantityBusy={quantityBusy(requisition.id)}
              billingEditor={
                <BillingStep
                  order={order}
                  user={user}
                  gearReqId={requisition.id}
                  inline
                  navigation={inlineNavigation(order, closeEditor)}
                />
              }
              panelsEditor={
                <InlinePanelSelection
                  order={order}
                  user={user}
                  gearReqId={requisition.id}
                  type={inlineTypeOf(requisition)}
                  onCancel={() => closeEditor(null)}
                  onSaved={(saved) => closeEditor(saved)}
                />
              }
            />
            {permissions.delete && (
              <Group justify="flex-end">
                <Button
                  variant="subtle"
                  color="red"
                  mih={44}
                  onClick={() => guarded(() => removal.ask(requisition))}
                >
                  Remove this test…
                </Button>
              </Group>
            )}
          </ReviewSection>
        );
      })}

      {/* The payment section below shows Payment Due Today, the server's figure with the applied code: once. */}
      {live.length > 0 && <OrderPricePanel order={order} user={user} showDueToday={false} />}

      <ReviewSection title="Payment" anchor="payment">
        {payment.summary.data ? (
          <PaymentSection
            order={order}
            user={user}
            summary={payment.summary.data}
            state={payment.state}
            onChange={payment.setState}
            errors={payment.errors}
            errorSummary={payment.errorSummary}
            captchaResetKey={payment.captchaResetKey}
            reopenNotice={payment.reopenNotice}
            onReopenNoticeClose={payment.closeReopenNotice}
          />
        ) : payment.summary.isError ? (
          <ErrorAlert message={errorMessageOf(payment.summary.error)} />
        ) : (
          <Text>Loading the amounts due…</Text>
        )}
      </ReviewSection>

      <Acknowledgements
        order={order}
        user={user}
        mixedPricing={mixedPricing}
        submitErrors={{
          dateMedicalNecessityAcknowledged: errorOf('dateMedicalNecessityAcknowledged'),
          practAgreement: errorOf('practAgreement'),
        }}
        onBusy={setSaving}
      />

      <RecommendedProducts order={order} user={user} shown={blockers.length === 0 && live.length > 0} />

      <ImportantNotes order={order} />
      <ReviewAlerts order={order} />

      {live.length === 0 ? (
        <Alert color="yellow" role="status">
          {REVIEW_MESSAGES.noRequisitions}{' '}
          <Anchor component={Link} to={`/order/${order.id}/panels`}>
            Add a requisition
          </Anchor>
        </Alert>
      ) : (
        blockers.length > 0 && (
          <Alert color="yellow" title="Before you can submit" role="status" id="submit-blockers">
            <List size="sm">
              {blockers.map((blocker) => (
                <List.Item key={`${blocker.field}:${blocker.defaultMessage}`}>
                  {blocker.defaultMessage}
                </List.Item>
              ))}
            </List>
          </Alert>
        )
      )}
      <ErrorAlert message={submitError} />
      <Group justify="space-between" mt="md">
        <Button variant="default" mih={44} onClick={() => guarded(() => void navigation.back())}>
          Back
        </Button>
        <Button
          mih={44}
          onClick={onSubmit}
          disabled={submitDisabled}
          loading={submit.isPending || preparing}
          aria-describedby={blockers.length > 0 ? 'submit-blockers' : undefined}
        >
          Submit
        </Button>
      </Group>

      {poBox.dialog}

      {removal.dialog}
    </Stack>
  );
}

/** The navigation a step gets when it is used inline: Save hands the order back, Cancel closes the editor. */
function inlineNavigation(order: WizardOrder, close: (saved: WizardOrder | null) => void): WizardNavigation {
  return {
    next: async (saved) => close(saved ?? order),
    back: async () => close(null),
  };
}

/** spec 3 §8 Review alerts (decision 0181): what the lab will not be able to do with this order as it stands. */
function ReviewAlerts({ order }: { order: SavedOrder }) {
  const alerts = reviewAlerts(order, labToday());
  if (alerts.length === 0) return null;
  return (
    <WarningAlert color="orange" title="Alerts" role="status" data-testid="review-alerts">
      <List size="sm">
        {alerts.map((alert) => (
          <List.Item key={`${alert.kind}:${alert.gearReqId}`}>{alert.message}</List.Item>
        ))}
      </List>
    </WarningAlert>
  );
}

/** spec 3 §2 'An Important notes about your order box'. */
function ImportantNotes({ order }: { order: SavedOrder }) {
  const ships = order.requisitions.some((requisition) => requisition.dropShip || requisition.shipToOffice);
  return (
    <Paper withBorder p="md" bg="blue.0" component="section" aria-labelledby="important-notes">
      <Title order={3} id="important-notes">
        Important notes about your order
      </Title>
      <List size="sm" mt="xs">
        <List.Item>Submitting confirms that the information above is correct.</List.Item>
        {ships && <List.Item>{MESSAGES.packsArrive}</List.Item>}
        <List.Item>Your confirmation code is the order number: {order.id}.</List.Item>
      </List>
    </Paper>
  );
}
