/**
 * Who is signed in, as the header says it (issue 15 'The header shows the signed-in person's name and role'; docs/
 * decisions/0312): 'Dr. Dana Avery · practitioner', 'Kim Park · office staff', 'Robin Ortiz · admin'.
 */
export const ACCOUNT_ROLES = ['practitioner', 'office staff', 'admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/**
 * A myGDX account's role: admins are admins whatever their number; an account whose own GSDL number is a
 * practitioner's is that practitioner; any other (an office's number, such as S2001) is office staff.
 */
export function accountRole(account: { admin: boolean; isPractitioner: boolean }): AccountRole {
  if (account.admin) return 'admin';
  return account.isPractitioner ? 'practitioner' : 'office staff';
}

/** A practitioner's name as a person would say it: 'Dr. Dana Avery' (every practitioner here is a doctor). */
export const practitionerName = (practitioner: { firstName: string; lastName: string }): string =>
  `Dr. ${practitioner.firstName} ${practitioner.lastName}`.replace(/\s+/g, ' ').trim();

/** The header's words for the signed-in person: 'name · role', or what is known without a name. */
export function signedInLabel(user: {
  type: string;
  gsdlNo: string | null;
  name?: string | null | undefined;
  role?: AccountRole | undefined;
}): string {
  if (user.type === 'prc') return 'Signed in as a patient';
  const name = user.name?.trim() || (user.gsdlNo ? `Signed in as ${user.gsdlNo}` : 'Signed in');
  return user.role ? `${name} · ${user.role}` : name;
}

/** The orders page (issue 15; docs/decisions/0311): the caller's orders, drafts first. Not a path of the spec. */
export const ORDERS_PAGE_PATH = '/orders';

/**
 * Where 'home' leads a person (issue 15; docs/decisions/0311): practitioners, office staff and admins go to their
 * orders page, where every draft is listed (spec 3 §2's '/' would start a new order and leave the draft behind);
 * patients and visitors go to '/'.
 */
export const homePathOf = (user: { type: string } | null | undefined): string =>
  user?.type === 'myGDX' ? ORDERS_PAGE_PATH : '/';
