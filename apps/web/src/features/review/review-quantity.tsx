import {
  fitReviewQuantity,
  REVIEW_MESSAGES,
  REVIEW_QUANTITY,
  type Requisition,
  type SavedOrder,
} from '@gear/domain';
import { Group, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../../api/context.tsx';
import { useSaveQuantity } from '../../api/review.ts';

type RowStatus = 'idle' | 'updating' | 'saved' | 'error';

const STATUS_TEXT: Record<Exclude<RowStatus, 'idle'>, string> = {
  updating: 'Updating…',
  saved: 'Saved',
  error: REVIEW_MESSAGES.quantityFailed,
};

interface ReviewQuantityProps {
  order: Pick<SavedOrder, 'id' | 'version' | 'requisitions' | 'practitioner'>;
  requisition: Requisition;
  /**
   * Told true from the first keystroke (a save is pending for 750 ms, then running) until the save settles, so that
   * Submit waits for it (spec 3 §5 'Disabled while a save runs').
   */
  onBusy?(busy: boolean): void;
}

/**
 * spec 3 §2/§5: a requisition's quantity on the review, saved 750 ms after the last keystroke
 * (PUT /gear/gear-requisition/{id}/quantity), with the row's status: updating, saved or error (decision 0085).
 */
export function ReviewQuantity({ order, requisition, onBusy }: ReviewQuantityProps) {
  const text = useMessages();
  const save = useSaveQuantity();
  const [typed, setTyped] = useState(String(requisition.quantity));
  const [status, setStatus] = useState<RowStatus>('idle');
  const [overLimit, setOverLimit] = useState(false);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ order, requisition, onBusy });
  latest.current = { order, requisition, onBusy };

  useEffect(
    () => () => {
      clearTimeout(pending.current);
      latest.current.onBusy?.(false);
    },
    [],
  );

  const saveTyped = (value: string) => {
    const { order: current, requisition: row, onBusy: busy } = latest.current;
    const fitted = fitReviewQuantity(current, row.id, value);
    setOverLimit(fitted.overLimit);
    const quantity = fitted.quantity ?? row.quantity;
    setTyped(String(quantity));
    if (quantity === row.quantity) {
      busy?.(false);
      return;
    }
    setStatus('updating');
    save.mutate(
      { order: current, gearReqId: row.id, quantity },
      {
        onSuccess: () => setStatus('saved'),
        onError: () => setStatus('error'),
        onSettled: () => latest.current.onBusy?.(false),
      },
    );
  };

  const onChange = (value: string) => {
    setTyped(value);
    onBusy?.(true);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => saveTyped(value), REVIEW_QUANTITY.debounceMs);
  };

  const statusId = `quantity-status-${requisition.id}`;
  return (
    <div>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Quantity"
          inputMode="numeric"
          w={120}
          value={typed}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-describedby={statusId}
        />
        <Text size="sm" id={statusId} role="status" c={status === 'error' ? 'red.9' : undefined}>
          {status === 'idle' ? '' : STATUS_TEXT[status]}
        </Text>
      </Group>
      {overLimit && (
        <Text size="sm" c="red.9" role="alert">
          {text.maxCollectionPacks}
        </Text>
      )}
    </div>
  );
}
