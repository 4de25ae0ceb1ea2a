import { cardFieldErrors, formatCents, type OrderStatus, type TokenizeCardBody } from '@gear/domain';
import { Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { fieldMessages } from '../../api/field-errors.ts';
import { useOrder } from '../../api/orders.ts';
import { usePayRecollectionPack } from '../../api/recollect.ts';
import { CardForm, cardSummaryErrors, EMPTY_CARD } from '../../components/card-form.tsx';
import { useErrorSummary } from '../../components/error-summary.tsx';

/**
 * spec 3 §9: the $40 pack of a pending recollection, paid by card (spec 3 §5's card rules; decision 0252) through the
 * one recollection-pack payment of the order re-collected, naming that order's version read (decision 0293).
 */
function PackPaymentForm({
  recollectionOrderId,
  recollectionFor,
  chargeCents,
}: {
  recollectionOrderId: number;
  recollectionFor: number;
  chargeCents: number;
}) {
  const original = useOrder(recollectionFor);
  const pay = usePayRecollectionPack();
  const [card, setCard] = useState<TokenizeCardBody>(EMPTY_CARD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const summary = useErrorSummary();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = cardFieldErrors(card, { international: false });
    const messages = fieldMessages(found);
    setErrors(messages);
    summary.show(cardSummaryErrors(messages));
    if (found.length > 0 || !original.data) return;
    const { version, patientInfo } = original.data;
    const paying = {
      orderId: recollectionFor,
      version,
      dateOfBirth: patientInfo?.dateOfBirth ?? null,
      recollectionOrderId,
      card,
    };
    pay.mutate(paying, {
      onError: (error) =>
        setFailure(
          isApiError(error) && error.status >= 400 && error.status < 500
            ? error.message
            : 'An unexpected error has occurred.',
        ),
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Pay for the recollection pack">
      <Stack gap="sm">
        <CardForm card={card} errors={errors} summary={summary} onChange={setCard} />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Button type="submit" mih={44} w="fit-content" loading={pay.isPending} disabled={!original.data}>
          Pay {formatCents(chargeCents)}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * What a recollection order says of itself on its status page (decision 0252): which order it re-collects, whether
 * the patient pays the $40 pack (spec 3 §9), and the card form while that payment is pending.
 */
export function RecollectionPanel({ status }: { status: OrderStatus }) {
  const { recollection } = status;
  if (!recollection) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recollection-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="recollection-heading">
          Recollection
        </Title>
        <Text>
          This order sends a new collection pack for the specimen the lab was unable to test on{' '}
          <Anchor component={Link} to={`/order-status/${recollection.recollectionFor}`}>
            order {recollection.recollectionFor}
          </Anchor>
          .
        </Text>
        {recollection.paymentRequired ? (
          <Text>
            The recollection pack costs {formatCents(recollection.chargeCents)}
            {recollection.pending ? ': the pack ships once it is paid.' : ', paid.'}
          </Text>
        ) : (
          <Text>There is no charge for the recollection pack.</Text>
        )}
        {recollection.pending && recollection.paymentRequired && (
          <PackPaymentForm
            recollectionOrderId={status.orderId}
            recollectionFor={recollection.recollectionFor}
            chargeCents={recollection.chargeCents}
          />
        )}
      </Stack>
    </Paper>
  );
}
