import { provesOrder } from '../access/patient-proof.ts';
import { formatCalendarDateUs } from '../identifiers/calendar-days.ts';
import type { GearOrder, PatientInfo, UserInfo } from '../model.ts';
import { STEP_IDS } from '../workflow/steps.ts';

/** The two acknowledgements of spec 3 §2 'Payment section'. */
export type AcknowledgementKind = 'patient' | 'nsa';

/** What a signed acknowledgement records (docs/decisions/0092). */
export interface AcknowledgementRecord {
  agreed: boolean;
  /** When it was given (MM/DD/YYYY), null when not given or not known. */
  date: string | null;
  /** Who gave it: the patient, and the responsible party when one is named. */
  patientName: string;
  responsibleParty: string | null;
}

const fullName = (...parts: (string | null)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');

/**
 * spec 3 §2, §7 acknowledgement PDFs 'of what was agreed, with the date and the name': the order's patientAgreement or
 * nsaAcknowledged, dated by the payment step (10) where spec 3 §2 places both acknowledgements.
 */
export function acknowledgementRecord(
  order: Pick<GearOrder, 'patientAgreement' | 'nsaAcknowledged' | 'patientInfo' | 'workflow'>,
  kind: AcknowledgementKind,
): AcknowledgementRecord {
  const agreed = kind === 'patient' ? order.patientAgreement : order.nsaAcknowledged;
  const payment = order.workflow.steps.find((row) => row.id === STEP_IDS.payment && row.gearReqId === null);
  const stepDate = agreed && payment?.completed ? payment.stepDate : null;
  const patient: Partial<PatientInfo> = order.patientInfo ?? {};
  const responsibleParty = fullName(
    patient.responsibleNameFirst ?? null,
    patient.responsibleNameMiddle ?? null,
    patient.responsibleNameLast ?? null,
  );
  return {
    agreed,
    date: stepDate ? formatCalendarDateUs(stepDate.slice(0, 10)) : null,
    patientName: fullName(patient.nameFirst ?? null, patient.nameMiddle ?? null, patient.nameLast ?? null),
    responsibleParty: responsibleParty || null,
  };
}

/** One line of a packing slip: a pack of a requisition not canceled. */
export interface PackingSlipLine {
  reqNumber: string;
  product: string;
  quantity: number;
}

/** spec 3 §2 packing slip 'with the order's lines': each requisition not canceled, in order. */
export const packingSlipLines = (order: Pick<GearOrder, 'requisitions'>): PackingSlipLine[] =>
  order.requisitions
    .filter((requisition) => !requisition.canceled)
    .map((requisition) => ({
      reqNumber: requisition.reqNumber ?? '',
      product: requisition.omsOrderableItemName,
      quantity: requisition.quantity,
    }));

/**
 * The {orderFormId} of spec 3 §7 GET /gear/order/{id}/packingslip/{orderFormId}: the order's order form when it has
 * one, else its confirmation code (the order id), as the confirmation page shows it (docs/decisions/0092).
 */
export const packingSlipFormId = (order: Pick<GearOrder, 'id' | 'orderFormId'>): string =>
  order.orderFormId?.trim() || String(order.id);

/**
 * spec 3 §6 'Patient-side downloads need dateOfBirth': a patient (prc) opens a document of an order they proved in
 * their session only with the patient's date of birth on it (docs/decisions/0040, 0092); practitioners, staff and
 * admins who may see the order need none. 'missing' asks for the date of birth; 'wrong' answers as an unknown order.
 */
export function documentAccess(
  user: Pick<UserInfo, 'type'>,
  dateOfBirth: string | null,
  order: Pick<GearOrder, 'patientInfo'>,
): 'allowed' | 'missing' | 'wrong' {
  if (user.type !== 'prc') return 'allowed';
  if (dateOfBirth === null) return 'missing';
  const proven = provesOrder({
    search: null,
    dateOfBirth,
    gdxId: null,
    orderDateOfBirth: order.patientInfo?.dateOfBirth ?? null,
    orderPractitionerGsdlNo: null,
  });
  return proven ? 'allowed' : 'wrong';
}
