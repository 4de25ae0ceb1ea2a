import { Button, Group, Stack, Text } from '@mantine/core';
import { useRecentDxCodes } from '../../api/dx-codes.ts';

interface Code {
  code: string;
  name: string;
}

function CodeRow({
  title,
  id,
  codes,
  onPick,
  disabled,
}: {
  title: string;
  id: string;
  codes: Code[];
  onPick: (code: string) => void;
  disabled: boolean;
}) {
  if (codes.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text fw={500} size="sm" id={id}>
        {title}
      </Text>
      <Group gap="xs" role="group" aria-labelledby={id}>
        {codes.map((c) => (
          <Button
            key={c.code}
            type="button"
            variant="default"
            size="compact-sm"
            title={c.name}
            aria-label={`Add ${c.code} ${c.name}`}
            disabled={disabled}
            onClick={() => onPick(c.code)}
          >
            {c.code}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

/**
 * Decision 0282: the practitioner's recently used codes and the codes they use most with this product, offered above
 * the suggestions; a code already chosen is not offered again. Nothing shows when there are none or the call fails.
 */
export function RecentDxCodes({
  formId,
  gearReqId,
  productName,
  chosen,
  onPick,
  disabled,
}: {
  formId: string;
  gearReqId: number;
  productName: string;
  chosen: ReadonlySet<string>;
  onPick: (code: string) => void;
  disabled: boolean;
}) {
  const recent = useRecentDxCodes(gearReqId);
  if (!recent.data) return null;
  const open = (codes: Code[]) => codes.filter((c) => !chosen.has(c.code));
  return (
    <Stack gap="xs">
      <CodeRow
        title={`Most used with ${productName}`}
        id={`${formId}-most-used`}
        codes={open(recent.data.mostUsedWithProduct)}
        onPick={onPick}
        disabled={disabled}
      />
      <CodeRow
        title="Your recently used codes"
        id={`${formId}-recent`}
        codes={open(recent.data.recentlyUsed)}
        onPick={onPick}
        disabled={disabled}
      />
    </Stack>
  );
}
