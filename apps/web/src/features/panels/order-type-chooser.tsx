import { Button, Group, Stack, Title } from '@mantine/core';
import type { OrderType } from './pending-domain.ts';

/** spec 1 §2.6: the order-type buttons. Activation without a number and unknown-id activation are Activate Online. */
export const ORDER_TYPE_LABELS: Partial<Record<OrderType, string>> = {
  bulk: 'Ship to Office',
  dropShip: 'Ship to Patient',
  registration: 'Activate Online',
  covidRegistration: 'Activate COVID Test',
};

const shownAs = (type: OrderType | null): OrderType | null =>
  type === 'noCardRegistration' || type === 'unknownIdActivation' ? 'registration' : type;

/** spec 1 §2.6: 'What would you like to do?' and the order types the practitioner may create. */
export function OrderTypeChooser({
  types,
  value,
  onChange,
  disabled,
}: {
  types: OrderType[];
  value: OrderType | null;
  onChange: (type: OrderType) => void;
  disabled: boolean;
}) {
  const current = shownAs(value);
  return (
    <Stack gap="xs">
      <Title order={2} size="h3" id="order-type-heading">
        What would you like to do?
      </Title>
      <Group gap="sm" role="group" aria-labelledby="order-type-heading">
        {types.map((type) => (
          <Button
            key={type}
            variant={current === type ? 'filled' : 'default'}
            aria-pressed={current === type}
            disabled={disabled}
            onClick={() => onChange(type)}
          >
            {ORDER_TYPE_LABELS[type]}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
