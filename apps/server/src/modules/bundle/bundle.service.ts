import type { SavedOrder } from '@gear/domain';
import {
  BILLING_METHODS,
  type BillingMethod,
  BUNDLE_ORDER_TYPE,
  type Bundle,
  type BundleAnswer,
  type BundleOrderBody,
  type BundleSaveAnswer,
  type BundleSaveBody,
  billingMethodOfBundleProduct,
  bundleBillingErrors,
  bundleErrors,
  completeStep,
  defaultSelection,
  type FieldError,
  type GearOrder,
  isAdmin,
  isMedicareBundle,
  isTestSelected,
  MESSAGES,
  mayOrderFor,
  medicareRefusal,
  orderabilityErrors,
  type Practitioner,
  STEP_IDS,
  skipStep,
  testSelectionErrors,
  type UserInfo,
  validatePractitionerStep,
} from '@gear/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bundleProducts, bundles } from '../../db/schema/index.ts';
import { badRequest, forbidden, namedRefusal, notFound } from '../../lib/http-error.ts';
import { transaction } from '../../lib/transaction.ts';
import type { Caller } from '../../plugins/auth.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { loadOrder } from '../order/order.repository.ts';
import { savedOrder } from '../order/order.service.ts';
import { applyChangePlan, changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';
import { insertNewOrder } from '../practitioner/practitioner.service.ts';
import type { RequisitionValues } from '../requisition/requisition.repository.ts';
import { stepsAfterPanelSave } from '../requisition/test-selection.service.ts';
import {
  findBundleRow,
  insertBundle,
  listBundles,
  markBundleDeleted,
  updateBundle,
} from './bundle.repository.ts';

/** A saved, not deleted custom profile with its products in order; null when there is none. */
export async function findBundle(db: Db, gearBundleId: number): Promise<Bundle | null> {
  const [row] = await db
    .select()
    .from(bundles)
    .where(and(eq(bundles.id, gearBundleId), eq(bundles.deleted, false)))
    .limit(1);
  if (!row) return null;
  const products = await db
    .select()
    .from(bundleProducts)
    .where(eq(bundleProducts.bundleId, row.id))
    .orderBy(asc(bundleProducts.position));
  return {
    gearBundleId: row.id,
    name: row.name,
    gsdlNo: row.gsdlNo,
    billingMethod: row.billingMethod as BillingMethod,
    products: products.map((product) => ({
      omsOrderableItemId: product.orderableItemId,
      panel: product.panel,
      components: product.components,
      addons: product.addons,
      billingMethod: (product.billingMethod as BillingMethod | null) ?? null,
    })),
  };
}

function refuseIfAny(errors: readonly FieldError[]) {
  const [first] = errors;
  if (first) throw badRequest(first.defaultMessage, [...errors]);
}

/** The bundle and its practitioner, for a caller who may order for that practitioner (404 / 403, spec 1 §6). */
async function bundleForCaller(db: Db, user: UserInfo, gearBundleId: number) {
  const bundle = await findBundle(db, gearBundleId);
  if (!bundle) throw notFound(MESSAGES.bundleNotFound);
  const practitioner = await findPractitioner(db, bundle.gsdlNo);
  if (!practitioner) throw notFound(MESSAGES.bundleNotFound);
  if (user.type !== 'myGDX' || (!isAdmin(user) && !mayOrderFor(user, practitioner)))
    throw forbidden(MESSAGES.forbidden);
  return { bundle, practitioner };
}

/** The order the products go on must be the bundle's practitioner's (its locks are the change core's). */
function refuseOtherPractitionersOrder(order: SavedOrder, practitioner: Practitioner) {
  if (order.practitioner?.gsdlNo !== practitioner.gsdlNo) {
    const message = MESSAGES.bundleOfAnotherPractitioner;
    throw badRequest(message, [{ field: 'gearOrderId', defaultMessage: message }]);
  }
}

interface PlannedProduct {
  values: RequisitionValues;
  billingMethod: BillingMethod;
}

/**
 * Every product as a drop-ship requisition (spec 1 §4.4 'arriving from bundles forces dropShip'), checked like a
 * panel-selection save: orderable by this practitioner (NY, Medicare-eligible on a Medicare bundle, once per order)
 * and a valid test selection; a product saved without a test takes the product's base panel.
 */
async function planProducts(
  db: Db,
  bundle: Bundle,
  practitioner: Practitioner,
  order: (GearOrder & { id: number }) | null,
): Promise<PlannedProduct[]> {
  const catalogue = await catalogueOf(db);
  const medicare = isMedicareBundle(bundle);
  const errors: FieldError[] = [...bundleBillingErrors(bundle, practitioner)];
  if (medicare) {
    const refusal = medicareRefusal(practitioner);
    if (refusal) errors.push({ field: 'billingMethod', defaultMessage: refusal });
  }
  if (bundle.products.length === 0) errors.push({ field: 'products', defaultMessage: MESSAGES.selectTest });
  const onOrder = (order?.requisitions ?? []).filter((requisition) => !requisition.canceled);
  const planned: PlannedProduct[] = [];
  bundle.products.forEach((product, index) => {
    const at = `products.${index}`;
    const item = catalogue.activeItem(product.omsOrderableItemId);
    if (!item) {
      errors.push({ field: `${at}.omsOrderableItemId`, defaultMessage: MESSAGES.productNotFound });
      return;
    }
    const selection = isTestSelected(product)
      ? product
      : { ...defaultSelection(item), addons: product.addons };
    const others = bundle.products
      .map((other, position) => ({
        id: -1 - position,
        omsOrderableItemId: other.omsOrderableItemId,
        canceled: false,
      }))
      .filter((other) => other.id !== -1 - index);
    const productErrors = [
      ...orderabilityErrors(item, {
        practitioner,
        orderType: BUNDLE_ORDER_TYPE,
        recollection: order?.recollectionFor != null,
        medicare: medicare || (order?.governmentPayor ?? false),
        requisitionsOnOrder: [...onOrder, ...others],
        requisitionId: null,
      }),
      ...testSelectionErrors(item, selection, { shipToOffice: false }),
    ];
    errors.push(...productErrors.map((error) => ({ ...error, field: `${at}.${error.field}` })));
    const billingMethod = billingMethodOfBundleProduct(bundle, product);
    planned.push({
      billingMethod,
      values: {
        orderableItemId: item.id,
        panel: selection.panel,
        components: selection.components,
        addons: selection.addons,
        dropShip: true,
        shipToOffice: false,
        covidRegistration: false,
        billingMethod,
      },
    });
  });
  refuseIfAny(errors);
  return planned;
}

/**
 * The products of a custom profile added to an order: drop-ship requisitions after its last one, panel selection
 * completed for each, and the billing step too, or skipped when the patient selects the billing option (the custom
 * profiles' default). The order becomes a kit order, and a Medicare one for a Medicare bundle.
 */
export function planBundleProducts(
  order: SavedOrder,
  user: UserInfo,
  planned: readonly PlannedProduct[],
  medicare: boolean,
): OrderChangePlan {
  return {
    changes: { myGDXKitOrder: true, governmentPayor: medicare },
    writes: planned.map(({ values }) => ({ kind: 'insertRequisition', values })),
    steps: (inserted) => {
      const saved = planned.map(({ billingMethod }, index) => ({
        id: inserted[index] as number,
        billingMethod,
      }));
      const before = order.workflow.steps;
      const after = [
        ...order.requisitions.filter((requisition) => !requisition.canceled),
        ...saved.map(({ id: gearReqId }) => ({ id: gearReqId, dropShip: true, shipToOffice: false })),
      ];
      const stepDate = new Date().toISOString();
      return saved.reduce(
        (rows, { id: gearReqId, billingMethod }) => {
          const completion = { id: STEP_IDS.billing, gearReqId, userType: user.type, stepDate };
          return billingMethod === BILLING_METHODS.patientSelects
            ? skipStep(rows, completion)
            : completeStep(rows, completion);
        },
        stepsAfterPanelSave(
          before,
          saved.map(({ id: gearReqId }) => gearReqId),
          after,
          user,
        ),
      );
    },
  };
}

/**
 * PUT /gear/bundle/{gearBundleId}/order (spec 1 §7): orders a custom profile. Its products become drop-ship
 * requisitions of a new order (the practitioner step's agreement rules apply; created with them in one transaction),
 * or of the order named by gearOrderId through the change core (decision 0065). The answer is the order; the browser
 * then opens its patient step.
 */
export async function orderBundle(
  db: Db,
  caller: Caller & { userId: number },
  gearBundleId: number,
  body: BundleOrderBody,
  basedOn: number | undefined,
) {
  const user = caller.userInfo;
  if (body.gearBundleId !== gearBundleId) {
    const message = MESSAGES.invalidInput;
    throw badRequest(message, [{ field: 'gearBundleId', defaultMessage: message }]);
  }
  const { bundle, practitioner } = await bundleForCaller(db, user, gearBundleId);
  if (body.gearOrderId !== null) {
    const saved = await changeOrder(db, {
      user,
      subject: { orderId: body.gearOrderId },
      basedOn,
      kind: ORDER_CHANGES.bundle,
      plan: async ({ order }) => {
        refuseOtherPractitionersOrder(order, practitioner);
        const planned = await planProducts(db, bundle, practitioner, order);
        return planBundleProducts(order, user, planned, isMedicareBundle(bundle) || order.governmentPayor);
      },
    });
    return saved.order;
  }
  const agreement = validatePractitionerStep({ user, practitioner, practAgreement: body.practAgreement });
  if (agreement.some((error) => error.defaultMessage === MESSAGES.forbidden))
    throw forbidden(MESSAGES.forbidden);
  refuseIfAny(agreement);
  const planned = await planProducts(db, bundle, practitioner, null);
  const orderId = await transaction(db, async (tx) => {
    const { id } = await insertNewOrder(
      tx,
      user,
      caller.userId,
      { practAgreement: body.practAgreement },
      practitioner,
    );
    const order = (await loadOrder(tx, id)) as SavedOrder | null;
    if (!order) throw notFound(MESSAGES.orderNotFound);
    await applyChangePlan(
      tx,
      order,
      order.version,
      planBundleProducts(order, user, planned, isMedicareBundle(bundle)),
    );
    return id;
  });
  return savedOrder(db, orderId);
}

/** The practitioner whose profiles the caller manages: one they may order for (spec 3 §6; 404 / 403). */
async function managedPractitioner(db: Db, user: UserInfo, gsdlNo: string): Promise<Practitioner> {
  const practitioner = await findPractitioner(db, gsdlNo);
  if (!practitioner) throw notFound(MESSAGES.practitionerNotFound(gsdlNo));
  if (user.type !== 'myGDX' || !mayOrderFor(user, practitioner)) throw forbidden(MESSAGES.forbidden);
  return practitioner;
}

/** GET /gear/bundle?gsdlNo (docs/decisions/0280): the practitioner's profiles for /custom-profile. */
export async function listBundlesFor(db: Db, user: UserInfo, gsdlNo: string) {
  await managedPractitioner(db, user, gsdlNo);
  return { bundles: await listBundles(db, gsdlNo) };
}

/** GET /gear/bundle/{id} (spec 3 §7): the profile with its practitioner and its products' names. */
export async function loadBundle(db: Db, user: UserInfo, gearBundleId: number): Promise<BundleAnswer> {
  const { bundle, practitioner } = await bundleForCaller(db, user, gearBundleId);
  const catalogue = await catalogueOf(db);
  return {
    ...bundle,
    practitioner: {
      gsdlNo: practitioner.gsdlNo,
      firstName: practitioner.firstName,
      lastName: practitioner.lastName,
      degree: practitioner.degree,
    },
    products: bundle.products.map((product) => ({
      ...product,
      omsOrderableItemName: catalogue.item(product.omsOrderableItemId)?.name ?? '',
    })),
  };
}

const saveRefusal = (errors: FieldError[]) =>
  namedRefusal(400, 'ERROR', (errors[0] as FieldError).defaultMessage, errors);

/**
 * POST /gear/bundle/save (spec 3 §4, §5, §7; docs/decisions/0280): a new profile (gearBundleId null) or the caller's
 * profile rewritten, under the rules of bundleErrors. SUCCESS with its id; a broken rule is 400 'ERROR' with the
 * fields' messages; a profile deleted meanwhile is 410 'DELETED' and stays deleted.
 */
export async function saveBundle(db: Db, user: UserInfo, body: BundleSaveBody): Promise<BundleSaveAnswer> {
  const practitioner = await managedPractitioner(db, user, body.gsdlNo);
  const catalogue = await catalogueOf(db);
  const values = { ...body, name: body.name.trim() };
  const errors = bundleErrors(values, { practitioner, itemOf: (id) => catalogue.activeItem(id) });
  if (errors.length > 0) throw saveRefusal(errors);
  const { gearBundleId } = body;
  if (gearBundleId === null) return { status: 'SUCCESS', gearBundleId: await insertBundle(db, values) };
  await transaction(db, async (tx) => {
    const row = await findBundleRow(tx, gearBundleId, true);
    if (!row) throw notFound(MESSAGES.bundleNotFound);
    const owner = await findPractitioner(tx, row.gsdlNo);
    if (!owner || !mayOrderFor(user, owner)) throw forbidden(MESSAGES.forbidden);
    if (row.gsdlNo !== values.gsdlNo) {
      const message = MESSAGES.bundleOfAnotherPractitioner;
      throw saveRefusal([{ field: 'gsdlNo', defaultMessage: message }]);
    }
    if (row.deleted) throw namedRefusal(410, 'DELETED', MESSAGES.bundleDeleted);
    await updateBundle(tx, gearBundleId, values);
  });
  return { status: 'SUCCESS', gearBundleId };
}

/** DELETE /gear/bundle/{id} (spec 3 §7): the profile leaves every list; DELETED, or 404 when it is already gone. */
export async function deleteBundle(db: Db, user: UserInfo, gearBundleId: number): Promise<BundleSaveAnswer> {
  await bundleForCaller(db, user, gearBundleId);
  if (!(await markBundleDeleted(db, gearBundleId))) throw notFound(MESSAGES.bundleNotFound);
  return { status: 'DELETED', gearBundleId };
}
