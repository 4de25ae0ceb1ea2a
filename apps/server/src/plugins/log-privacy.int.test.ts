import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { MESSAGES, UNSUPPORTED_CHARACTERS_MESSAGE } from '@gear/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../db/test-db.ts';
import { address, orderWithRequisition, patientInfo } from '../modules/patient/test-orders.ts';
import { seedDemoData } from '../seed/index.ts';
import { expectEnvelope, headersOf } from '../test/helper.ts';

// Issue 14 item 2 (docs/decisions/0210): no value a failing save carried reaches the log. Every save is driven with
// canary values and a character the database cannot store; the whole log is then searched for each canary.
const CANARY = {
  nameFirst: 'Qxcanaryfirst',
  nameLast: 'Qxcanarylast',
  dateOfBirth: '1961-07-19',
  ssn: '987-65-4329',
  email: 'qx.canary@example.com',
  voicePhone: '(828) 555-0177',
  driverLicenseNumber: 'DLQX77123',
  subscriberId: 'QXINS-4477',
  subscriberName: 'Qxcanary Subscriber',
  address1: '77 Qxcanary Lane',
} as const;

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: FastifyInstance;
let database: Database;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db);
  dataDir = mkdtempSync(path.join(tmpdir(), 'gear-log-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
  });
  app = await buildApp(config, database.db, { logStream });
  // A save the database refuses with the canaries as the query's parameters: the path every unforeseen database
  // refusal takes to the error handler.
  app.put('/gear/test-failing-save', async () => {
    await database.db.execute(
      sql`select ${CANARY.ssn}::date, ${CANARY.nameLast}::integer, ${CANARY.email}, ${CANARY.dateOfBirth}`,
    );
    return { saved: true };
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const expectNoCanaryLogged = () => {
  const log = lines.join('');
  expect(log.length).toBeGreaterThan(0);
  for (const [name, value] of Object.entries(CANARY)) expect(log, `${name} in the log`).not.toContain(value);
};

const canaryPatient = (bad: string) =>
  patientInfo({
    nameFirst: CANARY.nameFirst,
    nameLast: `${CANARY.nameLast}${bad}`,
    dateOfBirth: CANARY.dateOfBirth,
    ssn: CANARY.ssn,
    email: CANARY.email,
    voicePhone: CANARY.voicePhone,
    driverLicenseNumber: CANARY.driverLicenseNumber,
    addresses: [address({ address1: `${CANARY.address1}${bad}` })],
  });

const canaryInsurance = (bad: string) => ({
  insuranceProvider: 'aetna',
  subscriberId: `${CANARY.subscriberId}${bad}`,
  subscriberName: CANARY.subscriberName,
  subscriberDOB: CANARY.dateOfBirth,
  groupNumber: 'G 100',
  subscriberRelation: 'Self',
  otherSubscriberRelation: null,
  otherProvider: null,
  phoneNumber: '800-555-0199',
  claimsAddress: address({ type: 'claims', address1: `${CANARY.address1}${bad}` }),
  insuranceRank: 0,
});

describe('issue 14 items 2 and 11: failing saves keep PHI out of the log', () => {
  it.each([
    ['a NUL', '\u0000'],
    ['a lone surrogate', '\uD800'],
  ])(
    'the patient and insurance saves with %s answer 400 with a field error, and log none of their values',
    async (_name, bad) => {
      const headers = await headersOf(app, 'dr.avery');
      const order = await orderWithRequisition(app, 'dr.avery', 'P1001');
      const patient = await app.inject({
        method: 'PUT',
        url: `/gear/order/${order.id}/patient/`,
        headers,
        payload: { id: order.id, version: order.version, patientInfo: canaryPatient(bad) },
      });
      const body = expectEnvelope(patient, 400, MESSAGES.invalidInput);
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { field: 'patientInfo.nameLast', defaultMessage: UNSUPPORTED_CHARACTERS_MESSAGE },
          { field: 'patientInfo.addresses.0.address1', defaultMessage: UNSUPPORTED_CHARACTERS_MESSAGE },
        ]),
      );
      const insurance = await app.inject({
        method: 'PUT',
        url: `/gear/order/${order.id}/insurance/`,
        headers,
        payload: {
          id: order.id,
          version: order.version,
          insurance: canaryInsurance(bad),
          secondaryInsurance: null,
        },
      });
      expect(insurance.statusCode).toBe(400);
      const search = await app.inject({
        method: 'GET',
        url: `/gear/api/patient-lookup?orderId=${order.id}&query=${encodeURIComponent(CANARY.nameLast)}%00`,
        headers,
      });
      expect(search.statusCode).toBe(400);
      expectNoCanaryLogged();
    },
  );

  it('an unsupported character in the path or the query answers 400, never 500', async () => {
    const headers = await headersOf(app, 'dr.avery');
    for (const url of [
      '/gear/order/1%00',
      '/api/dxcodes/E11%00',
      '/gear/getDxCodeSuggestions?searchTerm=x%00',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('a save the database refuses answers 500 and logs its kind and code, none of its parameters', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/gear/test-failing-save',
      headers: await headersOf(app, 'dr.avery'),
      payload: { patientInfo: canaryPatient('') },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(CANARY.ssn);
    const failure = lines
      .map((line) => JSON.parse(line) as { msg?: string; failure?: { kind: string; causeCode?: string } })
      .find((entry) => entry.msg === 'request failed');
    expect(failure?.failure?.kind).toBeTruthy();
    expectNoCanaryLogged();
  });
});
