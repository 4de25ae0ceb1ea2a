import { COLLECTION_INSTRUCTION_DEVICES } from '@gear/domain';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Modal } from '../../components/modal.tsx';

/** spec 2 §2: the Collection Instructions modal, with a print button and the table of 11 labelled devices. */
export function CollectionInstructions({ productName }: { productName: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Group>
        <Button variant="default" onClick={open}>
          Collection Instructions
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        title="Collection Instructions"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close collection instructions' }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Your {productName} pack holds the devices below, labelled as in the picture on the pack. Follow
            the instructions printed on each one.
          </Text>
          <Table striped withTableBorder aria-label="Labelled devices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Label</Table.Th>
                <Table.Th scope="col">Device</Table.Th>
                <Table.Th scope="col">Use</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {COLLECTION_INSTRUCTION_DEVICES.map((device) => (
                <Table.Tr key={device.label}>
                  <Table.Th scope="row">{device.label}</Table.Th>
                  <Table.Td>{device.name}</Table.Td>
                  <Table.Td>{device.use}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
            <Button onClick={close}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
