import {
  ID_CARD_ATTACHMENT_TYPES,
  type IdCardAttachmentType,
  IMAGE_TYPES,
  type ImageType,
  insuranceStepSchema,
  MAX_UPLOAD_BYTES,
  MESSAGES,
} from '@gear/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import { asOrderResponse, errorEnvelopeSchema, idParam, orderSchema } from '../../lib/api-schemas.ts';
import { badRequest } from '../../lib/http-error.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import { deleteIdCard, type IdCardUpload, readIdCard, tooLarge, uploadIdCard } from './id-cards.service.ts';
import { saveInsuranceStep } from './insurance.service.ts';

const tags = ['Insurance'];
const refusals = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

const orderIdText = z.coerce.number().int().positive().max(2_147_483_647);
const cardType = z.enum(ID_CARD_ATTACHMENT_TYPES);

/**
 * spec 2 §7 names the query orderId&cardImgType; the multipart form of the upload sends gearOrderId and type
 * (decision 0023). Either pair is read; both present must agree.
 */
const cardQuery = z.object({
  orderId: orderIdText.optional(),
  cardImgType: cardType.optional(),
  gearOrderId: orderIdText.optional(),
  type: cardType.optional(),
  fileName: z
    .string()
    .max(255)
    .optional()
    .describe('The file name of a raw image body (its extension is checked)'),
});

const uploadResultSchema = z
  .object({
    orderId: z.number(),
    action: z.enum(['saveUpload', 'deleteUpload']),
    type: cardType,
    result: z.literal('success'),
  })
  .meta({ id: 'IdCardResult' });

const FILE_EXTENSION: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

interface CardTarget {
  orderId: number;
  type: IdCardAttachmentType;
}

/** The order and card slot from the query and the form fields (either spelling); 400 when missing or disagreeing. */
function cardTarget(sources: { orderId?: unknown; type?: unknown }[]): CardTarget {
  const orderIds = new Set(sources.flatMap((s) => (s.orderId === undefined ? [] : [Number(s.orderId)])));
  const types = new Set(sources.flatMap((s) => (s.type === undefined ? [] : [String(s.type)])));
  const [orderId] = [...orderIds];
  const [type] = [...types];
  const parsedId = orderIdText.safeParse(orderId);
  const parsedType = cardType.safeParse(type);
  const errors = [
    ...(orderIds.size === 1 && parsedId.success
      ? []
      : [{ field: 'orderId', defaultMessage: MESSAGES.invalidInput }]),
    ...(types.size === 1 && parsedType.success
      ? []
      : [{ field: 'cardImgType', defaultMessage: MESSAGES.invalidInput }]),
  ];
  if (!parsedId.success || !parsedType.success || errors.length > 0)
    throw badRequest(MESSAGES.invalidInput, errors);
  return { orderId: parsedId.data, type: parsedType.data };
}

type CardQuery = z.infer<typeof cardQuery>;
const fromQuery = (query: CardQuery) => [
  { orderId: query.orderId, type: query.cardImgType },
  { orderId: query.gearOrderId, type: query.type },
];

const announcedSize = (request: FastifyRequest) => {
  const sent = Number(request.headers['content-length']);
  return Number.isFinite(sent) && sent > MAX_UPLOAD_BYTES ? sent : MAX_UPLOAD_BYTES + 1;
};

interface ReceivedFile {
  fileName: string;
  mimeType: string;
  bytes: Buffer;
}

/**
 * The one file of a multipart upload and the form's fields. A file over the limit is cut off by the parser, which
 * knows only that it was too large: the message names the size the request announced (decision 0023).
 */
async function readParts(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw tooLarge(part.filename, announcedSize(request));
      if (part.fieldname === 'file' && file === null)
        file = { fileName: part.filename, mimeType: part.mimetype, bytes: Buffer.concat(chunks) };
    }
  } catch (error) {
    if ((error as FastifyError).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    const { part } = error as { part?: { filename?: string } };
    throw tooLarge(part?.filename ?? 'file', announcedSize(request));
  }
  return { fields, file };
}

async function readMultipart(request: FastifyRequest, query: CardQuery): Promise<IdCardUpload> {
  const { fields, file } = await readParts(request);
  const target = cardTarget([
    ...fromQuery(query),
    { orderId: fields.gearOrderId, type: fields.type },
    { orderId: fields.orderId, type: fields.cardImgType },
  ]);
  if (file === null)
    throw badRequest(MESSAGES.invalidInput, [{ field: 'file', defaultMessage: MESSAGES.invalidInput }]);
  return { ...target, ...file };
}

/** A raw image body (spec 2 §7 'with an image/jpeg body'): its name from the query, else the slot and the type. */
function readRawBody(request: FastifyRequest, query: CardQuery): IdCardUpload {
  const target = cardTarget(fromQuery(query));
  const mimeType = String(request.headers['content-type'] ?? '');
  const essence = (mimeType.split(';')[0] ?? '').trim().toLowerCase() as ImageType;
  const extension = IMAGE_TYPES.includes(essence) ? FILE_EXTENSION[essence] : 'bin';
  const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  return { ...target, fileName: query.fileName ?? `${target.type}.${extension}`, mimeType, bytes };
}

/** A raw body over the limit is cut off by the parser: answer with the spec's message and the size announced. */
function uploadErrors(error: FastifyError, request: FastifyRequest, _reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const query = request.query as CardQuery;
    throw tooLarge(query.fileName ?? query.cardImgType ?? query.type ?? 'upload', announcedSize(request));
  }
  throw error;
}

/** The insurance step (spec 2 §4, §5, §7): its save, and the ID-card uploads. */
export function insuranceRoutes(storage: FileStorage) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    // Any body that is not JSON or a multipart form is read as bytes here, so that an upload of another type is
    // refused with the spec's message rather than 415.
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );

    api.put(
      '/gear/order/:id/insurance/',
      {
        schema: {
          tags,
          summary: 'Save the insurance step',
          description:
            'The order with insurance (required) and secondaryInsurance (optional; null removes it and its ID ' +
            'cards); medicareBeneficiaryIdConfirmed true is the Yes to the Medicare/Tricare question. Field ' +
            'errors are insurance.<name> and secondaryInsurance.<name>. 409 for a stale version or an order ' +
            'received by the lab.',
          params: z.object({ id: idParam }),
          body: insuranceStepSchema.extend({ medicareBeneficiaryIdConfirmed: z.boolean().optional() }),
          response: { 200: orderSchema, ...refusals, 409: errorEnvelopeSchema },
        },
      },
      (request) => {
        if (request.body.id !== request.params.id)
          throw badRequest('The order id of the address and the body differ.');
        return asOrderResponse(
          saveInsuranceStep(
            app.db,
            storage,
            callerOf(request).userInfo,
            request.body,
            versionNamed(request, request.body.version),
          ),
        );
      },
    );

    api.post(
      '/gear/uploadInsuranceAttachment',
      {
        errorHandler: uploadErrors,
        schema: {
          tags,
          summary: 'Upload an ID-card image to a card slot of an order',
          description:
            'multipart/form-data with file, type and gearOrderId (one file, at most 12582912 bytes), or a raw ' +
            'image body with ?orderId&cardImgType. Extension, MIME type and first bytes must all be JPEG, PNG or ' +
            "GIF. Refusals carry spec 2 §8's message (400; 413 when too large); nothing is stored.",
          querystring: cardQuery,
          response: {
            200: uploadResultSchema,
            ...refusals,
            409: errorEnvelopeSchema,
            413: errorEnvelopeSchema,
          },
        },
      },
      async (request) => {
        const upload = request.isMultipart()
          ? await readMultipart(request, request.query)
          : readRawBody(request, request.query);
        return uploadIdCard(
          app.db,
          storage,
          callerOf(request).userInfo,
          upload,
          versionNamed(request, undefined),
        );
      },
    );

    api.delete(
      '/gear/deleteInsuranceAttachment',
      {
        schema: {
          tags,
          summary: "Delete the ID card of an order's card slot",
          description: '?orderId&cardImgType (or gearOrderId&type). 404 when the slot holds no card.',
          querystring: cardQuery,
          response: { 200: uploadResultSchema, ...refusals, 409: errorEnvelopeSchema },
        },
      },
      (request) =>
        deleteIdCard(
          app.db,
          storage,
          callerOf(request).userInfo,
          cardTarget(fromQuery(request.query)),
          versionNamed(request, undefined),
        ),
    );

    api.get(
      '/gear/order/:id/attachments/:type',
      {
        schema: {
          tags,
          summary: "An ID-card image of an order (the order's practitioner, users acting for them, admins)",
          params: z.object({ id: idParam, type: cardType }),
          response: { 200: z.any().describe('The image (image/jpeg, image/png or image/gif)'), ...refusals },
        },
      },
      async (request, reply) => {
        const card = await readIdCard(app.db, storage, callerOf(request).userInfo, {
          orderId: request.params.id,
          type: request.params.type,
        });
        return reply
          .type(card.contentType)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .send(card.bytes);
      },
    );
  };
}
