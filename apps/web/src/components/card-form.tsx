import type { TokenizeCardBody } from '@gear/domain';
import { Box, SimpleGrid, Text, TextInput } from '@mantine/core';

/** A card form with nothing typed yet. */
export const EMPTY_CARD: TokenizeCardBody = {
  cardNo: '',
  cardExpDate: '',
  cardCvv: '',
  cardholderName: '',
  cardZipCode: '',
};

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
  onChange,
}: {
  legend?: string;
  card: TokenizeCardBody;
  /** A billing postal code abroad instead of a US zip code. */
  international?: boolean;
  errors: Record<string, string>;
  /** The fields' names in `errors` start with it (`card.` when the card is a part of the request body). */
  prefix?: string;
  onChange(card: TokenizeCardBody): void;
}) {
  // 16 px text (size md), so that a phone does not zoom into the field.
  const field = (name: keyof TokenizeCardBody) => ({
    size: 'md' as const,
    value: card[name],
    error: errors[`${prefix}${name}`],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...card, [name]: event.currentTarget.value }),
  });
  return (
    <Box component="fieldset" p={0} m={0} style={{ border: 'none' }} mt="sm">
      <Text component="legend" fw={600} size="sm">
        {legend}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={23}
          {...field('cardNo')}
        />
        <TextInput label="Cardholder name" autoComplete="cc-name" {...field('cardholderName')} />
        <TextInput
          label="Expiration date (MM/YY)"
          placeholder="MM/YY"
          autoComplete="cc-exp"
          maxLength={5}
          {...field('cardExpDate')}
        />
        <TextInput
          label="CVV"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          {...field('cardCvv')}
        />
        <TextInput
          label={international ? 'Billing postal code' : 'Billing zip code'}
          autoComplete="postal-code"
          maxLength={international ? 10 : 5}
          {...field('cardZipCode')}
        />
      </SimpleGrid>
    </Box>
  );
}
