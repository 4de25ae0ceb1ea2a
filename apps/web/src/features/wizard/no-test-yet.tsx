import { Alert, Button, Group, Stack } from '@mantine/core';

/** A requisition step opened before any test is on the order: says so, with Back to where one is chosen. */
export function NoTestYet({ before, onBack }: { before: string; onBack(): void }) {
  return (
    <Stack gap="md">
      <Alert color="yellow" title="No test chosen yet">
        Choose a test on Panel Selection before {before}.
      </Alert>
      <Group>
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}
