import type { SavedOrder, UserInfo } from '@gear/domain';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { usePackingSlip } from '../../api/documents.ts';
import { Modal } from '../../components/modal.tsx';
import { PackingSlip } from '../../components/packing-slip.tsx';

/**
 * spec 3 §2 Order confirmation: 'an electronic packing-slip modal for ship-to-office orders'. The PDF (the order's
 * lines and a barcode of the order number, decision 0092) is fetched when the modal opens.
 */
export function PackingSlipButton({ order, user }: { order: SavedOrder; user: UserInfo }) {
  const [opened, setOpened] = useState(false);
  const slip = usePackingSlip(order, user, opened);
  return (
    <>
      <Button variant="light" mih={44} onClick={() => setOpened(true)}>
        View Electronic Packing Slip
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Electronic Packing Slip"
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close the packing slip' }}
      >
        <Text size="sm" mb="sm">
          Print this packing slip and put it in the box with the samples you send to the lab.
        </Text>
        <PackingSlip orderId={order.id} pdf={slip.data} error={slip.error} loading={slip.isFetching} />
      </Modal>
    </>
  );
}
