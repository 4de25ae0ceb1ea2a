import {
  ACTIVATION_ERRORS,
  ACTIVATION_MESSAGES,
  completeStep,
  defaultSelection,
  type GearOrder,
  initialWorkflowSteps,
  MESSAGES,
  mayOrderInOfficeState,
  needsPractitionerGdxId,
  type PatientRegistrationBody,
  parseRequisitionSearch,
  REGISTRATION_ERRORS,
  REGISTRATION_MESSAGES,
  registrationPractitioner,
  STEP_IDS,
  type UserInfo,
} from '@gear/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueRequisitions, orders, requisitions, shortActivationCodeOf } from '../../db/schema/index.ts';
import { badRequest, forbidden, namedRefusal, notFound } from '../../lib/http-error.ts';
import { transaction } from '../../lib/transaction.ts';
import { captchaRefused } from '../activation/activation.service.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { saveWorkflowSteps } from '../order/order.repository.ts';
import { savedOrder } from '../order/order.service.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';
import {
  findOrderIdsHolding,
  type NumberSearch,
  type PackRow,
} from '../requisition/requisition.repository.ts';
import { removedPackNotice } from '../requisition/requisition-lookup.service.ts';

const fieldRefusal = (field: string, message: string) =>
  badRequest(message, [{ field, defaultMessage: message }]);

/** spec 1 §5's search rules for the number; anything that cannot be a pack's number answers the not-found text. */
function registrationSearch(input: string): NumberSearch {
  const search = parseRequisitionSearch(input);
  if (search.kind === 'empty') throw fieldRefusal('requisitionNumber', MESSAGES.requisitionNumberRequired);
  if (search.kind === 'unrecognised' || search.kind === 'invalidActivationNumber')
    throw fieldRefusal('requisitionNumber', ACTIVATION_MESSAGES.notFound);
  return search;
}

/**
 * The pack a search names, its row locked until the transaction ends: concurrent registrations of one pack wait for
 * each other here, so only the first finds it on no order (decision 0170).
 */
async function lockedPacks(tx: Db, search: NumberSearch): Promise<PackRow[]> {
  const where =
    search.kind === 'requisitionNumber'
      ? sql`${catalogueRequisitions.reqNumber} = ${search.value}`
      : search.kind === 'activationNumber'
        ? sql`${catalogueRequisitions.activationCode} = ${search.value}`
        : sql`${shortActivationCodeOf(catalogueRequisitions.activationCode)} = ${search.value}`;
  return tx
    .select()
    .from(catalogueRequisitions)
    .where(where)
    .orderBy(catalogueRequisitions.id)
    .limit(2)
    .for('update');
}

/**
 * POST /gear/register (spec 3 §2 /register/{reqNum?}, §6 'Unauthenticated patients are allowed on register'; spec 1
 * §4.4 'a patient adding a new requisition gives registration'; decision 0170). In this order: the input (400), the
 * captcha (400 RecaptchaInvalidException, each solution once), then in one transaction holding the pack's row: an
 * unknown pack (404, the activation not-found text), a removed one (410 RequisitionActivationRetiredException), one
 * on an order already (409 RequisitionAlreadyRegisteredException: the patient activates it), the practitioner (the
 * pack's; the GDX ID where spec 3 §5 needs it), the product; then the order: a patient registration awaiting its
 * practitioner's agreement, the patient's details, the pack's requisition with its product's selection, and the
 * workflow with the practitioner step completed (spec 3 §4: 'when practitioner info is set').
 */
export async function registerPack(
  db: Db,
  user: UserInfo | null,
  body: PatientRegistrationBody,
  captchaAccepted: (payload: unknown) => Promise<boolean>,
): Promise<GearOrder> {
  if (user && user.type !== 'prc') throw forbidden(MESSAGES.forbidden);
  const search = registrationSearch(body.requisitionNumber);
  const needsGdxId = needsPractitionerGdxId(search);
  if (needsGdxId && !body.gdxId) throw fieldRefusal('gdxId', MESSAGES.practitionerGdxIdRequired);
  const { patientInfo } = body;
  if (!patientInfo.nameFirst.trim())
    throw fieldRefusal('patientInfo.nameFirst', REGISTRATION_MESSAGES.nameFirstRequired);
  if (!patientInfo.nameLast.trim())
    throw fieldRefusal('patientInfo.nameLast', REGISTRATION_MESSAGES.nameLastRequired);
  if (!(await captchaAccepted(body.recaptcha))) throw captchaRefused();
  const catalogue = await catalogueOf(db);
  const notFoundAnswer = () =>
    notFound(body.gdxId ? ACTIVATION_MESSAGES.notFoundWithPractitioner : ACTIVATION_MESSAGES.notFound);

  const orderId = await transaction(db, async (tx) => {
    const packs = await lockedPacks(tx, search);
    const [pack] = packs;
    if (!pack || packs.length > 1) throw notFoundAnswer();
    if (pack.removed) throw namedRefusal(410, ACTIVATION_ERRORS.retired, removedPackNotice(pack));
    if ((await findOrderIdsHolding(tx, search, 1)).length > 0)
      throw namedRefusal(409, REGISTRATION_ERRORS.alreadyRegistered, REGISTRATION_MESSAGES.alreadyRegistered);
    const whose = registrationPractitioner({ needsGdxId, packGsdlNo: pack.gsdlNo, gdxId: body.gdxId });
    if (whose.kind === 'notThePacks') throw notFoundAnswer();
    if (whose.kind === 'gdxIdRequired')
      throw fieldRefusal(
        'gdxId',
        needsGdxId ? MESSAGES.practitionerGdxIdRequired : REGISTRATION_MESSAGES.practitionerNeeded,
      );
    const practitioner = await findPractitioner(tx, whose.gsdlNo);
    if (!practitioner) throw notFoundAnswer();
    const item = catalogue.activeItem(pack.orderableItemId);
    if (!item) throw namedRefusal(410, ACTIVATION_ERRORS.retired, MESSAGES.productNoLongerAvailable);
    if (!mayOrderInOfficeState(item, practitioner)) throw badRequest(MESSAGES.notOrderableInNewYork);
    // A paperless pack's tests are preselected (spec 1 §4.4); any other starts on its product's base panel.
    const selection = pack.preselection
      ? {
          panel: pack.preselection.panel,
          components: pack.preselection.components,
          addons: pack.preselection.addons.map((id) => ({ omsInputFieldID: id, cptQuantity: null })),
        }
      : { ...defaultSelection(item), addons: [] };

    const [order] = await tx
      .insert(orders)
      .values({
        practitionerGsdlNo: practitioner.gsdlNo,
        practAgreement: false,
        patientRegistration: true,
        patientInfo: {
          nameFirst: patientInfo.nameFirst.trim(),
          nameMiddle: null,
          nameLast: patientInfo.nameLast.trim(),
          dateOfBirth: patientInfo.dateOfBirth,
          gender: null,
          email: patientInfo.email,
          voicePhone: null,
          alternatePhone: null,
          chartNumber: null,
          driverLicenseNumber: null,
          ssn: null,
          race: null,
          ethnicity: null,
          source: 'registration',
          marketingOptIn: false,
          occupation: null,
          employer: null,
          employmentStatus: null,
          responsibleNameFirst: null,
          responsibleNameMiddle: null,
          responsibleNameLast: null,
          addresses: [],
        },
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned nothing');
    const [requisition] = await tx
      .insert(requisitions)
      .values({
        orderId: order.id,
        position: 0,
        catalogueRequisitionId: pack.id,
        reqNumber: pack.reqNumber,
        activationCode: pack.activationCode,
        orderableItemId: item.id,
        paperless: pack.paperless,
        panel: selection.panel,
        components: selection.components,
        addons: selection.addons,
      })
      .returning({ id: requisitions.id });
    if (!requisition) throw new Error('requisition insert returned nothing');
    const steps = completeStep(
      initialWorkflowSteps({
        requisitions: [{ id: requisition.id, dropShip: false, shipToOffice: false }],
        containsDropShipRequisition: false,
        containsShipToOfficeRequisition: false,
      }),
      { id: STEP_IDS.pract, userType: 'prc', stepDate: new Date().toISOString() },
    );
    await saveWorkflowSteps(tx, order.id, [], steps);
    return order.id;
  });
  return savedOrder(db, orderId);
}
