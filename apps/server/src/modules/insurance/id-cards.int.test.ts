import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES, UPLOAD_MESSAGES } from '@gear/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { attachments, requisitions } from '../../db/schema/index.ts';
import { currentVersion, expectEnvelope, signIn, useTestApp } from '../../test/helper.ts';
import { expectSameImage, jpegWithGps, pngDeclaring } from '../../test/images.ts';
import { headersOf, orderWithRequisition, patientHeaders, type SavedOrder } from '../patient/test-orders.ts';

// Files on disk here (FILE_STORAGE=disk); the database storage, the default, has its own tests (decision 0201).
const ctx = useTestApp(() => ({ FILE_STORAGE: 'disk' }));

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../e2e/fixtures/${name}`, import.meta.url));
const FRONT = fixture('insurance-card-front.jpg');
const BACK = fixture('insurance-card-back.jpg');
const RESCAN = fixture('insurance-card-front-rescan.jpg');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

type Login = 'dr.avery' | 'dr.chen' | 'staff.kim' | 'admin.ops';

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

function multipart(parts: Part[]) {
  const boundary = `----gear-${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"` +
        (part.filename === undefined ? '' : `; filename="${part.filename}"`) +
        (part.contentType === undefined ? '' : `\r\nContent-Type: ${part.contentType}`) +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const cardForm = (
  orderId: number | string,
  type: string,
  file: Buffer,
  filename = 'card.jpg',
  mime = 'image/jpeg',
) => ({
  ...multipart([
    { name: 'type', value: type },
    { name: 'gearOrderId', value: String(orderId) },
    { name: 'file', value: file, filename, contentType: mime },
  ]),
  orderId,
});

/** If-Match with the order's current version, as the browser sends a card change (docs/decisions/0065). */
const ifMatch = async (orderId: number | string | undefined): Promise<Record<string, string>> => {
  const version =
    orderId === undefined || !/^\d{1,9}$/.test(String(orderId))
      ? undefined
      : await currentVersion(ctx.database.db, { orderId: Number(orderId) });
  return version === undefined ? {} : { 'if-match': String(version) };
};

async function upload(
  form: ReturnType<typeof multipart> & { orderId?: number | string },
  login: Login | null = 'dr.avery',
  url = '',
) {
  const headers = login ? await headersOf(ctx.app, login) : {};
  return ctx.app.inject({
    method: 'POST',
    url: `/gear/uploadInsuranceAttachment${url}`,
    headers: { ...headers, ...(await ifMatch(form.orderId)), 'content-type': form.contentType },
    payload: form.payload,
  });
}

const remove = async (query: Record<string, string>, login: Login | null = 'dr.avery') =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/gear/deleteInsuranceAttachment',
    query,
    headers: login
      ? { ...(await headersOf(ctx.app, login)), ...(await ifMatch(query.orderId ?? query.gearOrderId)) }
      : {},
  });

const readBack = async (orderId: number, type: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/gear/order/${orderId}/attachments/${type}`, headers });

const storedFiles = () => {
  const folder = path.join(ctx.dataDir, 'attachments');
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
};

const rowsOf = (orderId: number) =>
  ctx.database.db.select().from(attachments).where(eq(attachments.orderId, orderId));

const readOrder = async (id: number) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/gear/order/${id}`,
      headers: await headersOf(ctx.app, 'dr.avery'),
    })
  ).json<SavedOrder>();

describe('POST /gear/uploadInsuranceAttachment', () => {
  it('spec 2 §3, §7: stores a JPEG under a random name, answers the upload result, shows it on the order', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const before = storedFiles();
    const response = await upload(cardForm(order.id, 'ins-primary-front', FRONT, 'My Card (front).jpg'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      orderId: order.id,
      action: 'saveUpload',
      type: 'ins-primary-front',
      result: 'success',
    });
    const added = storedFiles().filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{32}$/);
    // Sealed at rest (decision 0201): the file on disk is not the image sent, which reads back as the same picture
    // (encoded again, decision 0227).
    const onDisk = readFileSync(path.join(ctx.dataDir, 'attachments', added[0] as string));
    expect(onDisk.subarray(0, 3).toString()).toBe('GF1');
    expect(onDisk.includes(FRONT.subarray(0, 64))).toBe(false);
    const sent = await readBack(order.id, 'ins-primary-front', await headersOf(ctx.app, 'dr.avery'));
    await expectSameImage(sent.rawPayload, FRONT);
    const [row] = await rowsOf(order.id);
    expect(row).toMatchObject({ type: 'ins-primary-front', storageKey: added[0], contentType: 'image/jpeg' });
    expect(JSON.stringify(row)).not.toContain('My Card');

    const read = await readOrder(order.id);
    expect(read.version).toBe(order.version + 1);
    expect(read.attachments).toEqual({
      'ins-primary-front': {
        type: 'ins-primary-front',
        contentType: 'image/jpeg',
        sizeBytes: sent.rawPayload.length,
        uploadedAt: expect.any(String),
      },
    });
  });

  it('decision 0227: a photo with a GPS position in its EXIF is kept without it (nor the camera), upright', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const photo = await jpegWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload(cardForm(order.id, 'gov-id-front', photo, 'IMG_0001.jpg'));
    expect(response.statusCode, response.body).toBe(200);
    const kept = await readBack(order.id, 'gov-id-front', await headersOf(ctx.app, 'dr.avery'));
    expect(kept.statusCode).toBe(200);
    const metadata = await sharp(kept.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 200, height: 320 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(kept.rawPayload.includes('GPS-CANARY-MODEL')).toBe(false);
    expect(kept.rawPayload.includes('CanaryPhone')).toBe(false);
    expect((await readOrder(order.id)).attachments?.['gov-id-front']?.sizeBytes).toBe(kept.rawPayload.length);
  });

  it('spec 2 §4: a slot can be replaced (the old file goes) and the back uploaded beside it', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    await upload(cardForm(order.id, 'ins-primary-front', FRONT));
    await upload(cardForm(order.id, 'ins-primary-back', BACK));
    const [front] = (await rowsOf(order.id)).filter((r) => r.type === 'ins-primary-front');
    const replaced = await upload(cardForm(order.id, 'ins-primary-front', RESCAN));
    expect(replaced.statusCode, replaced.body).toBe(200);
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => r.type).sort()).toEqual(['ins-primary-back', 'ins-primary-front']);
    const newFront = rows.find((r) => r.type === 'ins-primary-front');
    expect(newFront?.storageKey).not.toBe(front?.storageKey);
    expect(storedFiles()).not.toContain(front?.storageKey);
    const image = await readBack(order.id, 'ins-primary-front', await headersOf(ctx.app, 'dr.avery'));
    await expectSameImage(image.rawPayload, RESCAN);
  });

  it('spec 2 §7: also takes a raw image body with ?orderId&cardImgType, and PNG and GIF files', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    const raw = await ctx.app.inject({
      method: 'POST',
      url: `/gear/uploadInsuranceAttachment?orderId=${order.id}&cardImgType=gov-id-front`,
      headers: {
        ...(await headersOf(ctx.app, 'dr.avery')),
        ...(await ifMatch(order.id)),
        'content-type': 'image/jpeg',
      },
      payload: FRONT,
    });
    expect(raw.statusCode, raw.body).toBe(200);
    expect(raw.json()).toMatchObject({ type: 'gov-id-front', action: 'saveUpload' });
    expect((await upload(cardForm(order.id, 'gov-id-back', PNG, 'id.png', 'image/png'))).statusCode).toBe(
      200,
    );
    expect(
      (await upload(cardForm(order.id, 'ins-primary-back', GIF, 'back.gif', 'image/gif'))).statusCode,
    ).toBe(200);
    const types = (await rowsOf(order.id)).map((r) => `${r.type} ${r.contentType}`).sort();
    expect(types).toEqual(['gov-id-back image/png', 'gov-id-front image/jpeg', 'ins-primary-back image/gif']);
  });

  describe("spec 2 §5, §8: refused with the spec's message, and nothing stored", () => {
    const cases: [string, () => ReturnType<typeof multipart>, number, string][] = [
      [
        'a GIF renamed .jpg',
        () => cardForm(0, 'ins-primary-front', GIF, 'card.jpg'),
        400,
        UPLOAD_MESSAGES.notAnImage,
      ],
      [
        'an HTML file labelled image/jpeg',
        () => cardForm(0, 'ins-primary-front', HTML, 'card.jpg', 'image/jpeg'),
        400,
        UPLOAD_MESSAGES.notAnImage,
      ],
      [
        'a 12582913-byte file',
        () =>
          cardForm(
            0,
            'ins-primary-front',
            Buffer.concat([FRONT, Buffer.alloc(12_582_913 - FRONT.length)]),
            'big.jpg',
          ),
        413,
        'Sorry, max upload size is 12 MB, but big.jpg is 12.1 MB',
      ],
      [
        'an empty file',
        () => cardForm(0, 'ins-primary-front', Buffer.alloc(0)),
        400,
        UPLOAD_MESSAGES.notAnImage,
      ],
      [
        'a JPEG labelled image/png',
        () => cardForm(0, 'ins-primary-front', FRONT, 'card.jpg', 'image/png'),
        400,
        UPLOAD_MESSAGES.notAnImage,
      ],
      [
        'a PDF',
        () => cardForm(0, 'ins-primary-front', Buffer.from('%PDF-1.7\n'), 'card.pdf', 'application/pdf'),
        400,
        UPLOAD_MESSAGES.notAnImage,
      ],
      [
        "JPEG's first bytes, then HTML (decision 0227: it must decode)",
        () =>
          cardForm(
            0,
            'ins-primary-front',
            Buffer.concat([FRONT.subarray(0, 3), HTML]),
            'card.jpg',
            'image/jpeg',
          ),
        400,
        UPLOAD_MESSAGES.notAnImage,
      ],
      [
        'a decompression bomb: a tiny PNG declaring 400 megapixels (decision 0227)',
        () => cardForm(0, 'ins-primary-front', pngDeclaring(20_000, 20_000), 'card.png', 'image/png'),
        400,
        UPLOAD_MESSAGES.tooManyPixels,
      ],
    ];

    it.each(cases)('%s', async (_name, makeForm, status, message) => {
      const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
      const form = makeForm();
      const body = Buffer.from(
        form.payload
          .toString('latin1')
          .replace('name="gearOrderId"\r\n\r\n0', `name="gearOrderId"\r\n\r\n${order.id}`),
        'latin1',
      );
      const before = storedFiles();
      const response = await upload({ ...form, payload: body });
      const envelope = expectEnvelope(response, status, message);
      expect(envelope.errors).toEqual([{ field: 'file', defaultMessage: message }]);
      expect(await rowsOf(order.id)).toEqual([]);
      expect(storedFiles()).toEqual(before);
      expect((await readOrder(order.id)).version).toBe(order.version);
    });

    it('a raw body over 12582912 bytes', async () => {
      const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
      const before = storedFiles();
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/gear/uploadInsuranceAttachment?orderId=${order.id}&cardImgType=gov-id-front&fileName=scan.jpg`,
        headers: {
          ...(await headersOf(ctx.app, 'dr.avery')),
          ...(await ifMatch(order.id)),
          'content-type': 'image/jpeg',
        },
        payload: Buffer.concat([FRONT, Buffer.alloc(13 * 1_048_576)]),
      });
      expectEnvelope(response, 413, 'Sorry, max upload size is 12 MB, but scan.jpg is 13.1 MB');
      expect(await rowsOf(order.id)).toEqual([]);
      expect(storedFiles()).toEqual(before);
    });
  });

  it('refuses: 401, 403 another practitioner, 404 unknown order, 409 received by the lab, 400 bad slot or ids', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    expectEnvelope(await upload(cardForm(order.id, 'ins-primary-front', FRONT), null), 401);
    expectEnvelope(
      await upload(cardForm(order.id, 'ins-primary-front', FRONT), 'dr.chen'),
      403,
      MESSAGES.forbidden,
    );
    expectEnvelope(await upload(cardForm(999_999, 'ins-primary-front', FRONT)), 404, MESSAGES.orderNotFound);
    expectEnvelope(await upload(cardForm(order.id, 'selfie', FRONT)), 400, MESSAGES.invalidInput);
    expectEnvelope(await upload(cardForm('abc', 'ins-primary-front', FRONT)), 400, MESSAGES.invalidInput);
    expectEnvelope(
      await upload(cardForm(order.id, 'ins-primary-front', FRONT), 'dr.avery', `?orderId=${order.id + 1}`),
      400,
    );
    const noFile = multipart([
      { name: 'type', value: 'ins-primary-front' },
      { name: 'gearOrderId', value: String(order.id) },
    ]);
    expectEnvelope(await upload(noFile), 400);

    const [locked] = await ctx.database.db
      .select({ orderId: requisitions.orderId })
      .from(requisitions)
      .where(eq(requisitions.activationCode, 'C922499553'));
    const lockedId = locked?.orderId as number;
    expectEnvelope(
      await upload(cardForm(lockedId, 'ins-primary-front', FRONT)),
      409,
      MESSAGES.orderReceivedByLab,
    );
    expect((await upload(cardForm(lockedId, 'ins-primary-front', FRONT), 'admin.ops')).statusCode).toBe(200);
    expect(await rowsOf(order.id)).toEqual([]);
  });
});

describe('GET /gear/order/{id}/attachments/{type}', () => {
  it("ARCHITECTURE 'Access': the order's practitioner, users acting for them and admins; nobody else", async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    await upload(cardForm(order.id, 'ins-primary-front', FRONT));
    for (const login of ['dr.avery', 'staff.kim', 'admin.ops'] as const) {
      const image = await readBack(order.id, 'ins-primary-front', await headersOf(ctx.app, login));
      expect(image.statusCode, login).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['cache-control']).toBe('private, no-store');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      await expectSameImage(image.rawPayload, FRONT);
    }
    const viaCookie = await readBack(order.id, 'ins-primary-front', {
      cookie: (await signIn(ctx.app, 'dr.avery')).cookie,
    });
    expect(viaCookie.statusCode).toBe(200);
    expectEnvelope(await readBack(order.id, 'ins-primary-front', await headersOf(ctx.app, 'dr.chen')), 403);
    expectEnvelope(await readBack(order.id, 'ins-primary-front', await patientHeaders(ctx.app)), 403);
    expectEnvelope(await readBack(order.id, 'ins-primary-front', {}), 401);
    expectEnvelope(await readBack(order.id, 'ins-primary-back', await headersOf(ctx.app, 'dr.avery')), 404);
    expectEnvelope(await readBack(999_999, 'ins-primary-front', await headersOf(ctx.app, 'dr.avery')), 404);
    expectEnvelope(await readBack(order.id, 'passport', await headersOf(ctx.app, 'dr.avery')), 400);
  });
});

describe('DELETE /gear/deleteInsuranceAttachment', () => {
  it('spec 2 §4, §7: deletes the card of a slot (row and file) and bumps the version', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    await upload(cardForm(order.id, 'ins-primary-back', BACK));
    const [row] = await rowsOf(order.id);
    const version = (await readOrder(order.id)).version;
    const response = await remove({ orderId: String(order.id), cardImgType: 'ins-primary-back' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      orderId: order.id,
      action: 'deleteUpload',
      type: 'ins-primary-back',
      result: 'success',
    });
    expect(await rowsOf(order.id)).toEqual([]);
    expect(storedFiles()).not.toContain(row?.storageKey);
    const read = await readOrder(order.id);
    expect(read.version).toBe(version + 1);
    expect(read.attachments).toEqual({});
    expectEnvelope(
      await remove({ gearOrderId: String(order.id), type: 'ins-primary-back' }),
      404,
      UPLOAD_MESSAGES.deleteFailed,
    );
  });

  it('refuses: 401, 403 another practitioner, 404 unknown order, 409 received by the lab, 400 bad input', async () => {
    const order = await orderWithRequisition(ctx.app, 'dr.avery', 'P1001');
    await upload(cardForm(order.id, 'gov-id-front', FRONT));
    const query = { orderId: String(order.id), cardImgType: 'gov-id-front' };
    expectEnvelope(await remove(query, null), 401);
    expectEnvelope(await remove(query, 'dr.chen'), 403);
    expectEnvelope(await remove({ ...query, orderId: '999999' }), 404, MESSAGES.orderNotFound);
    expectEnvelope(await remove({ ...query, cardImgType: 'selfie' }), 400);
    expectEnvelope(await remove({ cardImgType: 'gov-id-front' }), 400);
    expect(await rowsOf(order.id)).toHaveLength(1);
    const [locked] = await ctx.database.db
      .select({ orderId: requisitions.orderId })
      .from(requisitions)
      .where(eq(requisitions.activationCode, 'C922499553'));
    expectEnvelope(
      await remove({ orderId: String(locked?.orderId), cardImgType: 'ins-primary-front' }),
      409,
      MESSAGES.orderReceivedByLab,
    );
  });
});
