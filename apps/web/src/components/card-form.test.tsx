import { cardFieldErrors, PAYMENT_MESSAGES, type TokenizeCardBody } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../test/axe.ts';
import { renderUi } from '../test/render-ui.tsx';
import { CardForm, cardSummaryErrors, EMPTY_CARD } from './card-form.tsx';
import { useErrorSummary } from './error-summary.tsx';

/** A host as Pay Bill and the recollection panels are: the card opens the form, and submit checks it. */
function CardHost({ prefix = '', international = false }: { prefix?: string; international?: boolean }) {
  const [card, setCard] = useState<TokenizeCardBody>(EMPTY_CARD);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const summary = useErrorSummary();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = Object.fromEntries(
      cardFieldErrors(card, { international, prefix }).map((error) => [error.field, error.defaultMessage]),
    );
    setErrors(found);
    summary.show(cardSummaryErrors(found, { prefix, international }));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Pay">
      <CardForm
        card={card}
        errors={errors}
        prefix={prefix}
        international={international}
        summary={summary}
        onChange={setCard}
      />
      <button type="submit">Pay</button>
    </form>
  );
}

describe("the card form's error summary (issue 15, decision 0332)", () => {
  it('lists each message at the top, takes the focus on a failed submit, and links to each field', async () => {
    const user = userEvent.setup();
    const { container } = renderUi(<CardHost prefix="card." />);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    const summary = await screen.findByRole('alert', { name: 'Please correct the following' });
    await waitFor(() => expect(summary.parentElement).toHaveFocus());
    // Before the card's fields, in the form's order, each '<label>: <message>' (the spec's messages).
    expect(summary.compareDocumentPosition(screen.getByRole('group', { name: 'Card payment' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      `Card number: ${PAYMENT_MESSAGES.cardNumberRequired}`,
      `Cardholder name: ${PAYMENT_MESSAGES.cardholderNameRequired}`,
      `Expiration date (MM/YY): ${PAYMENT_MESSAGES.expiryRequired}`,
      `CVV: ${PAYMENT_MESSAGES.cvvRequired}`,
      `Billing zip code: ${PAYMENT_MESSAGES.zipRequired}`,
    ]);

    // Each field keeps its own message, described by it.
    const cvv = screen.getByRole('textbox', { name: 'CVV' });
    expect(cvv).toHaveAttribute('aria-invalid', 'true');
    expect(cvv).toHaveAccessibleDescription(PAYMENT_MESSAGES.cvvRequired);

    await user.click(links[3] as HTMLElement);
    expect(cvv).toHaveFocus();
    await user.click(links[0] as HTMLElement);
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveFocus();
    await expectAccessible(container);
  });

  it('lists only what is still wrong after the next submit, and nothing once the card is right', async () => {
    const user = userEvent.setup();
    renderUi(<CardHost />);
    await user.type(screen.getByRole('textbox', { name: 'Card number' }), '4111111111111111');
    await user.type(screen.getByRole('textbox', { name: 'Cardholder name' }), 'Avery Stone');
    await user.type(screen.getByRole('textbox', { name: 'Expiration date (MM/YY)' }), '12/40');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([`CVV: ${PAYMENT_MESSAGES.cvvRequired}`, `Billing zip code: ${PAYMENT_MESSAGES.zipRequired}`]);
    await user.type(screen.getByRole('textbox', { name: 'CVV' }), '123');
    await user.type(screen.getByRole('textbox', { name: 'Billing zip code' }), '97201');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('names the postal code abroad as its field does', async () => {
    const user = userEvent.setup();
    renderUi(<CardHost international />);
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const summary = await screen.findByRole('alert');
    const postal = within(summary).getByRole('link', { name: /^Billing postal code: / });
    expect(postal).toHaveTextContent(PAYMENT_MESSAGES.postalCodeRequired);
    await user.click(postal);
    expect(screen.getByRole('textbox', { name: 'Billing postal code' })).toHaveFocus();
  });
});

describe('cardSummaryErrors', () => {
  it.each([
    ['no message', {}, '', []],
    [
      "the card's messages under its prefix, in the form's order",
      { 'shipping.cardZipCode': 'zip', 'shipping.cardNo': 'number', cardNo: 'other card', type: 'type' },
      'shipping.',
      [
        { field: 'shipping.cardNo', label: 'Card number', message: 'number' },
        { field: 'shipping.cardZipCode', label: 'Billing zip code', message: 'zip' },
      ],
    ],
  ])('%s', (_, errors, prefix, expected) => {
    expect(cardSummaryErrors(errors, { prefix })).toEqual(expected);
  });
});
