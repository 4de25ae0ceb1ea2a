// Decision 0201 (issue 21 item 7, issue 14 item 10 and 'ID cards'): files in the database by default, sealed, served
// by every process; files on disk moved in on start; no file left that nothing points at.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { orderWithRequisition } from '../../modules/patient/test-orders.ts';
import { currentVersion, headersOf, useTestApp } from '../../test/helper.ts';
import { expectSameImage } from '../../test/images.ts';
import { moveDiskFilesIn } from './configured-storage.ts';
import { databaseFileStorage, MAX_STORED_FILE_BYTES, sweepUnreferencedFiles } from './database-storage.ts';
import { fileCipher } from './file-cipher.ts';

const ctx = useTestApp();
/** A real card photo: uploads must decode (decision 0227). */
const FRONT = readFileSync(new URL('../../../../../e2e/fixtures/insurance-card-front.jpg', import.meta.url));

/** A second API process on the same database (its own DATA_DIR: nothing shared but the database). */
let second: FastifyInstance;
let secondDir: string;
beforeAll(async () => {
  secondDir = mkdtempSync(path.join(tmpdir(), 'gear-second-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: secondDir,
  });
  // Both processes hold the deployment's key (FILE_ENCRYPTION_KEYS); here the first one's key file is shared.
  writeFileSync(path.join(secondDir, 'file-key'), readFileSync(path.join(ctx.dataDir, 'file-key')));
  second = await buildApp(config, ctx.database.db);
}, 60_000);
afterAll(async () => {
  await second?.close();
  if (secondDir) rmSync(secondDir, { recursive: true, force: true });
});

function cardForm(orderId: number, file: Buffer) {
  const boundary = `----gear-${randomBytes(8).toString('hex')}`;
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(part('type', 'ins-primary-front') + part('gearOrderId', String(orderId))),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function upload(
  app: FastifyInstance,
  orderId: number,
  version: number,
  signedIn?: Record<string, string>,
) {
  const form = cardForm(orderId, FRONT);
  return app.inject({
    method: 'POST',
    url: '/gear/uploadInsuranceAttachment',
    headers: {
      ...(signedIn ?? (await headersOf(app, 'dr.avery'))),
      'if-match': `"${version}"`,
      'content-type': form.contentType,
    },
    payload: form.payload,
  });
}

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await ctx.database.db.execute(query)) as unknown as { rows: T[] }).rows;

const unreferenced = () =>
  rows<{ key: string }>(
    sql`SELECT key FROM stored_files f WHERE NOT EXISTS (SELECT 1 FROM attachments a WHERE a.storage_key = f.key)`,
  );

describe('files in the database (decision 0201)', () => {
  it('a card uploaded through one process is served by another, and is sealed in the database', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const version = (await currentVersion(ctx.database.db, { orderId: order.id })) as number;
    const sent = await upload(ctx.app, order.id, version);
    expect(sent.statusCode, sent.body).toBe(200);
    const read = await second.inject({
      method: 'GET',
      url: `/gear/order/${order.id}/attachments/ins-primary-front`,
      headers: await headersOf(second, 'dr.avery'),
    });
    expect(read.statusCode).toBe(200);
    await expectSameImage(read.rawPayload, FRONT);
    const [stored] = await rows<{ sealed: Uint8Array; size_bytes: number }>(
      sql`SELECT f.sealed, f.size_bytes FROM stored_files f JOIN attachments a ON a.storage_key = f.key WHERE a.order_id = ${order.id}`,
    );
    expect(stored?.size_bytes).toBe(read.rawPayload.length);
    expect(Buffer.from(stored?.sealed ?? []).includes(FRONT.subarray(0, 32))).toBe(false);
    expect(readdirSync(ctx.dataDir)).not.toContain('attachments');
  });

  it('40 concurrent first uploads to one slot, on two processes: one saved, the others 409, no file left over', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const version = (await currentVersion(ctx.database.db, { orderId: order.id })) as number;
    // One sign-in per process: 40 at once would meet the sign-in budget (decision 0211), not the upload's rule.
    const signedIn = [await headersOf(ctx.app, 'dr.avery'), await headersOf(second, 'dr.avery')];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        upload(index % 2 ? second : ctx.app, order.id, version, signedIn[index % 2]),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(39);
    expect(await unreferenced()).toEqual([]);
  }, 60_000);

  it('refuses a file above the limit before storing anything', async () => {
    const storage = databaseFileStorage(ctx.database.db, fileCipher([{ id: 't', key: randomBytes(32) }]));
    await expect(storage.put(new Uint8Array(MAX_STORED_FILE_BYTES + 1))).rejects.toThrow('too large');
  });

  it('moves the files left on disk into the database under their own keys, each once with two processes', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'gear-legacy-'));
    const cipher = fileCipher([{ id: 'legacy', key: randomBytes(32) }]);
    const storage = databaseFileStorage(ctx.database.db, cipher);
    const plainKey = randomBytes(16).toString('hex');
    const sealedKey = randomBytes(16).toString('hex');
    writeFileSync(path.join(folder, plainKey), FRONT);
    writeFileSync(path.join(folder, sealedKey), cipher.seal(FRONT));
    writeFileSync(path.join(folder, 'not-a-key.part'), 'half written');
    const moved = await Promise.all([
      moveDiskFilesIn(folder, cipher, storage.adopt),
      moveDiskFilesIn(folder, cipher, storage.adopt),
    ]);
    expect(moved[0] + moved[1]).toBe(2);
    expect(await storage.get(plainKey)).toEqual(FRONT);
    expect(await storage.get(sealedKey)).toEqual(FRONT);
    expect(readdirSync(folder)).toEqual(['not-a-key.part']);
    rmSync(folder, { recursive: true, force: true });
    for (const key of [plainKey, sealedKey]) await storage.delete(key);
  });

  it('the sweep removes files nothing points at once an hour old, and keeps the others', async () => {
    const storage = databaseFileStorage(ctx.database.db, fileCipher([{ id: 't', key: randomBytes(32) }]));
    const old = await storage.put(FRONT);
    const fresh = await storage.put(FRONT);
    await ctx.database.db.execute(
      sql`UPDATE stored_files SET created_at = now() - interval '2 hours' WHERE key = ${old}`,
    );
    const referenced = await rows<{ key: string }>(sql`SELECT storage_key AS key FROM attachments`);
    expect(await sweepUnreferencedFiles(ctx.database.db)).toBe(1);
    const left = (await rows<{ key: string }>(sql`SELECT key FROM stored_files`)).map((row) => row.key);
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
    for (const { key } of referenced) expect(left).toContain(key);
    await storage.delete(fresh);
  });
});
