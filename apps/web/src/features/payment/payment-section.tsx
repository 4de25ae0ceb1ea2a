import {
  CONSENT_PDF_PATH,
  configErrorOffersTryAgain,
  formatCents,
  INSTALMENT_COUNT,
  instalmentAmounts,
  instalmentDates,
  instalmentGuidance,
  labToday,
  type PaymentSummary,
  type SavedOrder,
  TERMS_PATH,
  UPDATED_PAYMENT_TITLE,
  type UserInfo,
} from '@gear/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { CaptchaField } from '../../components/captcha-field.tsx';
import { CardForm } from '../../components/card-form.tsx';
import { ErrorSummary, type ErrorSummaryState } from '../../components/error-summary.tsx';
import { HtmlText } from '../../components/html-text.tsx';
import { Modal } from '../../components/modal.tsx';
import { RefundPolicyText } from '../../components/refund-policy-text.tsx';
import { AdminPractitionerLookup } from './admin-practitioner-lookup.tsx';
import { ExpeditedShippingWaiver } from './expedited-shipping-waiver.tsx';
import {
  chooseShippingType,
  chooseType,
  dueRequisitions,
  type PaymentFormState,
  paysShipping,
  paysTests,
  type ShippingPaymentType,
  type TestPaymentType,
} from './payment-form.ts';

interface Props {
  order: SavedOrder;
  user: UserInfo;
  summary: PaymentSummary;
  state: PaymentFormState;
  onChange(next: PaymentFormState): void;
  /** The messages of the last attempt, by field (payment-form.ts). */
  errors: Record<string, string>;
  /** The same messages listed at the top of the section, each a link to its field (usePaymentForm). */
  errorSummary: ErrorSummaryState;
  /** Changes after a submit that spent or was refused the captcha: the widget starts over. */
  captchaResetKey: unknown;
  /** A paid order owes again (decision 0161): the modal 'Updated Payment Information Required' is open. */
  reopenNotice?: boolean;
  onReopenNoticeClose?(): void;
}

/**
 * spec 3 §2 'Payment section': expedited shipping charges, test charges, the payment type choices with the card,
 * check and prepay code forms, the payment plan selector, 'I will provide payment now' / 'patient will provide
 * payment later', the refund policy, the acknowledgements and, for patients, the captcha. Choosing a type clears the
 * others (spec 3 §4). Nothing here holds a card number beyond the form: the submit tokenizes it (decision 0120).
 */
export function PaymentSection({
  order,
  user,
  summary,
  state,
  onChange,
  errors,
  errorSummary,
  captchaResetKey,
  reopenNotice = false,
  onReopenNoticeClose = () => {},
}: Props) {
  const [refundOpen, setRefundOpen] = useState(false);
  const due = dueRequisitions(summary);
  const { practitioner, admin } = payerOf(user);
  const set = changer(state, onChange);
  const nothingDue = due.length === 0 && !paysShipping(summary);

  return (
    <Stack gap="md">
      <ErrorSummary errors={errorSummary.errors} summaryRef={errorSummary.summaryRef} />
      <Modal
        opened={reopenNotice}
        onClose={onReopenNoticeClose}
        title={UPDATED_PAYMENT_TITLE}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="sm">
          <Text>
            The amount due for this order has changed since it was paid. Please enter your payment information
            again.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onReopenNoticeClose}>OK</Button>
          </Group>
        </Stack>
      </Modal>
      {summary.payments.length > 0 && (
        <Alert color="green" role="status">
          Payment received:{' '}
          {summary.payments.map((p) => `${formatCents(p.amountCents)} (${p.status})`).join(', ')}.
        </Alert>
      )}
      {failedInstalments(summary).map((failed) => (
        <Alert key={failed.key} color="red" role="alert">
          Payment {failed.number} of {formatCents(failed.amountCents)} due {failed.dueDate} failed:{' '}
          {failed.failureMessage ?? 'the card was declined.'}
        </Alert>
      ))}
      {summary.configError && configErrorOffersTryAgain(order) && (
        <Alert color="yellow" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">We are having difficulty retrieving your price. Please try again.</Text>
            <Button variant="default" mih={44} onClick={() => window.location.reload()}>
              Try Again
            </Button>
          </Stack>
        </Alert>
      )}
      {summary.configError && !configErrorOffersTryAgain(order) && (
        <Alert color="yellow" role="status">
          We are having difficulty retrieving your price. The order is submitted without payment.
        </Alert>
      )}
      {admin && <AdminPractitionerLookup />}

      {admin && summary.expeditedShippingWaived && (
        <Paper withBorder p="md" component="section" aria-labelledby="expedited-shipping-waived">
          <Title order={4} id="expedited-shipping-waived">
            Expedited shipping charges
          </Title>
          <Text size="sm">{summary.shippingMethod}: the fee is waived.</Text>
          <ExpeditedShippingWaiver order={order} summary={summary} />
        </Paper>
      )}
      {paysShipping(summary) && (
        <Paper withBorder p="md" component="section" aria-labelledby="expedited-shipping-charges">
          <Title order={4} id="expedited-shipping-charges">
            Expedited shipping charges
          </Title>
          <Text size="sm">
            {summary.shippingMethod}: <strong>{formatCents(summary.expeditedShippingCents)}</strong>
          </Text>
          {admin && <ExpeditedShippingWaiver order={order} summary={summary} />}
          <Radio.Group
            mt="xs"
            label="Pay shipping with"
            value={state.shippingType ?? ''}
            error={errors.shippingType}
            onChange={(value) => onChange(chooseShippingType(state, value as ShippingPaymentType))}
          >
            <Stack gap={6} mt={6}>
              {practitioner && summary.shippingCardOnFile && (
                <Radio
                  value="shippingCardOnFile"
                  label={onFileLabel('Saved shipping card on file', summary.shippingCardOnFile)}
                />
              )}
              {practitioner && summary.cardOnFile && (
                <Radio
                  value="cardOnFile"
                  label={onFileLabel('Practitioner card on file', summary.cardOnFile)}
                />
              )}
              {(!practitioner || admin) && <Radio value="card" label="Credit or debit card" />}
              {practitioner && <Radio value="check" label="Check" />}
            </Stack>
          </Radio.Group>
          {state.shippingType === 'card' && (
            <CardForm
              legend="Shipping card"
              card={state.shippingCard}
              international={summary.international}
              errors={errors}
              prefix="shipping."
              onChange={(shippingCard) => set({ shippingCard })}
            />
          )}
          {state.shippingType === 'check' && (
            <CheckNumberInput
              name="shippingCheckNo"
              value={state.shippingCheckNo}
              error={errors.shippingCheckNo}
              onChange={(shippingCheckNo) => set({ shippingCheckNo })}
            />
          )}
        </Paper>
      )}

      {due.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="test-charges">
          <Title order={4} id="test-charges">
            Test charges
          </Title>
          <Table mt="xs" aria-labelledby="test-charges">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Test</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {due.map((requisition) => (
                <Table.Tr key={requisition.gearReqId}>
                  <Table.Td>{requisition.name}</Table.Td>
                  <Table.Td ta="right">{formatCents(requisition.amountCents ?? 0)}</Table.Td>
                </Table.Tr>
              ))}
              {summary.discountCode && summary.discountCents > 0 && (
                <Table.Tr>
                  <Table.Td>Discount ({summary.discountCode})</Table.Td>
                  <Table.Td ta="right">-{formatCents(summary.discountCents)}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Td fw={700}>Payment Due Today</Table.Td>
                <Table.Td ta="right" fw={700} data-testid="payment-due-today">
                  {formatCents(summary.dueTodayCents)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>

          {practitioner && (
            <Radio.Group
              mt="sm"
              label="Who pays for the tests"
              value={state.payNow ? 'now' : 'later'}
              onChange={(value) => set({ payNow: value === 'now', type: null })}
            >
              <Group mt={6}>
                <Radio value="now" label="I will provide payment now" />
                <Radio value="later" label="Patient will provide payment later" />
              </Group>
            </Radio.Group>
          )}

          {paysTests(state, summary) && (
            <TestPaymentForm
              order={order}
              user={user}
              summary={summary}
              state={state}
              onChange={onChange}
              errors={errors}
            />
          )}
        </Paper>
      )}

      {nothingDue && summary.payments.length === 0 && <Text>Nothing is due today.</Text>}

      <Anchor component="button" type="button" onClick={() => setRefundOpen(true)}>
        Refund policy
      </Anchor>
      <RefundPolicyModal opened={refundOpen} onClose={() => setRefundOpen(false)} />

      {(summary.patientAgreementRequired || summary.nsaRequired) && (
        <Paper
          withBorder
          p="md"
          component="section"
          aria-labelledby="payment-acknowledgements"
          id="signature"
          tabIndex={-1}
        >
          <Title order={4} id="payment-acknowledgements">
            Acknowledgements
          </Title>
          {summary.patientAgreementRequired && (
            <AcknowledgementBox
              orderId={order.id}
              path="acknowledgement"
              title="Patient/Responsible Party Acknowledgement"
              checked={state.patientAgreement}
              error={errors.patientAgreement}
              onChange={(patientAgreement) => set({ patientAgreement })}
            />
          )}
          {summary.nsaRequired && (
            <AcknowledgementBox
              orderId={order.id}
              path="nsa-acknowledgement"
              title="No Surprises Act (NSA) Acknowledgement"
              checked={state.nsaAcknowledged}
              error={errors.nsaAcknowledged}
              onChange={(nsaAcknowledged) => set({ nsaAcknowledged })}
            />
          )}
          {summary.patientAgreementRequired && (
            <Text size="sm" mt="xs">
              Please read our{' '}
              <Anchor href={TERMS_PATH} target="_blank" rel="noopener" underline="always">
                Terms of Use
              </Anchor>{' '}
              and the{' '}
              <Anchor href={CONSENT_PDF_PATH} target="_blank" rel="noopener" underline="always">
                Consent for Laboratory Testing (PDF)
              </Anchor>
              .
            </Text>
          )}
        </Paper>
      )}

      {summary.captchaRequired && (
        <CaptchaField
          onChange={(recaptcha) => onChange({ ...state, recaptcha })}
          error={errors.recaptcha}
          resetKey={captchaResetKey}
        />
      )}
    </Stack>
  );
}

function TestPaymentForm({
  user,
  summary,
  state,
  onChange,
  errors,
}: Omit<Props, 'captchaResetKey' | 'errorSummary'>) {
  const { practitioner, admin } = payerOf(user);
  const set = changer(state, onChange);
  const due = dueRequisitions(summary);
  const choices: { value: TestPaymentType; label: string }[] = practitioner
    ? [
        ...(summary.cardOnFile
          ? [{ value: 'cardOnFile' as const, label: onFileLabel('Card on file', summary.cardOnFile) }]
          : []),
        ...(admin ? [{ value: 'card' as const, label: 'Credit or debit card' }] : []),
        { value: 'check', label: 'Check' },
      ]
    : [
        { value: 'card', label: 'Credit or debit card' },
        { value: 'check', label: 'Check' },
        { value: 'prepay', label: 'Prepay code' },
      ];
  return (
    <Stack gap="sm" mt="sm">
      <Radio.Group
        label="Payment type"
        value={state.type ?? ''}
        error={errors.type}
        onChange={(value) => onChange(chooseType(state, value as TestPaymentType))}
      >
        <Stack gap={6} mt={6}>
          {choices.map((choice) => (
            <Radio key={choice.value} value={choice.value} label={choice.label} />
          ))}
        </Stack>
      </Radio.Group>

      {state.type === 'card' && (
        <>
          {admin && (
            <TextInput
              label="Token ID"
              name="card.adminTokenId"
              description="A 6-character token id, or the saved-card marker, in place of a card"
              value={state.adminTokenId}
              error={errors['card.adminTokenId']}
              onChange={(event) => set({ adminTokenId: event.currentTarget.value })}
            />
          )}
          {!(admin && state.adminTokenId.trim() !== '') && (
            <CardForm
              legend="Card"
              card={state.card}
              international={summary.international}
              errors={errors}
              prefix="card."
              onChange={(card) => set({ card })}
            />
          )}
          {summary.planEligible && (
            <PlanSelector summary={summary} state={state} onChange={onChange} errors={errors} />
          )}
        </>
      )}
      {state.type === 'check' && (
        <CheckNumberInput
          name="checkNo"
          value={state.checkNo}
          error={errors.checkNo}
          onChange={(checkNo) => set({ checkNo })}
        />
      )}
      {state.type === 'prepay' &&
        due.map((requisition) => (
          <TextInput
            key={requisition.gearReqId}
            label={due.length > 1 ? `Confirmation code for ${requisition.name}` : 'Confirmation code'}
            name={`prepay.${requisition.gearReqId}`}
            maxLength={6}
            value={state.prepayCodes[requisition.gearReqId] ?? ''}
            error={errors[`prepay.${requisition.gearReqId}`]}
            onChange={(event) =>
              set({
                prepayCodes: { ...state.prepayCodes, [requisition.gearReqId]: event.currentTarget.value },
              })
            }
          />
        ))}
    </Stack>
  );
}

/** Who is paying: a practitioner (or office staff) pays by card on file or check; an admin may also key a card. */
const payerOf = (user: UserInfo) => ({
  practitioner: user.type === 'myGDX',
  admin: user.adminUser === 'true',
});

/** Changes some fields of the form, keeping the rest. */
const changer =
  (state: PaymentFormState, onChange: (next: PaymentFormState) => void) =>
  (change: Partial<PaymentFormState>) =>
    onChange({ ...state, ...change });

/** A card on file as a choice names it: never more than its brand and last four digits. */
const onFileLabel = (what: string, card: { brand: string; last4: string }) =>
  `${what} (${card.brand} ending ${card.last4})`;

/** The check number of a check payment (tests or expedited shipping). */
function CheckNumberInput({
  name,
  value,
  error,
  onChange,
}: {
  name: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <TextInput
      mt="sm"
      label="Check number"
      name={name}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The plan instalments the job could not charge (decisions 0121, 0160), shown on the order. */
function failedInstalments(summary: PaymentSummary) {
  return summary.payments.flatMap((payment) =>
    payment.instalments
      .filter((instalment) => instalment.status === 'failed')
      .map((instalment) => ({ ...instalment, key: `${payment.id}:${instalment.number}` })),
  );
}

/** spec 3 §4, §9: full or monthly, 2 to 4 instalments (default 4), each amount with its date. */
function PlanSelector({
  summary,
  state,
  onChange,
  errors,
}: Pick<Props, 'summary' | 'state' | 'onChange' | 'errors'>) {
  const total = summary.dueTodayCents - summary.expeditedShippingCents;
  const amounts = state.intervalType === 'month' ? instalmentAmounts(total, state.instalmentCount) : [total];
  const dates = instalmentDates(labToday(), amounts.length);
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Payment option"
        value={state.intervalType}
        error={errors.installmentIntervalType}
        onChange={(value) => onChange({ ...state, intervalType: value === 'month' ? 'month' : 'full' })}
      >
        <Group mt={6}>
          <Radio value="full" label="Pay in full" />
          <Radio value="month" label="Monthly payment plan" />
        </Group>
      </Radio.Group>
      <Text size="sm" data-testid="instalment-guidance">
        {instalmentGuidance(total)}
      </Text>
      {state.intervalType === 'month' && (
        <>
          <NativeSelect
            label="Number of monthly payments"
            data={Array.from({ length: INSTALMENT_COUNT.max - INSTALMENT_COUNT.min + 1 }, (_, i) =>
              String(INSTALMENT_COUNT.min + i),
            )}
            value={String(state.instalmentCount)}
            error={errors.installmentCount}
            onChange={(event) => onChange({ ...state, instalmentCount: Number(event.currentTarget.value) })}
          />
          <Table aria-label="Instalments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Payment</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {amounts.map((amount, index) => (
                <Table.Tr key={dates[index]}>
                  <Table.Td>{index === 0 ? 'Today' : `Payment ${index + 1}`}</Table.Td>
                  <Table.Td>{dates[index]}</Table.Td>
                  <Table.Td ta="right">{formatCents(amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}

/** An acknowledgement's text (GET /gear/acknowledgement?gearOrderId, spec 3 §7) and its checkbox. */
function AcknowledgementBox({
  orderId,
  path,
  title,
  checked,
  error,
  onChange,
}: {
  orderId: number;
  path: 'acknowledgement' | 'nsa-acknowledgement';
  title: string;
  checked: boolean;
  error: string | undefined;
  onChange(checked: boolean): void;
}) {
  const api = useApi();
  const text = useQuery({
    queryKey: ['orders', orderId, path],
    queryFn: ({ signal }) =>
      api.get<string>(`/gear/${path}`, { query: { gearOrderId: orderId }, signal, responseType: 'text' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <Stack gap={4} mt="sm">
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Box
        mah={160}
        style={{ overflowY: 'auto' }}
        tabIndex={0}
        aria-label={`${title} text`}
        p="xs"
        bg="gray.0"
      >
        {text.isPending ? (
          <Loader size="sm" role="status" aria-label="Loading" />
        ) : text.isError ? (
          <Text size="sm">An unexpected error has occurred.</Text>
        ) : (
          <HtmlText html={text.data ?? ''} size="sm" />
        )}
      </Box>
      <Checkbox
        label={`I have read and accept the ${title}.`}
        checked={checked}
        disabled={text.isError}
        error={error}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Stack>
  );
}

/** The refund policy modal (spec 3 §2; text from GET /html/connect/refund-policy/index.html). */
function RefundPolicyModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Refund policy"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <RefundPolicyText enabled={opened} />
    </Modal>
  );
}
