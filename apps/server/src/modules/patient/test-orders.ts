import type { GearOrder, PatientAddress, PatientInfo } from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createOrder, type DemoLogin, signIn } from '../../test/helper.ts';
import { signAccessToken } from '../session/access-token.ts';

/** Helpers of the patient and insurance API tests (imported by *.int.test.ts only). */

export type SavedOrder = GearOrder & { id: number };

export const headersOf = async (app: FastifyInstance, login: DemoLogin) => (await signIn(app, login)).headers;

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
  const created = await createOrder(app, headers, gsdlNo);
  const response = await app.inject({
    method: 'PUT',
    url: '/gear/testSelection',
    headers,
    payload: {
      id: created.id,
      version: created.version,
      requisitions: [{ id: null, omsOrderableItemId: 617, panel: 5860, dropShip }],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SavedOrder>();
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

export const patientInfo = (overrides: Partial<PatientInfo> = {}): PatientInfo => ({
  nameFirst: 'Ada',
  nameMiddle: null,
  nameLast: 'Patient',
  dateOfBirth: '1980-02-03',
  gender: 'F',
  email: 'ada.patient@example.com',
  voicePhone: '(828) 555-0100',
  alternatePhone: null,
  chartNumber: null,
  driverLicenseNumber: null,
  ssn: null,
  race: null,
  ethnicity: null,
  source: 'portal',
  marketingOptIn: false,
  occupation: null,
  employer: null,
  employmentStatus: null,
  responsibleNameFirst: null,
  responsibleNameMiddle: null,
  responsibleNameLast: null,
  addresses: [address()],
  ...overrides,
});

/** A date of birth that makes the patient the given age in whole years (and a few months) today. */
export function bornYearsAgo(years: number, extraMonths = 3): string {
  const now = new Date();
  const birth = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth() - extraMonths, 1));
  return birth.toISOString().slice(0, 10);
}
