import {
  DISCOUNT_MESSAGES,
  type Discount,
  discountCodeInputError,
  discountRefusalMessage,
  formatCents,
} from '@gear/domain';
import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useAppliedDiscount, useApplyDiscount } from '../../api/discounts.ts';
import { isApiError } from '../../api/errors.ts';

/** spec 3 §4 'Discount box: States: idle, verifying (spinner), valid or invalid.' */
export type DiscountBoxState =
  | { status: 'idle' }
  | { status: 'verifying'; code: string }
  | { status: 'valid'; discount: Discount }
  | { status: 'invalid'; message: string };

export interface DiscountBoxProps {
  orderId: number;
  /** spec 3 §2: 'Discount Code' on PITL orders, 'QA Processing Code' otherwise (domain discountBoxLabel). */
  label: string;
  /** The applied code's discount off the order now (the price summary's figure), to show beside it. */
  totalDiscount: number;
  /** Why the applied code no longer applies after a price change (the summary's outcome), if so. */
  staleMessage?: string | null;
}

/**
 * The discount code box (spec 3 §2, §4, §5, §8): a code is required before Apply; Apply asks the server
 * (applyDiscount) and shows verifying, then valid (the code and what it takes off) or invalid (the spec's message).
 * A failed request says 'Failed to verify {label}'; a throttled one the server's message.
 */
export function DiscountBox({ orderId, label, totalDiscount, staleMessage = null }: DiscountBoxProps) {
  const apply = useApplyDiscount(orderId);
  // A code applied before a reload of the tab shows as applied (decision 0162).
  const applied = useAppliedDiscount(orderId);
  const [typed, setTyped] = useState(applied?.discountCode ?? '');
  const [state, setState] = useState<DiscountBoxState>(() =>
    applied ? { status: 'valid', discount: applied } : { status: 'idle' },
  );
  const messageId = useId();

  const onApply = () => {
    const inputError = discountCodeInputError(typed, label);
    if (inputError) {
      apply.clear();
      setState({ status: 'invalid', message: inputError });
      return;
    }
    const code = typed.trim();
    setState({ status: 'verifying', code });
    apply.mutate(code, {
      onSuccess: (answer) => {
        const refusal = discountRefusalMessage(answer, label);
        setState(
          refusal === null && answer.discount
            ? { status: 'valid', discount: answer.discount }
            : { status: 'invalid', message: refusal ?? DISCOUNT_MESSAGES.unableToApply(code) },
        );
      },
      onError: (error) =>
        setState({
          status: 'invalid',
          message:
            isApiError(error) && error.status === 429 && error.serverMessage
              ? error.serverMessage
              : DISCOUNT_MESSAGES.failedToVerify(label),
        }),
    });
  };

  const onRemove = () => {
    apply.clear();
    setTyped('');
    setState({ status: 'idle' });
  };

  const invalidMessage = state.status === 'invalid' ? state.message : null;
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={label}
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            if (state.status === 'invalid') setState({ status: 'idle' });
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              onApply();
            }
          }}
          maxLength={40}
          autoComplete="off"
          error={invalidMessage}
          aria-describedby={state.status === 'valid' ? messageId : undefined}
          disabled={state.status === 'verifying' || state.status === 'valid'}
          style={{ flex: '1 1 12rem' }}
        />
        {state.status === 'valid' ? (
          <Button variant="default" mih={44} onClick={onRemove}>
            Remove code
          </Button>
        ) : (
          <Button mih={44} onClick={onApply} disabled={state.status === 'verifying'}>
            Apply
          </Button>
        )}
      </Group>
      <div aria-live="polite">
        {state.status === 'verifying' && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">Verifying {state.code}…</Text>
          </Group>
        )}
        {state.status === 'valid' &&
          (staleMessage ? (
            <Text size="sm" c="red.9" id={messageId} role="alert">
              {staleMessage}
            </Text>
          ) : (
            <Text size="sm" fw={600} id={messageId}>
              {state.discount.discountCode} applied: {formatCents(-totalDiscount)}
            </Text>
          ))}
      </div>
    </Stack>
  );
}
