import type { PatientAddress, PatientInfo } from '@gear/domain';
import { patientInfo as janeTestpatient } from '@gear/domain/test-support';
import type { FastifyInstance } from 'fastify';
import { type DemoLogin, headersOf, METABOLOMIX, newOrderWith, type SavedOrder } from '../../test/helper.ts';
import { signAccessToken } from '../session/access-token.ts';

/** Helpers of the patient and insurance API tests (imported by *.int.test.ts only). */

export type { SavedOrder };
export { headersOf };

/** A bearer token of a patient (prc) user: the demo data has no prc accounts yet. */
export const patientHeaders = (app: FastifyInstance) => ({
  authorization: `Bearer ${signAccessToken(
    { sub: 990001, sid: 'test-patient-session', type: 'prc', gsdlNo: null, obo: [], adm: false },
    app.config.sessionSecret,
  )}`,
});

/**
 * An order of a practitioner with one Metabolomix+ requisition (617, nutritional): drop-ship by default, else
 * registered online (neither drop-ship nor ship to office).
 */
export async function orderWithRequisition(
  app: FastifyInstance,
  login: DemoLogin,
  gsdlNo: string,
  { dropShip = true }: { dropShip?: boolean } = {},
): Promise<SavedOrder> {
  const headers = await headersOf(app, login);
  return newOrderWith<SavedOrder>(app, headers, gsdlNo, [{ ...METABOLOMIX, dropShip }]);
}

export const address = (overrides: Partial<PatientAddress> = {}): PatientAddress => ({
  type: 'shipping',
  address1: '200 Main Street',
  address2: null,
  city: 'Asheville',
  state: 'NC',
  zipCode: '28801',
  country: 'United States',
  county: null,
  voicePhone: '828-555-0100',
  alternatePhone: null,
  schoolDistrict: null,
  ...overrides,
});

export const patientInfo = (overrides: Partial<PatientInfo> = {}): PatientInfo =>
  janeTestpatient({
    nameFirst: 'Ada',
    nameLast: 'Patient',
    dateOfBirth: '1980-02-03',
    email: 'ada.patient@example.com',
    voicePhone: '(828) 555-0100',
    source: 'portal',
    addresses: [address()],
    ...overrides,
  });

/** A date of birth that makes the patient the given age in whole years (and a few months) today. */
export function bornYearsAgo(years: number, extraMonths = 3): string {
  const now = new Date();
  const birth = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - extraMonths, 1));
  return birth.toISOString().slice(0, 10);
}
