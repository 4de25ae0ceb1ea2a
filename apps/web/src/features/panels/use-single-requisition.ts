import {
  type BundleSummary,
  billingMethodForPanels,
  type CatalogueRequisition,
  COVID_ITEM_IDS,
  COVID_REGISTRATION_ITEM_ID,
  formatRequisitionNumber,
  isAlreadyOnOrder,
  isChelationProvocationChosen,
  MESSAGES,
  mayOrderInOfficeState,
  medicareItemRefusal,
  medicareRefusal,
  messages,
  type OrderableItemLists,
  type OrderableItemSummary,
  type OrderType,
  type Practitioner,
  type Requisition,
  type SingleTestSelectionRequest,
  showsMedicareUnregisteredWarning,
  type UserInfo,
} from '@gear/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useReducer, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useConfirmPriceIncrease } from '../../api/billing.ts';
import {
  fetchCatalogueRequisition,
  fetchRequisitionById,
  fetchRequisitionForItem,
} from '../../api/catalogue.ts';
import { useApi, useConfig } from '../../api/context.tsx';
import { errorMessage, isApiError } from '../../api/errors.ts';
import { queryKeys } from '../../api/keys.ts';
import type { WizardNavigation } from '../wizard/use-wizard-navigation.ts';
import type { WizardOrder } from '../wizard/wizard-order.ts';
import { packNumbers } from './requisition-search.ts';
import {
  answersOf,
  hasErrors,
  selectionFromRequisition,
  singleSelectionBody,
  type TestSelection,
  validateSelection,
} from './selection.ts';
import { initialSingleRequisitionState, singleRequisitionReducer } from './single-requisition-state.ts';
import { useOrderBundle, useSaveTestSelection } from './use-save-test-selection.ts';

/** The screen named when a price increase is recorded (spec 1 §7 'source e.g. BillingOptions'). */
const PRICE_INCREASE_SOURCE = 'PanelSelection';

/** spec 1 §4.4: 'Choosing COVID sets the profile filter to COVID'. */
export const isCovidProduct = (item: OrderableItemSummary) => COVID_ITEM_IDS.includes(item.id);

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

/**
 * The state and actions of one requisition's form (spec 1 §2.6 'Requisition details'): what is chosen, the tests, the
 * Medicare answer, the save and its price-increase confirmation. The transitions are singleRequisitionReducer's.
 */
export function useSingleRequisition(props: SingleRequisitionProps) {
  const { order, user, practitioner, orderType, requisition, locked, navigation } = props;
  const api = useApi();
  const { supportPhone } = useConfig();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const save = useSaveTestSelection();
  const confirmIncrease = useConfirmPriceIncrease();
  const orderBundle = useOrderBundle();
  const navigate = useNavigate();
  const practitionerUser = user.type === 'myGDX';
  const gsdlNo = practitioner?.gsdlNo ?? null;
  const acknowledged =
    'dateMedicalNecessityAcknowledged' in order ? order.dateMedicalNecessityAcknowledged : null;

  const [state, dispatch] = useReducer(
    singleRequisitionReducer,
    { order, requisition, acknowledged },
    initialSingleRequisitionState,
  );
  const { chosen, pack, selection, medicare } = state;

  const load = async (
    queryKey: readonly unknown[],
    queryFn: (signal: AbortSignal) => Promise<CatalogueRequisition>,
  ): Promise<CatalogueRequisition | null> => {
    dispatch({ type: 'loading', loading: true });
    try {
      return await queryClient.fetchQuery({
        queryKey,
        queryFn: ({ signal }) => queryFn(signal),
        staleTime: 5 * 60_000,
      });
    } catch (error) {
      dispatch({ type: 'refused', message: errorMessage(error, supportPhone) });
      return null;
    } finally {
      dispatch({ type: 'loading', loading: false });
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
      if (found.id !== null)
        dispatch({ type: 'packFound', pack: { requisition: found, reqNumber, activationCode } });
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
      dispatch({ type: 'refused', message: refused });
      return;
    }
    dispatch({
      type: 'chosen',
      chosen: { requisition: found, reqNumber, activationCode },
      editing: requisition,
      practitionerUser,
    });
  };

  const chooseProduct = async (item: OrderableItemSummary) => {
    const refused = refusal(item);
    if (refused) {
      dispatch({ type: 'refused', message: refused });
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
          dispatch({
            type: 'savedLoaded',
            chosen: {
              requisition: found,
              reqNumber: requisition.reqNumber,
              activationCode: requisition.activationCode,
            },
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

  const changeMedicare = (value: boolean) => dispatch({ type: 'medicareChanged', medicare: value, item });

  const edit = (next: TestSelection) => dispatch({ type: 'edited', selection: next, userType: user.type });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) {
      void navigation.next(order);
      return;
    }
    if (!item || !chosen) {
      dispatch({ type: 'validated', errors: { test: MESSAGES.selectTest, fields: {} } });
      return;
    }
    const found = validateSelection(selection, { item, userType: user.type, medicare });
    dispatch({ type: 'validated', errors: found });
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
    dispatch({ type: 'saving' });
    save.mutate(
      { body, search },
      {
        onSuccess: (saved) => navigation.next(saved),
        onError: (error) => {
          // spec 1 §4.4: the server asks for the price-increase confirmation (decision 0045).
          if (isApiError(error) && error.fieldErrors.some((e) => e.field === 'priceIncreaseConfirmed')) {
            save.reset();
            dispatch({ type: 'priceIncreaseAsked', body });
          }
        },
      },
    );
  };

  /** spec 1 §4.4 'Yes resubmits as confirmed and then records the price change'. */
  const confirmPriceIncrease = (body: SingleTestSelectionRequest) => {
    dispatch({ type: 'priceIncreaseConfirmed' });
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
              dispatch({ type: 'confirmFailed', message: errorMessage(error, supportPhone) });
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
    dispatch({ type: 'bundleFailed', message: null });
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
          dispatch({
            type: 'bundleFailed',
            message:
              isApiError(error) && error.kind === 'validation'
                ? error.message
                : messages(supportPhone).unexpectedErrorTryAgain,
          }),
      },
    );
  };

  /**
   * spec 1 §4.4 repurpose: 'The original item reloads by activation code; a different item' is loaded from the
   * catalogue and keeps the pack's numbers (the server then marks the requisition repurposed, decision 0047).
   */
  const repurpose = async (target: OrderableItemSummary) => {
    dispatch({ type: 'repurposing', open: false });
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
  const declinePriceIncrease = () =>
    dispatch({
      type: 'priceIncreaseDeclined',
      restore: requisition
        ? selectionFromRequisition(requisition, { dateMedicalNecessityAcknowledged: acknowledged })
        : null,
    });

  /** An activation search found a pack (or a product without one, then nothing to repurpose). */
  const found = (requisitionFound: CatalogueRequisition, number: string) => {
    const numbers = packNumbers(requisitionFound, number);
    dispatch({
      type: 'packFound',
      pack: requisitionFound.id === null ? null : { requisition: requisitionFound, ...numbers },
    });
    choose(requisitionFound, numbers.reqNumber, numbers.activationCode);
  };

  const searching = orderType === 'registration' && !requisition;
  const fromCatalogue = !requisition && orderType !== 'registration';

  return {
    state,
    dispatch,
    save,
    confirmIncrease,
    orderBundle,
    gsdlNo,
    practitionerUser,
    item,
    testsLocked,
    medicareProblem,
    medicareRefused,
    chelationOnMedicare,
    unregisteredMedicare,
    searching,
    fromCatalogue,
    changeMedicare,
    edit,
    onSubmit,
    confirmPriceIncrease,
    declinePriceIncrease,
    orderFromBundle,
    repurpose,
    chooseProduct,
    notOrderableHere,
    refusal,
    found,
  };
}
