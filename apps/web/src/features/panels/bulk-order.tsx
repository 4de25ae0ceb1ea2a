import {
  type BulkLine,
  type BulkLineRequest,
  defaultSelection,
  isDisabledForShipToOffice,
  isPackCapApplied,
  isTestSelected,
  MESSAGES,
  mayOrderInOfficeState,
  type OrderableItem,
  type OrderableItemLists,
  type OrderableItemSummary,
  type Practitioner,
  setLineQuantity,
} from '@gear/domain';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useRequisitionForItem } from '../../api/catalogue.ts';
import { useConfig, useMessages } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { Modal } from '../../components/modal.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import type { WizardNavigation } from '../wizard/use-wizard-navigation.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import type { WizardOrder } from '../wizard/wizard-order.ts';
import { allProducts, ProductCatalogue } from './product-catalogue.tsx';
import { RequisitionDetails } from './requisition-details.tsx';
import { SaveErrors } from './save-errors.tsx';
import { emptySelection, type TestSelection } from './selection.ts';
import { useSaveBulkSelection } from './use-save-test-selection.ts';

/** The order's ship-to-office requisitions as bulk lines. */
export const bulkLinesOf = (order: WizardOrder): BulkLine[] =>
  order.requisitions
    .filter((r) => r.shipToOffice && !r.canceled)
    .map((r) => ({
      id: r.id,
      omsOrderableItemId: r.omsOrderableItemId,
      omsOrderableItemName: r.omsOrderableItemName,
      quantity: r.quantity,
      components: r.components,
      addons: r.addons,
      panel: r.panel,
      patientInstructions: r.patientInstructions,
    }));

type LineProduct = Pick<OrderableItemSummary, 'id' | 'name'>;

/** spec 1 §5 bulk quantities, by the domain's rule: the product's line (new when absent) at that quantity. */
function withQuantity(lines: readonly BulkLine[], product: LineProduct, quantity: number, capped: boolean) {
  const line: BulkLine = lines.find((l) => l.omsOrderableItemId === product.id) ?? {
    id: null,
    omsOrderableItemId: product.id,
    omsOrderableItemName: product.name,
    quantity: 0,
    components: [],
    addons: [],
    panel: null,
    patientInstructions: null,
  };
  return setLineQuantity(lines, { ...line, quantity }, capped);
}

export interface BulkOrderProps {
  order: WizardOrder;
  practitioner: Practitioner;
  lists: OrderableItemLists;
  locked: boolean;
  navigation: WizardNavigation;
  /** Used inline: Cancel and Save (spec 1 §2.6). */
  inline?: boolean;
  /** The orderableItemId query parameter: a product pre-added as a line of a new order (spec 1 §2.8). */
  preAddItemId: number | null;
}

/**
 * spec 1 §2.6, §5 Ship to Office (bulk): a quantity per product (0–99, lines at 0 drop off; international offices at
 * most 25 packs in all), the summary panel with Customize and Remove, and PUT /gear/testSelection/ on Next.
 */
export function BulkOrder({
  order,
  practitioner,
  lists,
  locked,
  navigation,
  preAddItemId,
  inline = false,
}: BulkOrderProps) {
  const text = useMessages();
  const { supportPhone } = useConfig();
  const save = useSaveBulkSelection();
  const [lines, setLines] = useState<BulkLine[]>(() => bulkLinesOf(order));
  const [overLimit, setOverLimit] = useState(false);
  const [missing, setMissing] = useState(false);
  const [customizing, setCustomizing] = useState<BulkLine | null>(null);
  const capped = isPackCapApplied(practitioner);
  const gsdlNo = practitioner.gsdlNo;

  const preAdded = useRef(false);
  useEffect(() => {
    if (preAdded.current || preAddItemId === null || locked || order.requisitions.length > 0) return;
    preAdded.current = true;
    const item = allProducts(lists).find((i) => i.id === preAddItemId);
    if (item && !isDisabledForShipToOffice(item, practitioner)) {
      setLines((current) => withQuantity(current, item, 1, capped).lines);
    }
  }, [preAddItemId, lists, locked, order.requisitions.length, capped, practitioner]);

  const change = (item: LineProduct, quantity: number) => {
    const result = withQuantity(lines, item, quantity, capped);
    setLines(result.lines);
    setOverLimit(result.overLimit);
    setMissing(false);
    save.reset();
  };

  const unavailable = (item: OrderableItemSummary) => {
    if (isDisabledForShipToOffice(item, practitioner))
      return 'Ships to patients only: not available for ship to office.';
    if (!mayOrderInOfficeState(item, practitioner)) return MESSAGES.notOrderableInNewYork;
    return null;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) {
      void navigation.next(order);
      return;
    }
    if (lines.length === 0) {
      setMissing(true);
      return;
    }
    const requisitions: BulkLineRequest[] = lines.map((line) => ({
      id: line.id,
      omsOrderableItemId: line.omsOrderableItemId,
      dropShip: false,
      shipToOffice: true,
      quantity: line.quantity,
      components: line.components,
      addons: line.addons,
      panel: line.panel,
      patientInstructions: line.patientInstructions,
    }));
    save.mutate(
      { id: order.id, version: order.version, requisitions },
      { onSuccess: (saved) => navigation.next(saved) },
    );
  };

  const total = lines.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <ProductCatalogue
          lists={lists}
          gsdlNo={gsdlNo}
          mode="quantity"
          quantities={new Map(lines.map((l) => [l.omsOrderableItemId, l.quantity]))}
          onQuantity={change}
          unavailable={unavailable}
          showHighlights={false}
          disabled={locked || save.isPending}
        />
        {overLimit && (
          <Alert color="yellow" role="alert">
            {text.maxCollectionPacks}
          </Alert>
        )}
        <Paper component="section" withBorder p="md" aria-labelledby="bulk-summary-heading">
          <Title order={2} size="h4" id="bulk-summary-heading" mb="xs">
            Selected products
          </Title>
          {lines.length === 0 ? (
            <Text size="sm">No products selected yet. Enter a quantity beside a product to add it.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <Table.Tr key={line.omsOrderableItemId}>
                    <Table.Td>{line.omsOrderableItemName}</Table.Td>
                    <Table.Td>{line.quantity}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={`Customize ${line.omsOrderableItemName}`}
                          disabled={locked || save.isPending}
                          onClick={() => setCustomizing(line)}
                        >
                          Customize
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={`Remove ${line.omsOrderableItemName}`}
                          disabled={locked || save.isPending}
                          onClick={() =>
                            change({ id: line.omsOrderableItemId, name: line.omsOrderableItemName }, 0)
                          }
                        >
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">Total packs</Table.Th>
                  <Table.Td>{total}</Table.Td>
                  <Table.Td />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          )}
        </Paper>
        {missing && (
          <Alert color="red" role="alert">
            {MESSAGES.selectTest}
          </Alert>
        )}
        <SaveErrors error={save.error} phone={supportPhone} />
        <WizardButtons onBack={() => void navigation.back()} saving={save.isPending} inline={inline} />
      </Stack>
      <CustomizeModal
        line={customizing}
        gsdlNo={gsdlNo}
        orderId={order.id}
        onClose={() => setCustomizing(null)}
        onSave={(updated) => {
          setLines((current) =>
            current.map((l) => (l.omsOrderableItemId === updated.omsOrderableItemId ? updated : l)),
          );
          setCustomizing(null);
        }}
      />
    </form>
  );
}

/** A line's choices to customize; a line without a chosen test shows what it is saved as, the base panel (decision 0005). */
const selectionOfLine = (line: BulkLine, item: OrderableItem): TestSelection => ({
  ...emptySelection(),
  ...(isTestSelected(line)
    ? { panel: line.panel, components: [...line.components] }
    : defaultSelection(item)),
  addons: line.addons.map((a) => ({ ...a })),
  patientInstructions: line.patientInstructions ?? '',
});

/** spec 1 §2.6 'a Customize modal per product': panel, components, add-ons and instructions of one bulk line. */
function CustomizeModal({
  line,
  gsdlNo,
  orderId,
  onClose,
  onSave,
}: {
  line: BulkLine | null;
  gsdlNo: string;
  orderId: WizardOrder['id'];
  onClose: () => void;
  onSave: (line: BulkLine) => void;
}) {
  return (
    <Modal
      opened={line !== null}
      onClose={onClose}
      title={line ? `Customize ${line.omsOrderableItemName}` : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {line && (
        <CustomizeForm line={line} gsdlNo={gsdlNo} orderId={orderId} onClose={onClose} onSave={onSave} />
      )}
    </Modal>
  );
}

function CustomizeForm({
  line,
  gsdlNo,
  orderId,
  onClose,
  onSave,
}: {
  line: BulkLine;
  gsdlNo: string;
  orderId: WizardOrder['id'];
  onClose: () => void;
  onSave: (line: BulkLine) => void;
}) {
  const text = useMessages();
  const details = useRequisitionForItem(line.omsOrderableItemId, gsdlNo);
  if (details.isPending) return <PageLoader />;
  if (details.isError) {
    // spec 1 §8 'Customize modal load failure: the error message, or the generic text'.
    const error = details.error;
    const message = isApiError(error)
      ? ((error.status < 500 ? error.serverMessage : null) ?? error.message)
      : null;
    return (
      <Alert color="red" role="alert">
        {message ?? text.unexpectedError}
      </Alert>
    );
  }
  return (
    <CustomizeFields
      item={details.data.orderableItem}
      line={line}
      gsdlNo={gsdlNo}
      orderId={orderId}
      onClose={onClose}
      onSave={onSave}
    />
  );
}

function CustomizeFields({
  item,
  line,
  gsdlNo,
  orderId,
  onClose,
  onSave,
}: {
  item: OrderableItem;
  line: BulkLine;
  gsdlNo: string;
  orderId: WizardOrder['id'];
  onClose: () => void;
  onSave: (line: BulkLine) => void;
}) {
  const [selection, setSelection] = useState(() => selectionOfLine(line, item));
  return (
    <Stack gap="md">
      <RequisitionDetails
        item={item}
        selection={selection}
        onChange={setSelection}
        errors={{ fields: {} }}
        practitionerUser
        medicare={false}
        shipToOffice
        disabled={false}
        gsdlNo={gsdlNo}
        orderId={orderId}
        variant="customize"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() =>
            onSave({
              ...line,
              panel: selection.panel,
              components: selection.components,
              addons: selection.addons,
              patientInstructions: selection.patientInstructions.trim() || null,
            })
          }
        >
          Save
        </Button>
      </Group>
    </Stack>
  );
}
