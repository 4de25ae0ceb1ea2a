import { needsPractitionerGdxId, type RequisitionSearch } from '../identifiers/requisition-search.ts';
import { normaliseGsdlNo } from './practitioner-rules.ts';

/** What a patient gives to prove an order, and what the order holds (docs/decisions/0040). */
export interface OrderProofFacts {
  /** The number searched (spec 1 §5 search rules), already parsed; null when the order is named by its id. */
  search: RequisitionSearch | null;
  /** The date of birth given (spec 1 §2.8 dateOfBirth), as YYYY-MM-DD; null when absent. */
  dateOfBirth: string | null;
  /** spec 1 §2.8 gdxId: the practitioner's number, needed for a 7-digit number over 4,000,000. */
  gdxId: string | null;
  /** The patient's date of birth on the order (YYYY-MM-DD), null when the order has no patient yet. */
  orderDateOfBirth: string | null;
  orderPractitionerGsdlNo: string | null;
}

/**
 * Spec 1 §2.8, §7 `GET /gear/order?requisitionNumber&dateOfBirth&gdxId` (and spec 3 §7 `GET /gear/order/{id}?dateOfBirth`):
 * a patient proves an order when the date
 * of birth given is the patient's date of birth on the order (an order with no patient yet cannot be proven), and,
 * for a number that needs a practitioner GDX ID (spec 1 §4.4), when the GDX ID is the order's practitioner.
 */
export function provesOrder(facts: OrderProofFacts): boolean {
  if (!facts.dateOfBirth || !facts.orderDateOfBirth) return false;
  if (facts.dateOfBirth !== facts.orderDateOfBirth) return false;
  if (!facts.search || !needsPractitionerGdxId(facts.search)) return true;
  const gdxId = facts.gdxId ? normaliseGsdlNo(facts.gdxId) : null;
  return gdxId !== null && gdxId === facts.orderPractitionerGsdlNo;
}
