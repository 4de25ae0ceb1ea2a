import { type InputField, siboTubeTimes } from '@gear/domain';
import { Button, Fieldset, Group, Stack, Table, Text } from '@mantine/core';
import { CollectionField } from './collection-field.tsx';

export interface SiboTableProps {
  /** The fields of the collection table, in catalogue order: the drink time, then the tubes shown. */
  fields: InputField[];
  panel: number | null;
  values: Record<number, string>;
  errors: Record<number, string>;
  requiredIds: ReadonlySet<number>;
  disabled: boolean;
  onChange: (id: number, value: string) => void;
}

const tubeNumber = (field: InputField): number | null => {
  const match = /^Tube (\d+)$/.exec(field.name);
  return match ? Number(match[1]) : null;
};

/**
 * spec 2 §2, spec 1 §9: the SIBO collection table: the lactulose drink time, then each tube with its timing (tubes
 * 1 and 2 are baselines before the drink; tube 3 is 20 minutes after it, …, said under the tube's name so that the
 * table fits a phone) and the time it was collected. The
 * suggested times come from the drink time (siboTubeTimes); 'Use suggested times' fills the empty ones.
 */
export function SiboTable({
  fields,
  panel,
  values,
  errors,
  requiredIds,
  disabled,
  onChange,
}: SiboTableProps) {
  const drink = fields.find((field) => tubeNumber(field) === null);
  const tubes = fields.filter((field) => tubeNumber(field) !== null);
  const suggested = new Map(
    (siboTubeTimes(drink ? (values[drink.id] ?? '') : '', panel) ?? []).map((entry) => [
      entry.tube,
      entry.time,
    ]),
  );
  const fillSuggested = () => {
    for (const tube of tubes) {
      const time = suggested.get(tubeNumber(tube) ?? 0);
      if (time && !values[tube.id]) onChange(tube.id, time);
    }
  };
  return (
    <Fieldset legend="Breath collection table">
      <Stack gap="sm">
        {drink && (
          <CollectionField
            field={drink}
            value={values[drink.id] ?? ''}
            error={errors[drink.id]}
            disabled={disabled}
            required={requiredIds.has(drink.id)}
            onChange={(value) => onChange(drink.id, value)}
          />
        )}
        {/* Issue 15: three columns (when is said under each tube) so that the table fits a 390 px phone. */}
        <Table striped withTableBorder aria-label="Breath collection tubes" horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Tube</Table.Th>
              <Table.Th scope="col">Suggested time</Table.Th>
              <Table.Th scope="col">Time collected</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tubes.map((tube) => {
              const number = tubeNumber(tube) ?? 0;
              return (
                <Table.Tr key={tube.id}>
                  <Table.Th scope="row">
                    {tube.name}
                    <Text size="xs" fw={400}>
                      {(tube.disclaimer ?? '').replace(/^Tube \d+: /, '').replace(/\.$/, '')}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm">{number <= 2 ? 'Before the drink' : (suggested.get(number) ?? '—')}</Text>
                  </Table.Td>
                  <Table.Td>
                    <CollectionField
                      field={tube}
                      label={`${tube.name} time`}
                      description=""
                      value={values[tube.id] ?? ''}
                      error={errors[tube.id]}
                      disabled={disabled}
                      required={requiredIds.has(tube.id)}
                      onChange={(value) => onChange(tube.id, value)}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={fillSuggested}
            disabled={disabled || suggested.size === 0}
          >
            Use suggested times
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
