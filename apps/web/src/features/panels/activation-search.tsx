import type { CatalogueRequisition, GearOrder, UserInfo } from '@gear/domain';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useApi, useConfig } from '../../api/context.tsx';
import { Modal } from '../../components/modal.tsx';
import type { WizardOrder } from '../wizard/wizard-order.ts';
import { type SearchOutcome, searchRequisition } from './requisition-search.ts';
import { WhereToFindNumber } from './where-to-find.tsx';

export const ACTIVATION_PENDING_TITLE = 'Collection Pack Activation Pending';
export const ACTIVATION_PENDING_TEXT =
  "This collection pack is waiting for your doctor's test orders. You can activate it here once your provider has " +
  'ordered your tests; please contact your provider if you have questions.';

export interface ActivationSearchProps {
  order: WizardOrder;
  user: UserInfo;
  gsdlNo: string | null;
  /** The requisitionNumber query parameter: patients search it on load (spec 1 §2.8). */
  initialNumber?: string | null;
  dateOfBirth?: string | null;
  gdxId?: string | null;
  disabled: boolean;
  onFound: (requisition: CatalogueRequisition, number: string) => void;
  /** A practitioner's unknown activation number: unknown-id activation (spec 1 §4.4). */
  onUnknownActivation: (number: string) => void;
  /** A practitioner's 'I don't have a number'. */
  onNoNumber?: () => void;
  /** A new search clears what the last one found. */
  onCleared: () => void;
}

type Prompt = Extract<SearchOutcome, { kind: 'loadOrder' | 'conflict' }>;

/**
 * spec 1 §2.6, §4.4: 'Requisition or Activation Number' with Begin, 'Where do I find my number?', and for
 * practitioners 'I don't have a number'; the search flow with its messages and the load-order and conflict modals.
 */
export function ActivationSearch(props: ActivationSearchProps) {
  const { order, user } = props;
  const api = useApi();
  const { supportPhone } = useConfig();
  const navigate = useNavigate();
  const { search: queryString } = useLocation();
  const [value, setValue] = useState(props.initialNumber ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; addToNewOrder?: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const practitioner = user.type === 'myGDX';

  const openOrder = (target: GearOrder, requisitionId: number | null) =>
    navigate(`/order/${target.id}/panels${requisitionId === null ? '' : `/${requisitionId}`}${queryString}`);

  const run = async (input: string) => {
    setError(null);
    setNotice(null);
    setPending(false);
    props.onCleared();
    setBusy(true);
    let outcome: SearchOutcome;
    try {
      outcome = await searchRequisition(input, {
        api,
        phone: supportPhone,
        userType: user.type,
        order,
        gsdlNo: props.gsdlNo,
        dateOfBirth: props.dateOfBirth,
        gdxId: props.gdxId,
      });
    } finally {
      setBusy(false);
    }
    switch (outcome.kind) {
      case 'error':
        setError({ message: outcome.message, addToNewOrder: outcome.addToNewOrder });
        break;
      case 'notice':
        setNotice(outcome.message);
        break;
      case 'found':
        props.onFound(outcome.requisition, outcome.number);
        break;
      case 'sameOrder':
        await openOrder(outcome.order, outcome.requisitionId);
        break;
      case 'loadOrder':
      case 'conflict':
        setPrompt(outcome);
        break;
      case 'unknownActivation':
        if (practitioner) props.onUnknownActivation(outcome.number);
        else setPending(true);
        break;
      case 'redirected':
        break;
    }
  };

  // Patients arriving with ?requisitionNumber= search at once (spec 1 §2.8).
  const searchedOnLoad = useRef(false);
  useEffect(() => {
    if (searchedOnLoad.current || !props.initialNumber || user.type !== 'prc' || props.disabled) return;
    searchedOnLoad.current = true;
    void run(props.initialNumber);
  });

  const searchAgain = () => {
    setPrompt(null);
    setValue('');
    inputRef.current?.focus();
  };

  return (
    <Stack gap="xs">
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          ref={inputRef}
          label="Requisition or Activation Number"
          value={value}
          maxLength={40}
          autoComplete="off"
          disabled={props.disabled}
          error={error?.message}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void run(value);
            }
          }}
          w={320}
        />
        <Button mt={25} onClick={() => void run(value)} loading={busy} disabled={props.disabled}>
          Begin
        </Button>
      </Group>
      {error?.addToNewOrder && (
        <Text size="sm">
          This requisition cannot be added to the current order.{' '}
          <Anchor component={Link} to="/order/new/panels">
            Start a new order
          </Anchor>
        </Text>
      )}
      <Group gap="lg">
        <WhereToFindNumber />
        {practitioner && props.onNoNumber && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={props.onNoNumber}
            disabled={props.disabled}
          >
            I don't have a number
          </Anchor>
        )}
      </Group>
      {notice && (
        <Alert color="yellow" role="alert">
          {notice}
        </Alert>
      )}
      {pending && (
        <Alert color="blue" title={ACTIVATION_PENDING_TITLE} role="alert">
          {ACTIVATION_PENDING_TEXT}
        </Alert>
      )}
      <Modal
        opened={prompt !== null}
        onClose={() => setPrompt(null)}
        title={prompt?.kind === 'loadOrder' ? 'Load this order?' : 'Requisition on another order'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {prompt && (
          <Stack gap="md">
            {prompt.kind === 'loadOrder' ? (
              <Text>
                This requisition is already on order {prompt.order.id}. Would you like to load that order?
              </Text>
            ) : (
              <>
                <Text>
                  This requisition was already added to a different order (order {prompt.order.id}).
                </Text>
                {!practitioner && (
                  <Text size="sm">
                    Use the links at the top of the page to return to your orders, or switch to that order.
                  </Text>
                )}
                <Anchor component={Link} to="/" size="sm">
                  Return to the home page
                </Anchor>
              </>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={prompt.kind === 'loadOrder' ? () => setPrompt(null) : searchAgain}
              >
                {prompt.kind === 'loadOrder' ? 'Cancel' : 'Search again'}
              </Button>
              <Button
                onClick={async () => {
                  setPrompt(null);
                  await openOrder(prompt.order, prompt.requisitionId);
                }}
              >
                {prompt.kind === 'loadOrder' ? 'Load order' : 'Switch to that order'}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
