import { type OrderableItemSummary, repurposeCandidates } from '@gear/domain';
import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Modal } from '../../components/modal.tsx';
import classes from './panels.module.css';

export interface RepurposeModalProps {
  opened: boolean;
  /** The test the pack was made for. */
  packItem: OrderableItemSummary;
  /** The products the practitioner may order (the catalogue), before the specimen rule. */
  products: readonly OrderableItemSummary[];
  /** Why a product cannot be chosen here (already on the order, New York…), or null. */
  unavailable: (item: OrderableItemSummary) => string | null;
  /** The test currently chosen for the pack. */
  currentId: number;
  onChoose: (item: OrderableItemSummary) => void;
  onClose: () => void;
}

/**
 * spec 1 §2.6 modal 'choose a different test for a repurposed pack' (§4.4 'a pack may be used for another test'): the
 * pack's own test first (choosing it reloads the pack), then the products that use the same specimen
 * (decision 0047).
 */
export function RepurposeModal(props: RepurposeModalProps) {
  const { packItem, products, unavailable, currentId } = props;
  const candidates = [packItem, ...repurposeCandidates(packItem, products)];
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Choose a different test"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close and keep the current test' }}
    >
      <Stack gap="sm">
        <Text size="sm">
          This collection pack was made for {packItem.name} ({packItem.specimenType ?? 'specimen not known'}).
          It can be used for another test of the same specimen.
        </Text>
        <ul className={classes.rows} aria-label="Tests for this collection pack">
          {candidates.map((item) => {
            const reason = item.id === packItem.id ? null : unavailable(item);
            const current = item.id === currentId;
            return (
              <li key={item.id} className={classes.row}>
                <Group gap="sm" wrap="nowrap" align="center">
                  <Stack gap={0} style={{ flex: 1 }}>
                    <Text size="sm">
                      {item.name}
                      {item.id === packItem.id ? " (the pack's own test)" : ''}
                    </Text>
                    {reason && (
                      <Text size="xs" c="dimmed" id={`repurpose-${item.id}-reason`}>
                        {reason}
                      </Text>
                    )}
                  </Stack>
                  <Button
                    size="compact-sm"
                    variant={current ? 'filled' : 'default'}
                    aria-pressed={current}
                    aria-describedby={reason ? `repurpose-${item.id}-reason` : undefined}
                    disabled={reason !== null}
                    onClick={() => props.onChoose(item)}
                  >
                    {'Use for '}
                    <VisuallyHidden>{item.name}</VisuallyHidden>
                  </Button>
                </Group>
              </li>
            );
          })}
        </ul>
      </Stack>
    </Modal>
  );
}
