import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../contract/order.ts';
import { patientLookupQuerySchema } from '../contract/patient-search.ts';
import { PATIENT_SEARCH_MESSAGES } from '../messages.ts';
import { practitioner, users } from '../test-support/fixtures.ts';
import { showsChartNumberLookup, showsPatientSearch } from './patient-search.ts';

describe('who sees patient search and chart lookup', () => {
  it.each<[string, UserInfo, boolean, boolean, boolean]>([
    ['spec 2 §2: a practitioner with a cloud-site key', users.drAvery, true, true, true],
    ['spec 2 §2: without the key there is no chart lookup', users.drAvery, false, true, false],
    ['spec 2 §6: prc users see neither', users.patient, true, false, false],
  ])('%s', (_spec, user, key, search, chart) => {
    const subject = practitioner({ lkCloudSiteServiceKey: key });
    expect([showsPatientSearch(user), showsChartNumberLookup(user, subject)]).toEqual([search, chart]);
  });

  it('spec 2 §2: no practitioner, no chart lookup', () => {
    expect(showsChartNumberLookup(users.drAvery, null)).toBe(false);
  });
});

describe('patientLookupQuerySchema', () => {
  it.each<[string, Record<string, string>, boolean]>([
    [
      'spec 2 §7: a search by name and date of birth',
      { query: 'Testpatient 1985-04-12', orderId: '100001' },
      true,
    ],
    ['spec 2 §7: a chart-number lookup', { chartNumber: 'A12345', orderId: '100001' }, true],
    ['spec 2 §9: search of 100 characters', { query: 'q'.repeat(100), orderId: '1' }, true],
    ['spec 2 §9: search over 100', { query: 'q'.repeat(101), orderId: '1' }, false],
    ['spec 2 §9: chart lookup over 20', { chartNumber: 'c'.repeat(21), orderId: '1' }, false],
    ['spec 2 §7: neither a query nor a chart number', { query: ' ', orderId: '1' }, false],
    ['spec 2 §7: the order id', { query: 'Jane' }, false],
  ])('%s', (_spec, query, ok) => {
    expect(patientLookupQuerySchema.safeParse(query).success).toBe(ok);
  });
});

describe('patient search messages', () => {
  it('spec 2 §8: patient search, insurance search, none found, slow — verbatim', () => {
    expect(PATIENT_SEARCH_MESSAGES).toEqual({
      searchFailed: 'Error searching for patient matches.',
      insuranceSearchFailed: 'Error searching for patient insurance.',
      noMatches:
        "We're sorry, no patients were found with the information provided. Please enter the patient's information below.",
      slow: 'Searching for patients is taking longer than expected...',
    });
  });
});
