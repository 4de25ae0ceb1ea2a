import { choiceOfOrderType, type OrderType, type OrderTypeChoice } from '@gear/domain';
import { Button, Group, Stack, Title } from '@mantine/core';

/**
 * spec 1 §2.6: 'What would you like to do?' and the order-type buttons the practitioner may use. Activation without
 * a number and unknown-id activation show as Activate Online.
 */
export function OrderTypeChooser({
  choices,
  value,
  onChange,
  disabled,
}: {
  choices: readonly OrderTypeChoice[];
  value: OrderType | null;
  onChange: (type: OrderType) => void;
  disabled: boolean;
}) {
  const current = value === null ? null : choiceOfOrderType(value).key;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3" id="order-type-heading">
        What would you like to do?
      </Title>
      <Group gap="sm" role="group" aria-labelledby="order-type-heading">
        {choices.map((choice) => (
          <Button
            key={choice.key}
            variant={current === choice.key ? 'filled' : 'default'}
            aria-pressed={current === choice.key}
            disabled={disabled}
            onClick={() => onChange(choice.orderType)}
          >
            {choice.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
