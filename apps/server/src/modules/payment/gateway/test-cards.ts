import type { DeclineCode } from './gateway.ts';

/**
 * The sandbox's special card numbers (../shared/data/test_cards.tsv: Stripe and Authorize.Net test conventions).
 * Any other number that passes the Luhn check is approved. '4000000000000341' attaches (tokenizes) and is approved
 * once, then every later charge of its token is declined: how a failed later instalment is shown (decision 0121).
 */
export const TEST_CARD_OUTCOMES: Readonly<Record<string, DeclineCode | 'approved' | 'declinesAfterFirst'>> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4100000000000019': 'fraudulent',
  '4000000000000101': 'incorrect_cvc',
  '4000000000000341': 'declinesAfterFirst',
  '4000002760003184': 'authentication_required',
};
