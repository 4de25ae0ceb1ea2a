import type { FieldError } from '../contract/errors.ts';
import type { GearOrder, Requisition, UserInfo } from '../contract/order.ts';
import { type CollectionNotes, collectionNoteErrors } from './sample-collection.ts';

export type AddAnotherTestFacts = Pick<
  GearOrder,
  'requisitions' | 'dataConfirmed' | 'simplifiedClientBilling' | 'physicianInTheLoop' | 'recollectionFor'
>;

const isPitl = (order: Pick<GearOrder, 'requisitions' | 'physicianInTheLoop'>): boolean =>
  order.physicianInTheLoop || order.requisitions.some((requisition) => requisition.physicianInTheLoop);

/**
 * spec 2 §4: Add Another Test 'is offered only when the order has requisitions, is not data-confirmed, has no
 * accession numbers, is not simplified client billing, not PITL, not a recollection'.
 */
export function canAddAnotherTest(order: AddAnotherTestFacts): boolean {
  return (
    order.requisitions.length > 0 &&
    !order.dataConfirmed &&
    !order.requisitions.some((requisition) => Boolean(requisition.accessionNo)) &&
    !order.simplifiedClientBilling &&
    !isPitl(order) &&
    order.recollectionFor === null
  );
}

/**
 * spec 2 §2: the drop-ship instructions form is 'shown instead of the collection form for myGDX users when
 * the requisition is drop-ship and has no requisition number'.
 */
export const showsDropShipInstructions = (
  user: Pick<UserInfo, 'type'>,
  requisition: Pick<Requisition, 'dropShip' | 'reqNumber'>,
): boolean => user.type === 'myGDX' && requisition.dropShip && (requisition.reqNumber ?? '').trim() === '';

/**
 * spec 2 §6: myGDX users edit patient instructions, order notes and the route number; patients only read
 * them.
 */
export const mayEditCollectionNotes = (user: Pick<UserInfo, 'type'>): boolean => user.type === 'myGDX';

/**
 * spec 2 §5 for PUT /gear/dropShipInstructions: patient instructions and clinical findings 512, route number
 * 15.
 */
export const validateDropShipInstructions = (notes: CollectionNotes): FieldError[] =>
  collectionNoteErrors(notes);
