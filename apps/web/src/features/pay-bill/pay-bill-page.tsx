import {
  type Bill,
  cardFieldErrors,
  formatCents,
  MESSAGES,
  PAYMENT_MESSAGES,
  type TokenizeCardBody,
} from '@gear/domain';
import { Alert, Anchor, Button, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { type BillLink, useBill, usePayBill } from '../../api/bill.ts';
import { isApiError } from '../../api/errors.ts';
import { CAPTCHA_LABEL, CaptchaField } from '../../components/captcha-field.tsx';
import { CardForm, cardSummaryErrors, EMPTY_CARD } from '../../components/card-form.tsx';
import { type SummaryError, useErrorSummary } from '../../components/error-summary.tsx';

const UNEXPECTED = 'An unexpected error has occurred.';

/**
 * /pay/ereq/{gearReqId}?requisitionNumber&orderNo&dateOfBirth (spec 3 §2 'Other links used', Pay Bill; decision
 * 0300): what a results-ready test still owes (GET /amount-due's amount), paid by card through the gateway, once.
 */
export function PayBillPage({ gearReqId, link }: { gearReqId: number; link: BillLink }) {
  const bill = useBill(gearReqId, link);
  if (bill.isError)
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>Pay Bill</Title>
        <Alert color="red" role="alert">
          {isApiError(bill.error) && [400, 403, 404].includes(bill.error.status)
            ? bill.error.message || MESSAGES.orderNotFound
            : UNEXPECTED}
        </Alert>
      </Stack>
    );
  if (!bill.data) return <Loader role="status" aria-label="Loading the bill" />;
  return <BillView bill={bill.data} gearReqId={gearReqId} link={link} />;
}

function BillView({ bill, gearReqId, link }: { bill: Bill; gearReqId: number; link: BillLink }) {
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Pay Bill</Title>
      <Paper withBorder p="md" component="section" aria-labelledby="bill-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="bill-heading">
            Order {bill.orderId}
          </Title>
          <Table aria-label="Bill">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Test</Table.Th>
                <Table.Th>Requisition</Table.Th>
                <Table.Th ta="right">Amount due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{bill.name}</Table.Td>
                <Table.Td>{bill.requisitionNumber ?? ''}</Table.Td>
                <Table.Td ta="right" data-testid="amount-due">
                  {formatCents(bill.amountDueCents)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {bill.paid ? (
            <Alert color="blue" role="status" title="Paid">
              {formatCents(bill.paid.amountCents)} was paid
              {bill.paid.cardLast4
                ? ` with the ${bill.paid.cardBrand ?? 'card'} ending ${bill.paid.cardLast4}`
                : ''}
              . Thank you.
            </Alert>
          ) : bill.payable ? (
            <PayForm bill={bill} gearReqId={gearReqId} link={link} />
          ) : (
            <Text role="status">
              {bill.amountDueCents === 0
                ? 'Nothing is due for this test.'
                : 'There is no bill to pay for this test yet.'}
            </Text>
          )}
          <Anchor component={Link} to={`/order-status/${bill.orderId}`}>
            Back to order {bill.orderId}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}

function PayForm({ bill, gearReqId, link }: { bill: Bill; gearReqId: number; link: BillLink }) {
  const pay = usePayBill(gearReqId, link);
  const [card, setCard] = useState<TokenizeCardBody>(EMPTY_CARD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [recaptcha, setRecaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const summary = useErrorSummary();
  /** Each message beside its field and in the summary at the top of the form (issue 15, decision 0332). */
  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    const captcha: SummaryError[] = next.recaptcha
      ? [{ field: 'recaptcha', label: CAPTCHA_LABEL, message: next.recaptcha }]
      : [];
    summary.show([...cardSummaryErrors(next, { prefix: 'card.' }), ...captcha]);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = cardFieldErrors(card, { international: false, prefix: 'card.' });
    const next: Record<string, string> = Object.fromEntries(
      found.map((error) => [error.field, error.defaultMessage]),
    );
    if (bill.captchaRequired && !recaptcha) next.recaptcha = PAYMENT_MESSAGES.captchaRequired;
    showErrors(next);
    if (Object.keys(next).length > 0) return;
    pay.mutate(
      {
        card: { ...card, cardNo: card.cardNo.replace(/[\s-]/g, '') },
        version: bill.version,
        recaptcha,
      },
      {
        onError: (error) => {
          setRecaptcha(null);
          setCaptchaKey((key) => key + 1);
          if (!isApiError(error)) return setFailure(UNEXPECTED);
          const fields = error.fieldErrors.filter((field) => field.field in EMPTY_CARD);
          if (fields.length > 0)
            return showErrors(
              Object.fromEntries(fields.map((field) => [`card.${field.field}`, field.defaultMessage])),
            );
          if (error.fieldErrors.some((field) => field.field === 'recaptcha'))
            return showErrors({ recaptcha: error.message });
          setFailure([402, 409, 422].includes(error.status) ? error.message : UNEXPECTED);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Pay the bill by card">
      <Stack gap="sm">
        <CardForm card={card} errors={errors} prefix="card." summary={summary} onChange={setCard} />
        {bill.captchaRequired && (
          <CaptchaField onChange={setRecaptcha} error={errors.recaptcha} resetKey={captchaKey} />
        )}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" mih={44} w="fit-content" loading={pay.isPending}>
          Pay {formatCents(bill.amountDueCents)}
        </Button>
      </Stack>
    </form>
  );
}
