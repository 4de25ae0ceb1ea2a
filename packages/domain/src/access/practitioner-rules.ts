import type { FieldError } from '../contract/errors.ts';
import type { Practitioner, UserInfo } from '../contract/order.ts';
import { MESSAGES } from '../messages.ts';
import { isAdmin } from './admin.ts';

/** spec 1 §9: a GSDL number has at most 5 characters. */
export const GSDL_NO_MAX_LENGTH = 5;

/** spec 1 §6: the credit status that stops online ordering. */
export const CREDIT_HOLD_STATUS = 'C.O.D Credit Hold';

type OrderingUser = Pick<UserInfo, 'gsdlNo' | 'onBehalfOf' | 'adminUser'>;
type PractitionerIdentity = Pick<Practitioner, 'gsdlNo' | 'authorizingDoctorGsdlNo'>;

const canonicalGsdlNo = (value: string): string => value.trim().toUpperCase();

/** A GSDL number is letters and digits (P1001), at most 5 of them. */
export const GSDL_NO_PATTERN = /^[A-Z0-9]{1,5}$/;

/**
 * spec 1 §2.4/§5: the admin search box input, trimmed and uppercased; null when empty, over 5 characters or not
 * letters and digits.
 */
export function normaliseGsdlNo(input: string): string | null {
  const gsdlNo = canonicalGsdlNo(input);
  return GSDL_NO_PATTERN.test(gsdlNo) ? gsdlNo : null;
}

/** The user's own GSDL number and those of onBehalfOf (a comma list), trimmed, uppercased, without repeats. */
export function userGsdlNumbers(user: Pick<UserInfo, 'gsdlNo' | 'onBehalfOf'>): string[] {
  const candidates = [user.gsdlNo ?? '', ...user.onBehalfOf.split(',')].map(canonicalGsdlNo);
  return [...new Set(candidates.filter((gsdlNo) => gsdlNo.length > 0))];
}

const isAmongUserNumbers = (user: Pick<UserInfo, 'gsdlNo' | 'onBehalfOf'>, gsdlNo: string | null): boolean =>
  gsdlNo !== null && userGsdlNumbers(user).includes(canonicalGsdlNo(gsdlNo));

/**
 * spec 1 §6: admins may order for anyone; others for a practitioner whose number, or whose authorizing doctor's
 * number, is the user's own or among onBehalfOf.
 */
export const mayOrderFor = (user: OrderingUser, practitioner: PractitionerIdentity): boolean =>
  isAdmin(user) ||
  isAmongUserNumbers(user, practitioner.gsdlNo) ||
  isAmongUserNumbers(user, practitioner.authorizingDoctorGsdlNo);

/**
 * ARCHITECTURE 'Access': who may see an order. A patient (prc) sees exactly the orders proven in their session
 * (docs/decisions/0040); others see an order of a practitioner by the same rule as ordering for them. An order
 * without a practitioner is visible to admins only.
 */
export const mayViewOrder = (
  user: OrderingUser & Pick<UserInfo, 'type' | 'orderIds'>,
  orderPractitioner: PractitionerIdentity | null,
  orderId: number,
): boolean => {
  if (user.type === 'prc') return isProvenOrder(user, orderId);
  return orderPractitioner === null ? isAdmin(user) : mayOrderFor(user, orderPractitioner);
};

/** docs/decisions/0040: a patient's proven order (always false for practitioners, who have no proven orders). */
export const isProvenOrder = (user: Pick<UserInfo, 'type' | 'orderIds'>, orderId: number): boolean =>
  user.type === 'prc' && (user.orderIds ?? []).includes(orderId);

/** spec 1 §6, spec 2 §6: a practitioner or office user (myGDX), admins included; never a patient. */
export const isPractitionerUser = (user: Pick<UserInfo, 'type'>): boolean => user.type === 'myGDX';

/** spec 1 §5: the authorization checkbox is required when the authorizing doctor is the user or among onBehalfOf. */
export const requiresAuthorizationAgreement = (
  user: Pick<UserInfo, 'gsdlNo' | 'onBehalfOf'>,
  practitioner: Pick<Practitioner, 'authorizingDoctorGsdlNo'>,
): boolean => isAmongUserNumbers(user, practitioner.authorizingDoctorGsdlNo);

/** spec 1 §6: 'A practitioner whose credit status is 'C.O.D Credit Hold' cannot proceed.' */
export const isCreditHold = (practitioner: Pick<Practitioner, 'cmsCreditStatus'>): boolean =>
  practitioner.cmsCreditStatus.creditStatus === CREDIT_HOLD_STATUS;

/** spec 1 §6: 'A practitioner with no authorizing doctor is shown a demo-account notice.' */
export const isDemoAccount = (practitioner: Pick<Practitioner, 'authorizingDoctorGsdlNo'>): boolean =>
  (practitioner.authorizingDoctorGsdlNo ?? '').trim().length === 0;

/** spec 1 §2.4: 'first last, degree (gsdlNo)'. */
export const practitionerLabel = (
  practitioner: Pick<Practitioner, 'firstName' | 'lastName' | 'degree' | 'gsdlNo'>,
): string =>
  `${practitioner.firstName} ${practitioner.lastName}, ${practitioner.degree} (${practitioner.gsdlNo})`;

/**
 * spec 3 §6 'Administrators … See GDX IDs': a practitioner named on a page, 'first last, degree', with the GDX ID (the
 * practitioner's GSDL number, the ID the activation form asks patients for) for admins only (decision 0186). The
 * practitioner step's own choice list keeps spec 1 §2.4's label (practitionerLabel).
 */
export const practitionerNameFor = (
  practitioner: Pick<Practitioner, 'firstName' | 'lastName' | 'degree' | 'gsdlNo'>,
  user: Pick<UserInfo, 'adminUser'>,
): string => {
  const name = `${practitioner.firstName} ${practitioner.lastName}, ${practitioner.degree}`;
  return isAdmin(user) ? `${name} (GDX ID ${practitioner.gsdlNo})` : name;
};

export interface PractitionerStepFacts {
  user: OrderingUser;
  practitioner: PractitionerIdentity & Pick<Practitioner, 'cmsCreditStatus'>;
  practAgreement: boolean | null;
}

/**
 * The practitioner step's rules (spec 1 §5, §6), most blocking first. A user who may not order for the practitioner
 * gets that error alone; otherwise credit hold, then a missing authorization agreement.
 */
export function validatePractitionerStep({
  user,
  practitioner,
  practAgreement,
}: PractitionerStepFacts): FieldError[] {
  if (!mayOrderFor(user, practitioner))
    return [{ field: 'practitioner', defaultMessage: MESSAGES.forbidden }];
  const errors: FieldError[] = [];
  if (isCreditHold(practitioner)) errors.push({ field: 'practitioner', defaultMessage: MESSAGES.creditHold });
  if (requiresAuthorizationAgreement(user, practitioner) && practAgreement !== true) {
    errors.push({ field: 'practAgreement', defaultMessage: MESSAGES.authorizationRequired });
  }
  return errors;
}
