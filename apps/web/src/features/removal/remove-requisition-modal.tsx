import {
  CANCEL_ORDER_MESSAGES,
  CANCEL_ORDER_RESULTS,
  type GearOrder,
  isOrderCancelable,
  REMOVAL_MESSAGES,
  type Requisition,
  requisitionPermissions,
  type SavedOrder,
  type UserInfo,
} from '@gear/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Modal } from '../../components/modal.tsx';
import { RefundPolicyText } from '../../components/refund-policy-text.tsx';
import { useCancelOrder, useRemoveRequisition, useSaveForLater } from './use-removal.ts';

export interface RemoveRequisitionModalProps {
  opened: boolean;
  onClose: () => void;
  order: SavedOrder;
  user: UserInfo;
  requisition: Requisition;
  /** After a removal or a save for later: the order as answered (and the new order's id). */
  onRemoved: (order: GearOrder, newOrderId?: number) => void;
  /** After the order was canceled. */
  onCanceled: () => void;
}

/**
 * The refusal of a removal or save for later (spec 2 §8): 400 'cannot be removed', 403 'not authorized', 404 'cannot
 * be found'; a conflict gives the server's reason (received by the lab, changed by someone else); otherwise the
 * apology asking the user to contact support.
 */
export function removalMessage(error: unknown, forbidden: string = REMOVAL_MESSAGES.notAuthorized) {
  if (!isApiError(error)) return REMOVAL_MESSAGES.unexpected;
  switch (error.status) {
    case 400:
      return error.serverMessage === REMOVAL_MESSAGES.saveForLaterOnlyRequisition
        ? REMOVAL_MESSAGES.saveForLaterOnlyRequisition
        : REMOVAL_MESSAGES.cannotBeRemoved;
    case 403:
      return forbidden;
    case 404:
      return REMOVAL_MESSAGES.notFound;
    case 409:
      return error.serverMessage ?? error.message;
    default:
      return REMOVAL_MESSAGES.unexpected;
  }
}

/**
 * spec 2 §2, §4: the Remove / Save for later / Cancel order modal. Remove is for practitioners, and for patients when
 * the order has a single requisition; Save for later (to a new order) for patients and admins with more than one;
 * Cancel order while no requisition has reached the lab.
 */
export function RemoveRequisitionModal(props: RemoveRequisitionModalProps) {
  const { opened, onClose, order, user, requisition, onRemoved, onCanceled } = props;
  const remove = useRemoveRequisition();
  const later = useSaveForLater();
  const cancel = useCancelOrder();
  const [message, setMessage] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const busy = remove.isPending || later.isPending || cancel.isPending;
  const call = { orderId: order.id, version: order.version, gearReqId: requisition.id };

  // spec 3 §4 Review step: the same rules the server's removal and save-for-later enforce (decision 0185).
  const { delete: canRemove, saveForLater: canSaveForLater } = requisitionPermissions(
    order,
    requisition,
    user,
  );
  const canCancel = isOrderCancelable(order);

  const close = () => {
    setMessage(null);
    setConfirmingCancel(false);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Remove ${requisition.omsOrderableItemName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {confirmingCancel ? (
          <>
            <Text size="sm">Cancel the whole order, with every test on it? This cannot be undone.</Text>
            <Paper withBorder p="sm" radius="sm" component="section" aria-label="Refund policy">
              <Title order={3} size="h5">
                Refund policy
              </Title>
              <RefundPolicyText enabled={confirmingCancel} size="sm" />
            </Paper>
          </>
        ) : (
          <Text size="sm">
            {canSaveForLater
              ? 'Remove this test from the order, save it for later on an order of its own, or cancel the whole order.'
              : 'Remove this test from the order, or cancel the whole order.'}
          </Text>
        )}
        <ErrorAlert message={message} />
        {confirmingCancel ? (
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingCancel(false)} disabled={busy}>
              Keep the order
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(call, {
                  onSuccess: (result) => {
                    if (result === CANCEL_ORDER_RESULTS.pass) onCanceled();
                    else
                      setMessage(
                        result === CANCEL_ORDER_RESULTS.alreadyRefunded
                          ? CANCEL_ORDER_MESSAGES.alreadyRefunded
                          : CANCEL_ORDER_MESSAGES.failed,
                      );
                  },
                  // spec 3 §8: anything but the two answers is 'other'.
                  onError: () => setMessage(CANCEL_ORDER_MESSAGES.failed),
                })
              }
            >
              Cancel the order
            </Button>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Keep it
            </Button>
            {canCancel && (
              <Button variant="default" color="red" onClick={() => setConfirmingCancel(true)} disabled={busy}>
                Cancel order
              </Button>
            )}
            {canSaveForLater && (
              <Button
                variant="default"
                loading={later.isPending}
                disabled={busy}
                onClick={() =>
                  later.mutate(call, {
                    onSuccess: ({ order: saved, newOrderId }) => {
                      close();
                      onRemoved(saved, newOrderId);
                    },
                    onError: (error) =>
                      setMessage(removalMessage(error, REMOVAL_MESSAGES.saveForLaterNotAuthorized)),
                  })
                }
              >
                Save for later
              </Button>
            )}
            {canRemove && (
              <Button
                color="red"
                loading={remove.isPending}
                disabled={busy}
                onClick={() =>
                  remove.mutate(call, {
                    onSuccess: (saved) => {
                      close();
                      onRemoved(saved);
                    },
                    onError: (error) => setMessage(removalMessage(error)),
                  })
                }
              >
                Remove test
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * The removal dialog as the cart and the review open it, one for both (issue 15): `ask(requisition)` opens it on that
 * test; it closes after a removal or a save for later (the order read afresh shows what is left), and an order
 * canceled goes home. `dialog` is rendered by the host.
 */
export function useRemovalDialog(order: SavedOrder, user: UserInfo) {
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<Requisition | null>(null);
  const dialog = removing && (
    <RemoveRequisitionModal
      opened
      onClose={() => setRemoving(null)}
      order={order}
      user={user}
      requisition={removing}
      onRemoved={() => setRemoving(null)}
      onCanceled={() => void navigate('/')}
    />
  );
  return { ask: setRemoving, dialog };
}
