// Issue 21 item 7, decision 0202: the documents the server makes (the agreement, the NSA acknowledgement, the packing
// slip, the receipt, the consent form, the printed test selections) are derived from the database on each request and
// nothing of them is stored, so a second API process with its own data folder (another host: nothing shared but the
// database) answers the same bytes; and the files a host kept on disk before are moved into the database as it starts.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONSENT_PDF_PATH, STEP_IDS } from '@gear/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFileStorage } from '../../adapters/storage/database-storage.ts';
import { fileCipher } from '../../adapters/storage/file-cipher.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { orders, payments, workflowSteps } from '../../db/schema/index.ts';
import { callAs, headersOf, ifMatchNow, ok, useTestApp } from '../../test/helper.ts';
import { type SavedOrder, shipToOfficeOrder } from '../../test/order-builders.ts';
import { readPdf } from '../../test/pdf-text.ts';

const ctx = useTestApp();

/** A card image an earlier version of the portal left in DATA_DIR/attachments on the second host. */
const LEGACY_KEY = randomBytes(16).toString('hex');
const LEGACY_BYTES = randomBytes(2048);

/** A second API process on another host: its own DATA_DIR; nothing shared with the first but the database. */
let second: FastifyInstance;
let secondDir: string;
beforeAll(async () => {
  secondDir = mkdtempSync(path.join(tmpdir(), 'gear-other-host-'));
  mkdirSync(path.join(secondDir, 'attachments'));
  writeFileSync(path.join(secondDir, 'attachments', LEGACY_KEY), LEGACY_BYTES);
  // Both hosts hold the deployment's key (FILE_ENCRYPTION_KEYS); here the first one's key file is copied over.
  writeFileSync(path.join(secondDir, 'file-key'), readFileSync(path.join(ctx.dataDir, 'file-key')));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: secondDir,
  });
  second = await buildApp(config, ctx.database.db);
}, 60_000);
afterAll(async () => {
  await second?.close();
  if (secondDir) rmSync(secondDir, { recursive: true, force: true });
});

/** A ship-to-office order of P1001 handed off to Jane Testpatient, her agreement and acknowledgement recorded. */
async function agreedOrder(): Promise<SavedOrder> {
  const order = await shipToOfficeOrder(ctx.app, 'dr.avery', 'P1001', [540, 617]);
  ok(
    await callAs(
      ctx.app,
      'dr.avery',
      'POST',
      `/gear/order/${order.id}/handoff`,
      { dateOfBirth: '1985-04-12', nameLast: 'Testpatient', email: 'jane.hosts@example.com' },
      await ifMatchNow(ctx.database.db, { orderId: order.id }),
    ),
  );
  await ctx.database.db
    .update(workflowSteps)
    .set({ completed: true, statusId: 3, userType: 'prc', stepDate: new Date('2026-11-20T15:04:05Z') })
    .where(
      and(
        eq(workflowSteps.orderId, order.id),
        eq(workflowSteps.stepId, STEP_IDS.payment),
        isNull(workflowSteps.gearReqId),
      ),
    );
  await ctx.database.db
    .update(orders)
    .set({ patientAgreement: true, nsaAcknowledged: true, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, order.id));
  // A check the patient paid with, for the receipt.
  await ctx.database.db.insert(payments).values({
    orderId: order.id,
    gearReqId: order.requisitions[0]?.id ?? null,
    paymentType: 'check',
    paymentFrom: 'myGDX',
    amountCents: 15_000,
    checkNo: '1042',
    status: 'captured',
  });
  return order;
}

const SELECTION = {
  title: 'GI Effects Comprehensive Profile',
  subtitle: 'Requisition 1234-5678',
  paper: 'letter',
  sections: [{ heading: 'Tests', lines: ['Calprotectin', 'Pancreatic Elastase 1'] }],
};

/** Every document the server makes, as a browser asks for it. */
const documentsOf = (orderId: number) => [
  { name: 'consent form', method: 'GET' as const, url: CONSENT_PDF_PATH },
  { name: 'patient agreement', method: 'GET' as const, url: `/gear/acknowledgement/order/${orderId}/pdf` },
  {
    name: 'NSA acknowledgement',
    method: 'GET' as const,
    url: `/gear/nsa-acknowledgement/order/${orderId}/pdf`,
  },
  { name: 'packing slip', method: 'GET' as const, url: `/gear/order/${orderId}/packingslip/${orderId}` },
  { name: 'receipt', method: 'GET' as const, url: `/gear/order/${orderId}/receipt/pdf` },
  {
    name: 'test selections',
    method: 'POST' as const,
    url: '/gear/print/test-selection',
    payload: SELECTION,
  },
];

const storedFiles = async () =>
  (
    (await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM stored_files`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n;

async function fetchFrom(app: FastifyInstance, document: ReturnType<typeof documentsOf>[number]) {
  const headers = await headersOf(app, 'dr.avery');
  const answer = await app.inject({
    method: document.method,
    url: document.url,
    headers,
    ...(document.payload ? { payload: document.payload } : {}),
  });
  expect(answer.statusCode, `${document.name}: ${answer.body.slice(0, 200)}`).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  return answer.rawPayload;
}

describe('generated documents on two hosts (issue 21 item 7, decision 0202)', () => {
  it('every document is the same bytes from either process, a while apart: made from the database, nothing stored', async () => {
    const order = await agreedOrder();
    const storedBefore = await storedFiles();
    const first = new Map<string, Buffer>();
    for (const document of documentsOf(order.id))
      first.set(document.name, await fetchFrom(ctx.app, document));
    // A clock in the document would differ after a second; the other host has its own folder and no cache.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    for (const document of documentsOf(order.id)) {
      const again = await fetchFrom(second, document);
      expect(again.equals(first.get(document.name) as Buffer), document.name).toBe(true);
    }
    expect(await storedFiles()).toBe(storedBefore);
    // The agreement names who agreed and when, read from the order.
    const { text } = await readPdf(first.get('patient agreement') as Buffer);
    expect(text).toContain('Testpatient');
  }, 60_000);

  it('a change of the order is in the next document from either host (derived on request, never a stale copy)', async () => {
    const order = await agreedOrder();
    const url = `/gear/nsa-acknowledgement/order/${order.id}/pdf`;
    const document = { name: 'NSA acknowledgement', method: 'GET' as const, url };
    const before = await fetchFrom(second, document);
    await ctx.database.db
      .update(orders)
      .set({ nsaAcknowledged: false, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, order.id));
    const after = await fetchFrom(ctx.app, document);
    expect(after.equals(before)).toBe(false);
    expect((await readPdf(after)).text).toContain('Not yet acknowledged');
    expect((await fetchFrom(second, document)).equals(after)).toBe(true);
  }, 60_000);

  it('the files a host kept on disk were moved into the database as it started, readable with the shared key', async () => {
    expect(existsSync(path.join(secondDir, 'attachments', LEGACY_KEY))).toBe(false);
    const key = Buffer.from(readFileSync(path.join(ctx.dataDir, 'file-key'), 'utf8').trim(), 'base64');
    const storage = databaseFileStorage(ctx.database.db, fileCipher([{ id: 'local', key }]));
    expect(Buffer.from((await storage.get(LEGACY_KEY)) ?? []).equals(LEGACY_BYTES)).toBe(true);
  });
});
