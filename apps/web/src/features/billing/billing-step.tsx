import {
  BILLING_METHODS,
  type BillingMethod,
  type BillingOption,
  billingChoiceNeedsMedicalNecessity,
  billingOptions,
  COMMERCIAL_INSURANCE_NOTICE,
  isOrderLocked,
  MESSAGES,
  needsPriceFetch,
  needsPriceIncreaseConfirmation,
  type Practitioner,
  type PriceCellFacts,
  priceRefetchKey,
  pricingRegionNote,
  type Requisition,
  type SavedOrder,
  STEP_IDS,
  showsCommercialInsuranceNotice,
  type UserInfo,
  validateBillingChoice,
} from '@gear/domain';
import { Alert, Group, Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useConfirmPriceIncrease } from '../../api/billing.ts';
import { useApi, useConfig } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { fieldMessages } from '../../api/field-errors.ts';
import { queryKeys } from '../../api/keys.ts';
import { fetchAppliedPrice } from '../../api/pricing.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ErrorSummary, useErrorSummary } from '../../components/error-summary.tsx';
import { MedicalNecessityAcknowledgement } from '../../components/medical-necessity-acknowledgement.tsx';
import { OrderLockNotice } from '../../components/order-lock-notice.tsx';
import { PriceCellView, usePriceCell } from '../../components/price-cell.tsx';
import { PriceIncreaseModal } from '../../components/price-increase-modal.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { WarningAlert } from '../../components/warning-alert.tsx';
import { NoTestYet } from '../wizard/no-test-yet.tsx';
import type { StepProps } from '../wizard/types.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import { stepRequisition } from '../wizard/wizard-order.ts';
import { RequisitionImage } from './requisition-image.tsx';
import { useSaveBilling } from './use-save-billing.ts';

/** spec 1 §7 'source e.g. BillingOptions': the screen a price increase is confirmed on. */
export const PRICE_INCREASE_SOURCE = 'BillingOptions';

/**
 * spec 1 §2.5 Billing Options: the requisition's billing option, with prices. inline: embedded in another screen
 * (the review's Edit): Cancel and Save instead of Back and Next, navigation handing the saved order back.
 */
export function BillingStep({
  order,
  user,
  gearReqId,
  navigation,
  inline = false,
}: Pick<StepProps, 'order' | 'user' | 'gearReqId' | 'navigation'> & { inline?: boolean }) {
  const requisition = stepRequisition(order, gearReqId);
  if (order.id === 'new' || !order.practitioner || !requisition) {
    return <NoTestYet before="its billing option" onBack={() => void navigation.back()} />;
  }
  return (
    <BillingForm
      order={order as SavedOrder}
      practitioner={order.practitioner}
      requisition={requisition}
      user={user}
      navigation={navigation}
      inline={inline}
    />
  );
}

interface BillingFormProps {
  order: SavedOrder;
  practitioner: Practitioner;
  requisition: Requisition;
  user: UserInfo;
  navigation: StepProps['navigation'];
  inline: boolean;
}

const completedBilling = (order: SavedOrder, requisition: Requisition) =>
  order.workflow.steps.some(
    (row) =>
      row.id === STEP_IDS.billing && row.gearReqId === requisition.id && (row.completed || row.skipped),
  );

function BillingForm({ order, practitioner, requisition, user, navigation, inline }: BillingFormProps) {
  const config = useConfig();
  const api = useApi();
  const queryClient = useQueryClient();
  const save = useSaveBilling();
  const confirm = useConfirmPriceIncrease();
  const errorId = useId();
  const locked = isOrderLocked(order, user);

  const options = billingOptions({
    user,
    practitioner,
    order,
    requisition,
    hrsaGsdlNumbers: config.hrsaGsdlNumbers ?? [],
  });
  const saved = requisition.billingMethod;
  const initialChoice = options.some((option) => option.name === saved) ? saved : null;
  const [choice, setChoice] = useState<BillingMethod | null>(initialChoice);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [acknowledgementError, setAcknowledgementError] = useState<string | null>(null);
  useUnsavedChanges(!locked && (choice !== initialChoice || acknowledged));
  const [pendingIncrease, setPendingIncrease] = useState<BillingMethod | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const summary = useErrorSummary();
  /** The two fields' messages, beside them and in the summary above the form (issue 15). */
  const showErrors = (onChoice: string | null, onAcknowledgement: string | null) => {
    setChoiceError(onChoice);
    setAcknowledgementError(onAcknowledgement);
    summary.show([
      ...(onChoice ? [{ field: 'billingMethod', label: 'Billing option', message: onChoice }] : []),
      ...(onAcknowledgement
        ? [
            {
              field: 'dateMedicalNecessityAcknowledged',
              label: 'Medical necessity',
              message: onAcknowledgement,
            },
          ]
        : []),
    ]);
  };
  const [checking, setChecking] = useState(false);

  const priceFacts: Omit<PriceCellFacts, 'billingMethod'> = {
    doNotQuotePrices: practitioner.doNotQuotePrices,
    insuranceProvider: order.insurance?.insuranceProvider ?? null,
    shownOn: 'billingOptions',
  };
  const others = order.requisitions.filter((other) => other.id !== requisition.id && !other.canceled);
  const togglesMedicare =
    choice !== null && (choice === BILLING_METHODS.medicare) !== order.governmentPayor && choice !== saved;
  const needsAcknowledgement = billingChoiceNeedsMedicalNecessity({
    chosen: choice,
    order,
    userType: user.type,
  });
  const busy = save.isPending || confirm.isPending || checking;

  /** The applied price of an option, or null when it is not fetched (Physician Account) or cannot be had. */
  const priceOf = async (billingMethod: BillingMethod | null): Promise<number | null> => {
    if (billingMethod === null || !needsPriceFetch({ ...priceFacts, billingMethod })) return null;
    const refetchKey = priceRefetchKey(requisition, priceFacts.insuranceProvider);
    try {
      const result = await queryClient.fetchQuery({
        queryKey: queryKeys.appliedPrice(requisition.id, billingMethod, refetchKey),
        queryFn: ({ signal }) => fetchAppliedPrice(api, requisition.id, billingMethod, signal),
        staleTime: 60_000,
      });
      return result.error === null ? result.price : null;
    } catch {
      return null;
    }
  };

  const persist = (billingMethod: BillingMethod, confirmed: boolean) => {
    setSaveError(null);
    save.mutate(
      {
        billingMethod,
        gearReqId: requisition.id,
        version: order.version,
        ...(needsAcknowledgement ? { dateMedicalNecessityAcknowledged: new Date().toISOString() } : {}),
        ...(confirmed ? { priceIncreaseConfirmed: true } : {}),
      },
      {
        onSuccess: async (savedOrder) => {
          let after = savedOrder;
          if (confirmed) {
            try {
              after = await confirm.mutateAsync({
                orderId: order.id,
                gearReqId: requisition.id,
                source: PRICE_INCREASE_SOURCE,
                version: savedOrder.version,
              });
            } catch (error) {
              setSaveError(isApiError(error) ? error.message : MESSAGES.invalidInput);
              return;
            }
          }
          await navigation.next(after);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const onField = fieldMessages(error.fieldErrors);
          // spec 1 §4.3: the server asks for the confirmation the browser did not (prices it could not read).
          if (onField.priceIncreaseConfirmed) {
            save.reset();
            setPendingIncrease(billingMethod);
            return;
          }
          const { billingMethod: onChoice, dateMedicalNecessityAcknowledged: onAcknowledgement } = onField;
          if (onChoice || onAcknowledgement) showErrors(onChoice ?? null, onAcknowledgement ?? null);
          else setSaveError(error.message);
        },
      },
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) {
      await navigation.next(order);
      return;
    }
    const [invalid] = validateBillingChoice(choice, options);
    if (invalid || choice === null) {
      showErrors(invalid?.defaultMessage ?? MESSAGES.billingOptionRequired, null);
      return;
    }
    if (needsAcknowledgement && !acknowledged) {
      showErrors(null, MESSAGES.medicalNecessityRequired);
      return;
    }
    if (choice === saved && completedBilling(order, requisition)) {
      await navigation.next(order);
      return;
    }
    setChecking(true);
    const [fromPriceCents, toPriceCents] = await Promise.all([priceOf(saved), priceOf(choice)]).finally(() =>
      setChecking(false),
    );
    const warn = needsPriceIncreaseConfirmation({
      order,
      user,
      requisition,
      change: { from: saved, to: choice, fromPriceCents, toPriceCents },
    });
    if (warn) {
      setPendingIncrease(choice);
      return;
    }
    persist(choice, false);
  };

  const choose = (value: string) => {
    setChoice(value as BillingMethod);
    setChoiceError(null);
    setAcknowledgementError(null);
    setSaveError(null);
  };

  const regionNote = pricingRegionNote(practitioner.office);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <OrderLockNotice order={order} user={user} />
        <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
        <Text>
          {requisition.omsOrderableItemName}
          {requisition.reqNumber ? ` (requisition #${requisition.reqNumber})` : ''}
        </Text>
        <Radio.Group
          name="billingMethod"
          label="Billing option"
          value={choice}
          onChange={choose}
          error={choiceError}
          withAsterisk
          errorProps={{ id: errorId }}
        >
          <Stack gap="sm" mt="xs">
            {options.map((option) => (
              <BillingOptionRow
                key={option.name}
                option={option}
                requisition={requisition}
                practitioner={practitioner}
                priceFacts={priceFacts}
                user={user}
                disabled={locked || busy}
                describedBy={choiceError ? errorId : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
        {options.length === 0 && <Text>No billing option is available for this test.</Text>}
        {showsCommercialInsuranceNotice(requisition, choice) && (
          <WarningAlert role="note" title="Commercial insurance" data-testid="commercial-insurance-notice">
            {COMMERCIAL_INSURANCE_NOTICE}
          </WarningAlert>
        )}
        {regionNote && (
          <Text size="sm" c="dimmed">
            {regionNote}
          </Text>
        )}
        <Group>
          <RequisitionImage />
        </Group>
        {togglesMedicare && others.length > 0 && (
          <Alert color="blue" role="note" title="Medicare or Tricare">
            {MESSAGES.medicareFlagChanged}
          </Alert>
        )}
        {needsAcknowledgement && (
          <MedicalNecessityAcknowledgement
            checked={acknowledged}
            disabled={busy}
            error={acknowledgementError}
            onChange={(checked) => {
              setAcknowledged(checked);
              if (checked) setAcknowledgementError(null);
            }}
          />
        )}
        <ErrorAlert message={saveError} />
        <WizardButtons onBack={() => void navigation.back()} saving={busy} inline={inline} />
      </Stack>
      <PriceIncreaseModal
        opened={pendingIncrease !== null}
        change={`Changing the billing option to ${pendingIncrease ?? ''}`}
        busy={busy}
        onYes={() => {
          const confirmed = pendingIncrease;
          setPendingIncrease(null);
          if (confirmed) persist(confirmed, true);
        }}
        onNo={() => {
          // spec 1 §4.3: 'No reverts the choice.'
          setPendingIncrease(null);
          setChoice(saved);
        }}
      />
    </form>
  );
}

interface BillingOptionRowProps {
  option: BillingOption;
  requisition: Requisition;
  practitioner: Practitioner;
  priceFacts: Omit<PriceCellFacts, 'billingMethod'>;
  user: UserInfo;
  disabled: boolean;
  describedBy: string | undefined;
}

/** One radio with its label and price cell ('Let my patient select' has no price of its own). */
function BillingOptionRow({
  option,
  requisition,
  practitioner,
  priceFacts,
  user,
  disabled,
  describedBy,
}: BillingOptionRowProps) {
  const descriptionId = useId();
  const patientSelects = option.name === BILLING_METHODS.patientSelects;
  return (
    // On a phone (decisions 0142, 0230) the price goes under its option instead of pushing the page sideways.
    <Group align="flex-start" wrap="wrap" gap="md" style={{ rowGap: 4 }}>
      <Radio
        value={option.name}
        label={option.label}
        disabled={disabled}
        aria-describedby={[descriptionId, describedBy].filter(Boolean).join(' ')}
        miw={{ base: '100%', sm: 300 }}
      />
      <div id={descriptionId} style={{ flex: 1, minWidth: 0 }}>
        {patientSelects ? (
          <Text size="sm" c="dimmed">
            The patient chooses the billing option, and sees its price, when completing the order.
          </Text>
        ) : (
          <OptionPrice
            option={option}
            requisition={requisition}
            practitioner={practitioner}
            priceFacts={priceFacts}
            user={user}
          />
        )}
      </div>
    </Group>
  );
}

function OptionPrice({
  option,
  requisition,
  practitioner,
  priceFacts,
  user,
}: Omit<BillingOptionRowProps, 'disabled' | 'describedBy'>) {
  const cell = usePriceCell({ requisition, billingMethod: option.name, facts: priceFacts, user });
  return <PriceCellView cell={cell} billingMethod={option.name} office={practitioner.office} />;
}
