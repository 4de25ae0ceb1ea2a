import type { Practitioner, UserInfo } from '../contract/order.ts';

/**
 * spec 2 §2, §4, §9: 'Patient search 100, chart lookup 20', 'search timeout 30000 ms'; max height of the
 * table.
 */
export const PATIENT_SEARCH = {
  queryMaxLength: 100,
  chartNumberMaxLength: 20,
  timeoutMs: 30_000,
  tableMaxHeightPx: 360,
} as const;

/** spec 2 §6: prc users 'do not see patient search or chart number'. */
export const showsPatientSearch = (user: Pick<UserInfo, 'type'>): boolean => user.type === 'myGDX';

/**
 * spec 2 §2: chart-number lookup 'shown only when the practitioner has a cloud site service key and hidden
 * for prc users'.
 */
export const showsChartNumberLookup = (
  user: Pick<UserInfo, 'type'>,
  practitioner: Pick<Practitioner, 'lkCloudSiteServiceKey'> | null,
): boolean => showsPatientSearch(user) && practitioner?.lkCloudSiteServiceKey === true;
