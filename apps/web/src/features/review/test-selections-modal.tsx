import { formatRequisitionNumber, type PrintDocument, type Requisition } from '@gear/domain';
import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Modal } from '../../components/modal.tsx';
import { printTestSelection } from '../../components/print-test-selection.ts';

interface Selection {
  panel: string | null;
  components: readonly string[];
  addOns: readonly string[];
}

/** What the review's test selections PDF says (spec 3 §2: letter paper, test-selection.pdf). */
export function testSelectionDocument(requisition: Requisition, selection: Selection): PrintDocument {
  return {
    title: requisition.omsOrderableItemName,
    subtitle: requisition.reqNumber
      ? `Requisition ${formatRequisitionNumber(requisition.reqNumber)}`
      : undefined,
    paper: 'letter',
    sections: [
      { heading: selection.panel ?? 'Tests', lines: [...selection.components] },
      { heading: 'Add-ons', lines: [...selection.addOns] },
      ...(requisition.patientInstructions?.trim()
        ? [{ heading: 'Patient instructions', lines: [requisition.patientInstructions.trim()] }]
        : []),
    ].filter((section) => section.lines.length > 0),
  };
}

/**
 * spec 3 §2 Review and confirmation: 'test selections with PDF export (letter paper, file test-selection.pdf)'. The
 * server writes the PDF (decision 0231).
 */
export function TestSelectionsButton({
  requisition,
  selection,
}: {
  requisition: Requisition;
  selection: Selection;
}) {
  const api = useApi();
  const [opened, setOpened] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onExport = async () => {
    setExporting(true);
    setError(null);
    try {
      await printTestSelection(api, testSelectionDocument(requisition, selection));
    } catch {
      setError('The PDF could not be made. Please try again.');
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Group>
        <Button variant="subtle" mih={44} onClick={() => setOpened(true)}>
          View test selections
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Test selections"
        closeButtonProps={{ 'aria-label': 'Close the test selections' }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4">
            {requisition.omsOrderableItemName}
          </Title>
          {requisition.reqNumber && (
            <Text size="sm">Requisition {formatRequisitionNumber(requisition.reqNumber)}</Text>
          )}
          <Text fw={700}>{selection.panel ?? 'Tests'}</Text>
          {selection.components.length > 0 ? (
            <List size="sm">
              {selection.components.map((name) => (
                <List.Item key={name}>{name}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">No tests chosen.</Text>
          )}
          {selection.addOns.length > 0 && (
            <>
              <Text fw={700}>Add-ons</Text>
              <List size="sm">
                {selection.addOns.map((name) => (
                  <List.Item key={name}>{name}</List.Item>
                ))}
              </List>
            </>
          )}
          <ErrorAlert message={error} />
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setOpened(false)}>
              Close
            </Button>
            <Button mih={44} onClick={() => void onExport()} loading={exporting}>
              Export PDF
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
