import { defaultSelection, isTestSelected, type OrderableItem } from '@gear/domain';
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useRequisitionForItem } from '../../../api/catalogue.ts';
import { useMessages } from '../../../api/context.tsx';
import { isApiError } from '../../../api/errors.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { Modal } from '../../../components/modal.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { RequisitionDetails } from '../requisition-details.tsx';
import { emptySelection, type TestSelection } from '../selection.ts';
import type { ProfileProduct } from './custom-profile-form.ts';

const selectionOf = (product: ProfileProduct, item: OrderableItem): TestSelection => ({
  ...emptySelection(),
  ...(isTestSelected(product)
    ? { panel: product.panel, components: [...product.components] }
    : defaultSelection(item)),
  addons: product.addons.map((addOn) => ({ ...addOn })),
});

/**
 * spec 3 §2 'product cards with Customize': the panel, components and add-ons of one product, with panel
 * selection's own form (its exclusion warning and prices included).
 */
export function CustomizeProductModal({
  product,
  gsdlNo,
  onClose,
  onSave,
}: {
  product: ProfileProduct | null;
  gsdlNo: string;
  onClose: () => void;
  onSave: (product: ProfileProduct) => void;
}) {
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={product ? `Customize ${product.omsOrderableItemName}` : ''}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {product && <CustomizeLoader product={product} gsdlNo={gsdlNo} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function CustomizeLoader(props: {
  product: ProfileProduct;
  gsdlNo: string;
  onClose: () => void;
  onSave: (product: ProfileProduct) => void;
}) {
  const text = useMessages();
  const details = useRequisitionForItem(props.product.omsOrderableItemId, props.gsdlNo);
  if (details.isPending) return <PageLoader />;
  if (details.isError) {
    const error = details.error;
    const message = isApiError(error) && error.status < 500 ? error.serverMessage : null;
    return <ErrorAlert message={message ?? text.unexpectedErrorTryAgain} />;
  }
  return <CustomizeFields item={details.data.orderableItem} {...props} />;
}

function CustomizeFields({
  item,
  product,
  gsdlNo,
  onClose,
  onSave,
}: {
  item: OrderableItem;
  product: ProfileProduct;
  gsdlNo: string;
  onClose: () => void;
  onSave: (product: ProfileProduct) => void;
}) {
  const [selection, setSelection] = useState(() => selectionOf(product, item));
  return (
    <Stack gap="md">
      <RequisitionDetails
        item={item}
        selection={selection}
        onChange={setSelection}
        errors={{ fields: {} }}
        practitionerUser
        medicare={false}
        shipToOffice={false}
        disabled={false}
        gsdlNo={gsdlNo}
        orderId="new"
        variant="profile"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() =>
            onSave({
              ...product,
              panel: selection.panel,
              components: selection.components,
              addons: selection.addons,
            })
          }
        >
          Done
        </Button>
      </Group>
    </Stack>
  );
}
