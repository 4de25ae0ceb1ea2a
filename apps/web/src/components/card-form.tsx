import type { TokenizeCardBody } from '@gear/domain';
import { Box, SimpleGrid, Text, TextInput } from '@mantine/core';
import { ErrorSummary, type ErrorSummaryState, type SummaryError } from './error-summary.tsx';

/** A card form with nothing typed yet. */
export const EMPTY_CARD: TokenizeCardBody = {
  cardNo: '',
  cardExpDate: '',
  cardCvv: '',
  cardholderName: '',
  cardZipCode: '',
};

/** The names people read for the card's fields, in the form's order (the labels and the error summary). */
const CARD_LABELS: Record<keyof TokenizeCardBody, string> = {
  cardNo: 'Card number',
  cardholderName: 'Cardholder name',
  cardExpDate: 'Expiration date (MM/YY)',
  cardCvv: 'CVV',
  cardZipCode: 'Billing zip code',
};

const labelOf = (name: keyof TokenizeCardBody, international: boolean) =>
  name === 'cardZipCode' && international ? 'Billing postal code' : CARD_LABELS[name];

/**
 * The card's messages as the error summary lists them ('Card number: …'), in the form's order: the entries of
 * `errors` named `prefix` + a card field.
 */
export function cardSummaryErrors(
  errors: Partial<Record<string, string>>,
  { prefix = '', international = false }: { prefix?: string; international?: boolean } = {},
): SummaryError[] {
  return (Object.keys(CARD_LABELS) as (keyof TokenizeCardBody)[]).flatMap((name) => {
    const message = errors[`${prefix}${name}`];
    return message ? [{ field: `${prefix}${name}`, label: labelOf(name, international), message }] : [];
  });
}

/**
 * The portal's one card form (the payment step's, the Pay Bill page's and the PITL and recollection panels';
 * decisions 0120, 0300): the fields a
 * processor's hosted fields would hold. Its values go only to the gateway's tokenization endpoint.
 */
/** spec 3 §5 'Card payment': number, expiry MM/YY, CVV, cardholder name, billing zip (postal code abroad). */
export function CardForm({
  legend = 'Card payment',
  card,
  international = false,
  errors,
  prefix = '',
  summary,
  onChange,
}: {
  legend?: string;
  card: TokenizeCardBody;
  /** A billing postal code abroad instead of a US zip code. */
  international?: boolean;
  errors: Record<string, string>;
  /** The fields' names in `errors` start with it (`card.` when the card is a part of the request body). */
  prefix?: string;
  /**
   * The form's error summary (useErrorSummary), drawn at the top of the card when the card opens its form (Pay Bill,
   * the recollection pack, the PITL replacement fee; decision 0332). A form with fields before the card (the payment
   * section, the PITL transfer) draws it at its own top and leaves this out.
   */
  summary?: ErrorSummaryState;
  onChange(card: TokenizeCardBody): void;
}) {
  // 16 px text (size md), so that a phone does not zoom into the field; named like the error's field, so that the
  // summary's link finds the control.
  const field = (name: keyof TokenizeCardBody) => ({
    label: labelOf(name, international),
    name: `${prefix}${name}`,
    size: 'md' as const,
    value: card[name],
    error: errors[`${prefix}${name}`],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...card, [name]: event.currentTarget.value }),
  });
  return (
    <>
      {summary && <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />}
      <Box component="fieldset" p={0} m={0} style={{ border: 'none' }} mt="sm">
        <Text component="legend" fw={600} size="sm">
          {legend}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput inputMode="numeric" autoComplete="cc-number" maxLength={23} {...field('cardNo')} />
          <TextInput autoComplete="cc-name" {...field('cardholderName')} />
          <TextInput placeholder="MM/YY" autoComplete="cc-exp" maxLength={5} {...field('cardExpDate')} />
          <TextInput inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...field('cardCvv')} />
          <TextInput
            autoComplete="postal-code"
            maxLength={international ? 10 : 5}
            {...field('cardZipCode')}
          />
        </SimpleGrid>
      </Box>
    </>
  );
}
