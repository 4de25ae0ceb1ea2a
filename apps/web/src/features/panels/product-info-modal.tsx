import {
  addOnsOfItem,
  type OrderableItem,
  type OrderableItemSummary,
  selectableProfiles,
} from '@gear/domain';
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useRequisitionForItem } from '../../api/catalogue.ts';
import { useApi, useMessages } from '../../api/context.tsx';
import { Modal } from '../../components/modal.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PrintIcon } from './icons.tsx';
import { printTestSelection } from './print-selection.ts';

/** The sections of the info modal and of its PDF: each profile with its components, then the add-ons. */
export function itemSections(item: OrderableItem) {
  const sections = selectableProfiles(item).map((profile) => ({
    heading: profile.name,
    lines: profile.profileComponents.map((c) => c.name),
  }));
  const addOns = addOnsOfItem(item);
  if (addOns.length > 0) sections.push({ heading: 'Add-ons', lines: addOns.map((a) => a.name) });
  return sections;
}

/**
 * spec 1 §2.6: the info icon's modal, listing the profiles and add-ons the pack can be used for, with a print-to-PDF
 * action (test-selection.pdf). If it fails to load, the unexpected-error message is shown (spec 1 §8).
 */
export function ProductInfoModal({
  item,
  gsdlNo,
  onClose,
}: {
  item: OrderableItemSummary | null;
  gsdlNo: string | null;
  onClose: () => void;
}) {
  const text = useMessages();
  const api = useApi();
  const details = useRequisitionForItem(item?.id ?? null, gsdlNo);
  const [printError, setPrintError] = useState<string | null>(null);
  const full = details.data?.orderableItem;

  const print = async () => {
    if (!full) return;
    setPrintError(null);
    try {
      await printTestSelection(api, {
        title: full.name,
        subtitle: [full.category, full.specimenType].filter(Boolean).join(' · '),
        sections: itemSections(full),
        paper: 'letter',
      });
    } catch {
      setPrintError(text.unexpectedError);
    }
  };

  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={item?.name ?? ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {details.isPending && <PageLoader />}
      {details.isError && (
        <Alert color="red" role="alert">
          {text.unexpectedError}
        </Alert>
      )}
      {full && (
        <Stack gap="sm">
          {full.description && <Text size="sm">{full.description}</Text>}
          <Text size="sm">
            {full.category}
            {full.specimenType ? ` · ${full.specimenType}` : ''}
          </Text>
          {itemSections(full).map((section) => (
            <section key={section.heading} aria-label={section.heading}>
              <Title order={3} size="h5">
                {section.heading}
              </Title>
              <List size="sm" spacing={2}>
                {section.lines.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </section>
          ))}
          {printError && (
            <Alert color="red" role="alert">
              {printError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" leftSection={<PrintIcon />} onClick={() => void print()}>
              Print to PDF
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
