import { randomBytes } from 'node:crypto';
import type { PatientAddress, PatientInfo } from '@gear/domain';
import { patientInfo as janeTestpatient } from '@gear/domain/test-support';
import type { FastifyInstance } from 'fastify';
import { patientSessions } from '../../db/schema/index.ts';
import { type DemoLogin, headersOf, METABOLOMIX, newOrderWith, type SavedOrder } from '../../test/helper.ts';
import { signAccessToken } from '../session/access-token.ts';

/** Helpers of the patient and insurance API tests (imported by *.int.test.ts only). */

export type { SavedOrder };
export { headersOf };

/**
 * A bearer token of a patient (prc) who proved no order yet: a real patient session, since a token of a session that
 * does not exist is refused (docs/decisions/0217).
 */
export async function patientHeaders(app: FastifyInstance) {
  const sessionId = `test-patient-${randomBytes(8).toString('hex')}`;
  await app.db.insert(patientSessions).values({ id: sessionId, orderIds: [] });
  return {
    authorization: `Bearer ${await signAccessToken(
      { sub: null, sid: sessionId, type: 'prc', gsdlNo: null, obo: [], adm: false, ord: [] },
      app.config.sessionSecret,
    )}`,
  };
}

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
