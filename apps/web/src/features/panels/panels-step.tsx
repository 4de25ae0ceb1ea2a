import {
  availableOrderTypeChoices,
  type InitialOrderTypeFacts,
  initialOrderType,
  isPanelSelectionLocked,
  type OrderType,
  showsMedicareSelector,
  showsRecollectionModal,
} from '@gear/domain';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOrderableItems } from '../../api/catalogue.ts';
import { OrderLockNotice } from '../../components/order-lock-notice.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import type { StepProps } from '../wizard/types.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import type { WizardOrder } from '../wizard/wizard-order.ts';
import { OrderTypeChooser } from './order-type-chooser.tsx';
import { RecollectionModal } from './recollection-modal.tsx';
import { SingleRequisition } from './single-requisition.tsx';

/** The bulk order (Ship to Office, practitioners only) loads when it is chosen (decision 0235). */
const BulkOrder = lazy(() => import('./bulk-order.tsx').then((module) => ({ default: module.BulkOrder })));

const wholeNumber = (value: string | null): number | null =>
  value && /^\d+$/.test(value) ? Number(value) : null;

/** The order facts the order-type rules read; a new order has none of a saved order's flags yet. */
const orderTypeFactsOf = (order: WizardOrder): InitialOrderTypeFacts['order'] =>
  'recollectionFor' in order
    ? order
    : { ...order, myGDXKitOrder: false, covidRegistration: false, recollectionFor: null };

/**
 * spec 1 §2.6 Panel Selection: the order type ('What would you like to do?' for practitioners), then a bulk order
 * (Ship to Office) or one requisition (Ship to Patient, Activate Online, Activate COVID Test, activation without a
 * number, unknown-id activation). Locked (spec 1 §4.2): inputs disabled and Next only advances.
 */
export function PanelsStep({
  order,
  user,
  navigation,
  gearReqId,
  inlineType = null,
}: Omit<StepProps, 'step'> & {
  /** The step used inline with this order type (spec 1 §2.6 'Cancel and Save when the step is used inline'). */
  inlineType?: OrderType | null;
}) {
  const inline = inlineType !== null;
  const [params] = useSearchParams();
  const practitionerUser = user.type === 'myGDX';
  const practitioner = order.practitioner;
  const locked = isPanelSelectionLocked(order, user);
  const requisition =
    gearReqId === null ? null : (order.requisitions.find((r) => r.id === gearReqId) ?? null);
  const addingRequisition = user.type === 'prc' && order.id !== 'new' && !requisition;
  const catalogue = useOrderableItems(practitionerUser ? (practitioner?.gsdlNo ?? null) : null);
  const facts = orderTypeFactsOf(order);
  const choices = practitioner
    ? availableOrderTypeChoices({
        userType: user.type,
        practitioner,
        recollection: facts.recollectionFor !== null,
      })
    : [];
  const preAddItemId = wholeNumber(params.get('orderableItemId'));

  const [orderType, setOrderType] = useState<OrderType | null>(() => {
    const initial = initialOrderType({
      inlineType,
      userType: user.type,
      addingRequisition,
      fromBundles: false,
      order: facts,
      requisition,
    });
    if (initial) return initial;
    // spec 1 §2.8: orderableItemId pre-adds a bulk line to an order that has none yet.
    const mayShipToOffice = choices.some((choice) => choice.orderType === 'bulk');
    if (preAddItemId !== null && mayShipToOffice && order.requisitions.length === 0) return 'bulk';
    return null;
  });
  const [unknownActivationCode, setUnknownActivationCode] = useState<string | null>(null);

  // spec 1 §4.1: 'An order without a practitioner sends the user back.'
  const noPractitioner = practitionerUser && !practitioner;
  const sentBack = useRef(false);
  useEffect(() => {
    if (!noPractitioner || sentBack.current) return;
    sentBack.current = true;
    void navigation.back();
  });
  if (noPractitioner) return null;

  const switchType = (type: OrderType, activationCode?: string) => {
    setOrderType(type);
    setUnknownActivationCode(activationCode ?? null);
  };

  const choosing = practitionerUser && !requisition && !inline;
  const heading = addingRequisition && !inline ? 'Register another Requisition' : null;
  const needsCatalogue = practitionerUser && orderType !== null && orderType !== 'registration';

  let flow: ReactNode;
  if (orderType === null) {
    flow = <NoOrderType order={order} locked={locked} navigation={navigation} />;
  } else if (needsCatalogue && catalogue.isPending) {
    flow = <PageLoader />;
  } else if (needsCatalogue && catalogue.isError) {
    flow = (
      <Alert color="red" role="alert">
        {catalogue.error.message}
      </Alert>
    );
  } else if (orderType === 'bulk' && practitioner && catalogue.data) {
    flow = (
      <Suspense fallback={<PageLoader />}>
        <BulkOrder
          order={order}
          practitioner={practitioner}
          lists={catalogue.data}
          locked={locked}
          navigation={navigation}
          preAddItemId={preAddItemId}
          inline={inline}
        />
      </Suspense>
    );
  } else if (orderType !== 'bulk') {
    flow = (
      <SingleRequisition
        key={`${orderType}/${unknownActivationCode ?? ''}`}
        order={order}
        user={user}
        practitioner={practitioner}
        orderType={orderType}
        requisition={requisition}
        lists={catalogue.data}
        locked={locked}
        navigation={navigation}
        unknownActivationCode={unknownActivationCode}
        onSwitchType={switchType}
        inline={inline}
        showMedicareSelector={
          orderType !== 'covidRegistration' &&
          practitioner !== null &&
          showsMedicareSelector({ userType: user.type, practitioner, inline })
        }
        query={{
          requisitionNumber: params.get('requisitionNumber'),
          dateOfBirth: params.get('dateOfBirth'),
          gdxId: params.get('gdxId'),
        }}
      />
    );
  }

  const recollectionFor = facts.recollectionFor;
  return (
    <Stack gap="lg">
      {recollectionFor !== null && showsRecollectionModal({ recollectionFor }, user, locked) && (
        <RecollectionModal recollectionFor={recollectionFor} requisitions={order.requisitions} />
      )}
      <OrderLockNotice order={order} user={user} />
      {heading && (
        <Title order={2} size="h3">
          {heading}
        </Title>
      )}
      {choosing && choices.length > 0 && (
        <OrderTypeChooser
          choices={choices}
          value={orderType}
          onChange={(type) => switchType(type)}
          disabled={locked}
        />
      )}
      {choosing && choices.length === 0 && <Text>This practitioner account cannot place orders online.</Text>}
      {flow}
    </Stack>
  );
}

function NoOrderType({
  order,
  locked,
  navigation,
}: Pick<StepProps, 'order' | 'navigation'> & { locked: boolean }) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) void navigation.next(order);
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      {!locked && (
        <Text size="sm" id="order-type-needed">
          Choose what you would like to do to continue.
        </Text>
      )}
      <WizardButtons
        onBack={() => void navigation.back()}
        nextDisabled={!locked}
        nextDescribedBy={locked ? undefined : 'order-type-needed'}
      />
    </form>
  );
}
