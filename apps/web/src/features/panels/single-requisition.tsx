import {
  BILLING_METHODS,
  type BundleSummary,
  billingMethodForPanels,
  type CatalogueRequisition,
  COVID_ITEM_IDS,
  COVID_REGISTRATION_ITEM_ID,
  formatActivationNumber,
  formatRequisitionNumber,
  isAlreadyOnOrder,
  isChelationProvocationChosen,
  isOfferedForMedicareAnswer,
  MESSAGES,
  mayOrderInOfficeState,
  medicareItemRefusal,
  medicareRefusal,
  messages,
  type OrderableItemLists,
  type OrderableItemSummary,
  type OrderType,
  type Practitioner,
  paperlessSelection,
  type Requisition,
  showsMedicareUnregisteredWarning,
  type UserInfo,
} from '@gear/domain';
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConfirmPriceIncrease } from '../../api/billing.ts';
import {
  fetchCatalogueRequisition,
  fetchRequisitionById,
  fetchRequisitionForItem,
  type SingleSelectionBody,
  useOrderBundle,
  useSaveTestSelection,
} from '../../api/catalogue.ts';
import { useApi, useConfig } from '../../api/context.tsx';
import { errorMessage, isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/keys.ts';
import { PageLoader } from '../../app/startup.tsx';
import { PriceIncreaseModal } from '../../components/price-increase-modal.tsx';
import type { WizardNavigation } from '../wizard/use-wizard-navigation.ts';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import type { WizardOrder } from '../wizard/wizard-order.ts';
import { ActivationSearch } from './activation-search.tsx';
import { allProducts, ProductCatalogue } from './product-catalogue.tsx';
import { RepurposeModal } from './repurpose-modal.tsx';
import { RequisitionDetails } from './requisition-details.tsx';
import { packNumbers } from './requisition-search.ts';
import { SaveErrors } from './save-errors.tsx';
import {
  answersOf,
  emptySelection,
  hasErrors,
  type SelectionErrors,
  selectionFromRequisition,
  singleSelectionBody,
  type TestSelection,
  validateSelection,
  withMedicare,
} from './selection.ts';

/** The screen named when a price increase is recorded (spec 1 §7 'source e.g. BillingOptions'). */
const PRICE_INCREASE_SOURCE = 'PanelSelection';

/** spec 1 §4.4: 'Choosing COVID sets the profile filter to COVID'. */
const isCovidProduct = (item: OrderableItemSummary) => COVID_ITEM_IDS.includes(item.id);

export interface SingleRequisitionProps {
  order: WizardOrder;
  user: UserInfo;
  practitioner: Practitioner | null;
  orderType: Exclude<OrderType, 'bulk'>;
  /** The requisition being edited (the route's gearReqId), if any. */
  requisition: Requisition | null;
  /** The practitioner's catalogue (practitioners only). */
  lists: OrderableItemLists | undefined;
  locked: boolean;
  navigation: WizardNavigation;
  /** Unknown-id activation: the activation number the lab did not know. */
  unknownActivationCode: string | null;
  onSwitchType: (type: OrderType, activationCode?: string) => void;
  showMedicareSelector: boolean;
  /** Used inline: Cancel and Save (spec 1 §2.6). */
  inline?: boolean;
  query: { requisitionNumber: string | null; dateOfBirth: string | null; gdxId: string | null };
}

interface Chosen {
  requisition: CatalogueRequisition;
  reqNumber: string | null;
  activationCode: string | null;
}

/**
 * One requisition (spec 1 §2.6 'Requisition details'): Ship to Patient, Activate Online (by number), Activate COVID
 * Test, activation without a number and unknown-id activation. Next saves with PUT /gear/testSelection.
 */
export function SingleRequisition(props: SingleRequisitionProps) {
  const { order, user, practitioner, orderType, requisition, lists, locked, navigation } = props;
  const api = useApi();
  const { supportPhone } = useConfig();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const save = useSaveTestSelection();
  const confirmIncrease = useConfirmPriceIncrease();
  const orderBundle = useOrderBundle();
  const navigate = useNavigate();
  const [bundleError, setBundleError] = useState<string | null>(null);
  /** A save the server refused until the price increase is confirmed (spec 1 §4.4), waiting for Yes or No. */
  const [pendingIncrease, setPendingIncrease] = useState<SingleSelectionBody | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const practitionerUser = user.type === 'myGDX';
  const gsdlNo = practitioner?.gsdlNo ?? null;
  const acknowledged =
    'dateMedicalNecessityAcknowledged' in order ? order.dateMedicalNecessityAcknowledged : null;

  const [chosen, setChosen] = useState<Chosen | null>(null);
  /** The pack a search found, kept while it is used for another test (spec 1 §4.4 repurpose). */
  const [pack, setPack] = useState<Chosen | null>(null);
  const [repurposing, setRepurposing] = useState(false);
  const [selection, setSelection] = useState<TestSelection>(() =>
    requisition
      ? selectionFromRequisition(requisition, { dateMedicalNecessityAcknowledged: acknowledged })
      : emptySelection(),
  );
  const [errors, setErrors] = useState<SelectionErrors | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const [loadingItem, setLoadingItem] = useState(false);
  const [medicare, setMedicare] = useState(
    requisition ? requisition.billingMethod === BILLING_METHODS.medicare : order.governmentPayor,
  );

  const load = async (
    queryKey: readonly unknown[],
    queryFn: (signal: AbortSignal) => Promise<CatalogueRequisition>,
  ): Promise<CatalogueRequisition | null> => {
    setLoadingItem(true);
    try {
      return await queryClient.fetchQuery({
        queryKey,
        queryFn: ({ signal }) => queryFn(signal),
        staleTime: 5 * 60_000,
      });
    } catch (error) {
      setChooseError(errorMessage(error, supportPhone));
      return null;
    } finally {
      setLoadingItem(false);
    }
  };
  /** A product of the catalogue, as a requisition without a pack. */
  const loadItem = (itemId: number) =>
    load(queryKeys.requisitionForItem(gsdlNo ?? '', itemId), (signal) =>
      fetchRequisitionForItem(api, itemId, gsdlNo, signal),
    );
  /** The pack and product of a requisition on the order (patients too: no practitioner catalogue needed). */
  const loadSaved = (gearReqId: number) =>
    load(queryKeys.savedRequisition(gearReqId), (signal) => fetchRequisitionById(api, gearReqId, signal));

  /**
   * spec 1 §4.4 repurpose while editing a saved requisition: its pack as the lab knows it (its own product, which a
   * repurposed requisition no longer shows), by the activation number, else the requisition number. Quiet: a pack
   * the lab does not know (unknownIdActivation) simply offers no repurposing.
   */
  const loadSavedPack = async ({ reqNumber, activationCode }: Requisition) => {
    const number = activationCode ?? reqNumber;
    if (!number) return;
    try {
      const found = await fetchCatalogueRequisition(api, number, gsdlNo);
      if (found.id !== null) setPack({ requisition: found, reqNumber, activationCode });
    } catch {
      // No pack to repurpose.
    }
  };

  /** spec 1 §5: 'Products whose name ends with * cannot be ordered in New York.' */
  const notOrderableHere = (item: Pick<OrderableItemSummary, 'name'>): string | null =>
    practitioner && !mayOrderInOfficeState(item, practitioner) ? MESSAGES.notOrderableInNewYork : null;

  /** spec 1 §5: a product already on the order, or starred for a New York office, cannot be chosen. */
  const refusal = (item: Pick<OrderableItemSummary, 'id' | 'name'>): string | null => {
    if (isAlreadyOnOrder(item.id, order.requisitions, requisition?.id ?? null))
      return MESSAGES.productAlreadyAdded;
    return notOrderableHere(item);
  };

  const choose = (found: CatalogueRequisition, reqNumber: string | null, activationCode: string | null) => {
    const refused = refusal(found.orderableItem);
    if (refused) {
      setChooseError(refused);
      return;
    }
    setChooseError(null);
    setErrors(null);
    setChosen({ requisition: found, reqNumber, activationCode });
    if (found.paperless && !practitionerUser) {
      setSelection({ ...emptySelection(), ...paperlessSelection(found.orderableItem, found.preselection) });
    } else if (!requisition || requisition.omsOrderableItemId !== found.orderableItem.id) {
      setSelection((current) => ({ ...emptySelection(), medicalNecessity: current.medicalNecessity }));
    }
  };

  const chooseProduct = async (item: OrderableItemSummary) => {
    const refused = refusal(item);
    if (refused) {
      setChooseError(refused);
      return;
    }
    const found = await loadItem(item.id);
    if (found) {
      const activationCode = orderType === 'unknownIdActivation' ? props.unknownActivationCode : null;
      choose(found, null, activationCode);
    }
  };

  // Editing a saved requisition: its pack and product; Activate COVID Test: item 902 (spec 1 §4.4).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (requisition) {
      void loadSaved(requisition.id).then((found) => {
        if (found) {
          setChosen({
            requisition: found,
            reqNumber: requisition.reqNumber,
            activationCode: requisition.activationCode,
          });
        }
      });
      if (practitionerUser && !locked) void loadSavedPack(requisition);
    } else if (orderType === 'covidRegistration') {
      void loadItem(COVID_REGISTRATION_ITEM_ID).then((found) => found && choose(found, null, null));
    }
  });

  const item = chosen?.requisition.orderableItem ?? null;
  const testsLocked = Boolean((chosen?.requisition.paperless || requisition?.paperless) && !practitionerUser);
  const medicareProblem = item ? medicareItemRefusal(item, medicare) : null;
  const medicareRefused = props.showMedicareSelector && practitioner ? medicareRefusal(practitioner) : null;
  const chelationOnMedicare = medicare && isChelationProvocationChosen(answersOf(selection));
  const unregisteredMedicare =
    requisition?.reqNumber &&
    'dateMedicalNecessityAcknowledged' in order &&
    showsMedicareUnregisteredWarning(order, requisition)
      ? MESSAGES.medicareUnregistered(formatRequisitionNumber(requisition.reqNumber))
      : null;

  const changeMedicare = (value: boolean) => {
    setMedicare(value);
    setErrors(null);
    if (!item) return;
    // spec 1 §4.4: switching the Medicare flag resets a mixed-pricing panel.
    const base = item.mixedComponentPricing ? { ...selection, panel: null, components: [] } : selection;
    setSelection(withMedicare(base, item, value));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) {
      void navigation.next(order);
      return;
    }
    if (!item || !chosen) {
      setErrors({ test: MESSAGES.selectTest, fields: {} });
      return;
    }
    const found = validateSelection(selection, { item, userType: user.type, medicare });
    setErrors(found);
    if (hasErrors(found)) return;
    const body = singleSelectionBody(selection, {
      order: { id: order.id, version: order.version, dateMedicalNecessityAcknowledged: acknowledged },
      item,
      requisition,
      orderType,
      reqNumber: chosen.reqNumber ?? chosen.requisition.reqNumber,
      activationCode: chosen.activationCode ?? chosen.requisition.activationCode,
      billingMethod: practitioner
        ? billingMethodForPanels({
            medicare,
            profileSpecificFields: answersOf(selection),
            practitioner,
            current: requisition?.billingMethod ?? null,
          })
        : null,
      userType: user.type,
      medicare,
      now: () => new Date(),
    });
    setConfirmError(null);
    save.mutate(
      { body, search },
      {
        onSuccess: (saved) => navigation.next(saved),
        onError: (error) => {
          // spec 1 §4.4: the server asks for the price-increase confirmation (decision 0045).
          if (isApiError(error) && error.fieldErrors.some((e) => e.field === 'priceIncreaseConfirmed')) {
            save.reset();
            setPendingIncrease(body);
          }
        },
      },
    );
  };

  /** spec 1 §4.4 'Yes resubmits as confirmed and then records the price change'. */
  const confirmPriceIncrease = (body: SingleSelectionBody) => {
    setPendingIncrease(null);
    save.mutate(
      { body: { ...body, priceIncreaseConfirmed: true }, search },
      {
        onSuccess: async (saved) => {
          const gearReqId = requisition?.id ?? saved.requisitions.at(-1)?.id;
          let after = saved;
          if (typeof saved.id === 'number' && gearReqId !== undefined) {
            try {
              after = await confirmIncrease.mutateAsync({
                orderId: saved.id,
                gearReqId,
                source: PRICE_INCREASE_SOURCE,
                version: saved.version,
              });
            } catch (error) {
              setConfirmError(errorMessage(error, supportPhone));
              return;
            }
          }
          await navigation.next(after);
        },
      },
    );
  };

  /**
   * spec 1 §7 PUT /gear/bundle/{gearBundleId}/order: the custom profile's products go on this order (or a new one);
   * 'the user then goes to /order/{id}/patient'. A refusal shows the server's reason for a product or option; any
   * other failure the spec's 'An unexpected error has occurred. Please try again.'
   */
  const orderFromBundle = (bundle: BundleSummary) => {
    setBundleError(null);
    const saved = typeof order.id === 'number';
    orderBundle.mutate(
      {
        gearBundleId: bundle.gearBundleId,
        gearOrderId: saved ? (order.id as number) : null,
        practAgreement: order.practAgreement ?? null,
        ...(saved ? { version: order.version } : {}),
      },
      {
        onSuccess: (created) => void navigate(`/order/${created.id}/patient${search}`),
        onError: (error) =>
          setBundleError(
            isApiError(error) && error.kind === 'validation'
              ? error.message
              : messages(supportPhone).unexpectedErrorTryAgain,
          ),
      },
    );
  };

  /**
   * spec 1 §4.4 repurpose: 'The original item reloads by activation code; a different item' is loaded from the
   * catalogue and keeps the pack's numbers (the server then marks the requisition repurposed, decision 0047).
   */
  const repurpose = async (target: OrderableItemSummary) => {
    setRepurposing(false);
    if (!pack) return;
    const reqNumber = pack.reqNumber ?? pack.requisition.reqNumber;
    const activationCode = pack.activationCode ?? pack.requisition.activationCode;
    const original = target.id === pack.requisition.orderableItem.id;
    const number = activationCode ?? reqNumber;
    const found =
      original && number
        ? await load(queryKeys.requisitionForItem(`pack:${number}`, target.id), () =>
            fetchCatalogueRequisition(api, number, gsdlNo),
          )
        : await loadItem(target.id);
    if (found) choose(found, reqNumber, activationCode);
  };

  /** spec 1 §4.4 'No restores the form': the tests as saved. */
  const declinePriceIncrease = () => {
    setPendingIncrease(null);
    if (requisition)
      setSelection(selectionFromRequisition(requisition, { dateMedicalNecessityAcknowledged: acknowledged }));
    setErrors(null);
  };

  const searching = orderType === 'registration' && !requisition;
  const fromCatalogue = !requisition && orderType !== 'registration';

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {props.showMedicareSelector && (
          <Radio.Group
            label="Will Medicare or Tricare be billed for this order?"
            value={medicare ? 'yes' : 'no'}
            onChange={(value) => changeMedicare(value === 'yes')}
          >
            <Group gap="md" mt={4}>
              <Radio value="yes" label="Yes" disabled={locked || (medicareRefused !== null && !medicare)} />
              <Radio value="no" label="No" disabled={locked} />
            </Group>
          </Radio.Group>
        )}
        {medicareRefused && (
          <Alert color="yellow" role="note">
            {medicareRefused}
          </Alert>
        )}
        {unregisteredMedicare && (
          <Alert color="yellow" role="note">
            {unregisteredMedicare}
          </Alert>
        )}
        {medicareProblem && (
          <Alert color="red" role="alert">
            {medicareProblem}
          </Alert>
        )}
        {orderType === 'unknownIdActivation' && props.unknownActivationCode && (
          <Alert color="blue" role="status">
            We do not have test orders for activation number{' '}
            {formatActivationNumber(props.unknownActivationCode)} yet. Choose the product of this collection
            pack to activate it.
          </Alert>
        )}
        {orderType === 'noCardRegistration' && (
          <Text size="sm">Choose the product to activate without an activation number.</Text>
        )}
        {searching && (
          <ActivationSearch
            order={order}
            user={user}
            gsdlNo={gsdlNo}
            initialNumber={props.query.requisitionNumber}
            dateOfBirth={props.query.dateOfBirth}
            gdxId={props.query.gdxId}
            disabled={locked || save.isPending}
            onFound={(found, number) => {
              const { reqNumber, activationCode } = packNumbers(found, number);
              setPack(found.id === null ? null : { requisition: found, reqNumber, activationCode });
              choose(found, reqNumber, activationCode);
            }}
            onUnknownActivation={(number) => props.onSwitchType('unknownIdActivation', number)}
            onNoNumber={practitionerUser ? () => props.onSwitchType('noCardRegistration') : undefined}
            onCleared={() => {
              setChosen(null);
              setPack(null);
              setChooseError(null);
              setErrors(null);
            }}
          />
        )}
        {fromCatalogue && lists && gsdlNo && medicare && (
          <Text size="sm" role="status">
            {MESSAGES.medicareProductsOnly}
          </Text>
        )}
        {fromCatalogue && lists && gsdlNo && (
          <ProductCatalogue
            lists={lists}
            gsdlNo={gsdlNo}
            mode="select"
            onSelect={(picked) => void chooseProduct(picked)}
            unavailable={notOrderableHere}
            only={(candidate) =>
              (orderType !== 'covidRegistration' || isCovidProduct(candidate)) &&
              isOfferedForMedicareAnswer(candidate, medicare)
            }
            showHighlights={orderType === 'dropShip'}
            disabled={locked || save.isPending || loadingItem}
            selectedId={item?.id ?? null}
            onOrderBundle={orderType === 'dropShip' ? orderFromBundle : undefined}
            orderingBundleId={orderBundle.isPending ? (orderBundle.variables?.gearBundleId ?? null) : null}
          />
        )}
        {bundleError && (
          <Alert color="red" role="alert">
            {bundleError}
          </Alert>
        )}
        {chooseError && (
          <Alert color="red" role="alert">
            {chooseError}
          </Alert>
        )}
        {loadingItem && <PageLoader />}
        {practitionerUser && pack && item && !locked && (
          <Group gap="sm">
            {item.id !== pack.requisition.orderableItem.id && (
              <Text size="sm" role="status">
                This collection pack ({pack.requisition.orderableItem.name}) is used for {item.name}.
              </Text>
            )}
            <Button variant="default" size="compact-sm" onClick={() => setRepurposing(true)}>
              Use this pack for a different test
            </Button>
          </Group>
        )}
        {item && chosen && (
          <RequisitionDetails
            item={item}
            selection={selection}
            onChange={(next) => {
              setSelection(next);
              if (errors) setErrors(validateSelection(next, { item, userType: user.type, medicare }));
            }}
            errors={errors ?? { fields: {} }}
            practitionerUser={practitionerUser}
            medicare={medicare}
            shipToOffice={false}
            disabled={locked || save.isPending}
            testsLocked={testsLocked}
            gsdlNo={gsdlNo}
            orderId={order.id}
            reqNumber={chosen.reqNumber ?? chosen.requisition.reqNumber}
            activationCode={chosen.activationCode ?? chosen.requisition.activationCode}
          />
        )}
        {chelationOnMedicare && (
          <Alert color="yellow" role="note">
            {MESSAGES.chelationNotCovered}
          </Alert>
        )}
        {!item && errors?.test && (
          <Alert color="red" role="alert">
            {errors.test}
          </Alert>
        )}
        <SaveErrors error={save.error} phone={supportPhone} />
        {confirmError && (
          <Alert color="red" role="alert">
            {confirmError}
          </Alert>
        )}
        <WizardButtons
          onBack={() => void navigation.back()}
          saving={save.isPending || confirmIncrease.isPending}
          inline={props.inline}
        />
      </Stack>
      {pack && lists && item && (
        <RepurposeModal
          opened={repurposing}
          packItem={pack.requisition.orderableItem}
          products={allProducts(lists).filter((candidate) => isOfferedForMedicareAnswer(candidate, medicare))}
          unavailable={refusal}
          currentId={item.id}
          onChoose={(target) => void repurpose(target)}
          onClose={() => setRepurposing(false)}
        />
      )}
      <PriceIncreaseModal
        opened={pendingIncrease !== null}
        change="Changing the tests of this requisition"
        busy={save.isPending}
        onYes={() => pendingIncrease && confirmPriceIncrease(pendingIncrease)}
        onNo={declinePriceIncrease}
      />
    </form>
  );
}
