import {
  defaultSelection,
  nextStep,
  previousStep,
  type RecommendedProduct,
  reviewPhoneMessages,
  type SavedOrder,
  STEP_IDS,
  stepPath,
  type UserInfo,
} from '@gear/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRequisitionForItem } from '../../api/catalogue.ts';
import { useConfig } from '../../api/context.tsx';
import { useAddRecommendedProduct, useRecommendedProducts } from '../../api/review.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { Modal } from '../../components/modal.tsx';

interface Props {
  order: SavedOrder;
  user: UserInfo;
  /** spec 3 §6 'when no blocking condition exists': the review's submit blockers, none left. */
  shown: boolean;
}

/**
 * spec 3 §2 Recommended products: 'Products related to this order', at most 3 (decision 0110), each with Add to
 * Order. For practitioners, when nothing blocks the submit, on an order whose tests ship to the patient or register a
 * pack (a ship-to-office order adds lines on panel selection's bulk form).
 */
export function RecommendedProducts({ order, user, shown }: Props) {
  const officeOnly = order.requisitions.every((requisition) => requisition.shipToOffice);
  const enabled = shown && user.type === 'myGDX' && !officeOnly;
  const products = useRecommendedProducts(order, enabled);
  const phoneMessages = reviewPhoneMessages(useConfig().supportPhone);
  const [adding, setAdding] = useState<RecommendedProduct | null>(null);
  if (!enabled) return null;
  if (products.isError) return <ErrorAlert message={phoneMessages.recommendedProductFailed} />;
  if (!products.data || products.data.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="recommended-products">
      <Title order={3} id="recommended-products">
        Products related to this order
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
        {products.data.map((product) => (
          <Paper key={product.omsOrderableItemId} withBorder p="sm">
            <Stack gap="xs" h="100%" justify="space-between">
              <div>
                <Text fw={700}>{product.title}</Text>
                {product.description && (
                  <Text size="sm" lineClamp={3}>
                    {product.description}
                  </Text>
                )}
              </div>
              <Button
                variant="light"
                mih={44}
                onClick={() => setAdding(product)}
                aria-label={`Add to Order: ${product.title}`}
              >
                Add to Order
              </Button>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      {adding && (
        <AddToOrderModal order={order} user={user} product={adding} onClose={() => setAdding(null)} />
      )}
    </Paper>
  );
}

function AddToOrderModal({
  order,
  user,
  product,
  onClose,
}: {
  order: SavedOrder;
  user: UserInfo;
  product: RecommendedProduct;
  onClose(): void;
}) {
  const navigate = useNavigate();
  const gsdlNo = order.practitioner?.gsdlNo ?? null;
  const item = useRequisitionForItem(product.omsOrderableItemId, gsdlNo);
  const save = useAddRecommendedProduct();
  const phoneMessages = reviewPhoneMessages(useConfig().supportPhone);
  const dropShip = order.requisitions.some((requisition) => requisition.dropShip);

  const onAdd = () => {
    if (!item.data) return;
    const selection = defaultSelection(item.data.orderableItem);
    save.mutate(
      {
        id: order.id,
        version: order.version,
        requisitions: [
          {
            id: null,
            omsOrderableItemId: product.omsOrderableItemId,
            dropShip,
            panel: selection.panel,
            components: selection.components,
            addons: [],
            profileSpecificFields: [],
            patientInstructions: null,
          },
        ],
      },
      {
        onSuccess: (saved) => {
          if (saved.id === 'new') return;
          const known = new Set(order.requisitions.map((requisition) => requisition.id));
          const added = saved.requisitions.find((requisition) => !known.has(requisition.id));
          // spec 3 §4 'Recommended product add': the next or previous workflow step of that requisition.
          const forward = nextStep(saved, user, STEP_IDS.panels, added?.id ?? null);
          const target =
            forward.kind === 'step'
              ? forward
              : previousStep(saved, user, STEP_IDS.confirm, added?.id ?? null);
          onClose();
          if (target.kind === 'step') void navigate(stepPath(saved.id, target.step, target.gearReqId));
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Add to Order"
      closeButtonProps={{ 'aria-label': 'Close without adding' }}
    >
      <Stack gap="sm">
        <Text>
          Add <strong>{product.title}</strong> to this order? It is added with its standard tests; you can
          change them next.
        </Text>
        {product.description && <Text size="sm">{product.description}</Text>}
        <ErrorAlert message={item.isError || save.isError ? phoneMessages.recommendedProductFailed : null} />
        <Group justify="flex-end">
          <Button
            variant="default"
            mih={44}
            onClick={() => {
              onClose();
              void navigate(`/order/${order.id}/panels`);
            }}
          >
            Select Another Test
          </Button>
          <Button mih={44} onClick={onAdd} loading={save.isPending || item.isLoading} disabled={!item.data}>
            Add to Order
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
