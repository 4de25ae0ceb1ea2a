import {
  isAdmin,
  mayChangePractitioner,
  practitionerLabel,
  reviewPhoneMessages,
  type SavedOrder,
  type UserInfo,
} from '@gear/domain';
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useConfig } from '../../api/context.tsx';
import { queryKeys } from '../../api/keys.ts';
import { usePractitionerOptions } from '../../api/practitioners.ts';
import { useChangePractitioner } from '../../api/review.ts';

interface Props {
  order: SavedOrder;
  user: UserInfo;
}

/** Whether the options are worth asking for: only an admin or a patient registration awaiting agreement may change. */
const mightChange = (order: SavedOrder, user: UserInfo) =>
  isAdmin(user) || (order.patientRegistration && order.practAgreement !== true);

/**
 * spec 3 §4 'Practitioner change': the review offers the change to whoever may make it (mayChangePractitioner: more
 * than one option, on a patient registration without practitioner agreement; admins always), saved only when the
 * chosen practitioner differs. A failure shows spec 3 §8's text (decision 0111).
 */
export function PractitionerChange({ order, user }: Props) {
  const wanted = mightChange(order, user);
  return wanted ? <PractitionerChoice order={order} user={user} /> : null;
}

function PractitionerChoice({ order, user }: Props) {
  const options = usePractitionerOptions(order.id);
  const change = useChangePractitioner();
  const queryClient = useQueryClient();
  const failedText = reviewPhoneMessages(useConfig().supportPhone).practitionerChangeFailed;
  const current = order.practitioner?.gsdlNo ?? '';
  const [chosen, setChosen] = useState(current);
  const [failed, setFailed] = useState(false);
  const [saved, setSaved] = useState(false);
  const list = options.data ?? [];
  if (!mayChangePractitioner({ user, order, optionCount: list.length })) return null;
  if (!list.some((option) => option.gsdlNo !== current)) return null;
  const choice = chosen || current;

  const save = () => {
    setFailed(false);
    setSaved(false);
    if (choice === current) return;
    change.mutate(
      { order, gsdlNo: choice },
      {
        onSuccess: () => {
          setSaved(true);
          void queryClient.invalidateQueries({ queryKey: queryKeys.practitionerOptions(order.id) });
        },
        onError: () => setFailed(true),
      },
    );
  };

  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Change practitioner"
          value={choice}
          onChange={(event) => {
            setChosen(event.currentTarget.value);
            setSaved(false);
          }}
          disabled={change.isPending}
          data={list.map((option) => ({ value: option.gsdlNo, label: practitionerLabel(option) }))}
          maw={480}
        />
        <Button mih={44} onClick={save} loading={change.isPending} disabled={choice === current}>
          Save practitioner
        </Button>
      </Group>
      {saved && (
        <Text size="sm" fw={700} role="status">
          ✓ Changes saved
        </Text>
      )}
      {failed && (
        <Text size="sm" c="red.9" role="alert">
          {failedText}
        </Text>
      )}
    </Stack>
  );
}
