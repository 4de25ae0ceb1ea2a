import type { FieldError } from '../contract/errors.ts';
import type { GearOrder, PatientInfo, Requisition } from '../contract/order.ts';
import { cardFieldErrors } from '../payment/card.ts';
import { isPitlOrder } from '../removal/removal.ts';

/** spec 3 §4 Transfer: 'A patient form and a $15 payment are required.' The physician transfer fee, in cents. */
export const PITL_TRANSFER_FEE_CENTS = 1500;

/**
 * The transfer's own messages. spec 3 §5 'Transfer: card fields validated, at least one pack chosen' names the rules
 * without their words, and §8 'Transfer payment errors are generic': the words are ours (decision 0290).
 */
export const PITL_TRANSFER_MESSAGES = {
  noPack: 'Please select at least one collection pack to transfer.',
  packNotTransferable: 'This collection pack can no longer be transferred.',
  notPitl: 'Collection packs can only be transferred from a physician-in-the-loop order.',
  wrongAmount: 'The physician transfer fee is $15.00.',
  paymentFailed:
    'There was a problem with your transfer payment. Please check your card details and try again, or call us.',
} as const;

type PackFacts = Pick<
  Requisition,
  'id' | 'canceled' | 'accessionNo' | 'accessionDetails' | 'dateLastSampleCollected' | 'physicianInTheLoop'
>;

/**
 * spec 3 §4 Transfer 'unused packs' (decision 0290): a pack may go to another patient while nothing has happened to
 * it on this order: not canceled, no accession (the lab has not received it), no collection date given, and no
 * recollection made for it (it is not in the gearReqRecollectionMap).
 */
export function isTransferablePack(
  pack: PackFacts,
  recollectionMap: Readonly<Record<number, number>>,
): boolean {
  return (
    !pack.canceled &&
    pack.accessionNo === null &&
    pack.accessionDetails.length === 0 &&
    pack.dateLastSampleCollected === null &&
    recollectionMap[pack.id] === undefined
  );
}

type TransferOrder = Pick<GearOrder, 'physicianInTheLoop' | 'canceled'> & {
  requisitions: readonly (PackFacts & Pick<Requisition, 'physicianInTheLoop'>)[];
};

/** The packs of a PITL order that may be transferred (none on another order or a canceled one). */
export function transferablePacks(
  order: TransferOrder,
  recollectionMap: Readonly<Record<number, number>>,
): number[] {
  if (order.canceled || !isPitlOrder(order as Pick<GearOrder, 'physicianInTheLoop' | 'requisitions'>))
    return [];
  return order.requisitions
    .filter((pack) => isTransferablePack(pack, recollectionMap))
    .map((pack) => pack.id);
}

/** spec 3 §4 Transfer: 'a single eligible pack is preselected'; with several, the patient chooses. */
export const preselectedPacks = (eligible: readonly number[]): number[] =>
  eligible.length === 1 ? [eligible[0] as number] : [];

export interface TransferChoice {
  gearReqIds: readonly number[];
}

/**
 * spec 3 §5 'Transfer: … at least one pack chosen', and every pack chosen is one of the order's transferable packs.
 * Field errors under gearReqIds (decision 0290).
 */
export function transferPackErrors(choice: TransferChoice, eligible: readonly number[]): FieldError[] {
  if (choice.gearReqIds.length === 0)
    return [{ field: 'gearReqIds', defaultMessage: PITL_TRANSFER_MESSAGES.noPack }];
  const refused = choice.gearReqIds.filter((id) => !eligible.includes(id));
  return refused.map((id) => ({
    field: `gearReqIds.${choice.gearReqIds.indexOf(id)}`,
    defaultMessage: PITL_TRANSFER_MESSAGES.packNotTransferable,
  }));
}

export interface TransferFeeCard {
  cardNo?: string | null | undefined;
  cardExpDate?: string | null | undefined;
  cardCvv?: string | null | undefined;
  cardholderName?: string | null | undefined;
  cardZipCode?: string | null | undefined;
  cardAuthAmount?: number | null | undefined;
}

/**
 * spec 3 §5 'Transfer: card fields validated' (the card form's rules and messages, spec 3 §5 Card payment) and
 * spec 3 §4 'a $15 payment': the amount authorized is $15.00 (cardAuthAmount in dollars, as the payment carries it).
 */
export function transferFeeErrors(card: TransferFeeCard): FieldError[] {
  const errors = cardFieldErrors(card, { international: false, prefix: 'physicianFeePayment.' });
  if (
    card.cardAuthAmount !== undefined &&
    card.cardAuthAmount !== null &&
    Math.round(card.cardAuthAmount * 100) !== PITL_TRANSFER_FEE_CENTS
  )
    errors.push({
      field: 'physicianFeePayment.cardAuthAmount',
      defaultMessage: PITL_TRANSFER_MESSAGES.wrongAmount,
    });
  return errors;
}

/**
 * The new patient's order starts from the original (same practitioner, PITL) with the new patient's details and a
 * shipping address that is theirs (decision 0290): the transferred packs are theirs from now on.
 */
export const transferredPatientOf = (newPatient: PatientInfo): PatientInfo => ({ ...newPatient });
