import {
  bulkTestSelectionSchema,
  databaseId,
  gsdlNoSchema,
  messages,
  panelQuerySchema,
  requisitionLookupQuerySchema,
  singleTestSelectionSchema,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asOrderResponse, errorEnvelopeSchema, orderSchema } from '../../lib/api-schemas.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf, practitionerCallerOf } from '../../plugins/auth.ts';
import { catalogueRequisitionSchema, orderableItemSchema } from '../catalogue/catalogue.schemas.ts';
import {
  catalogueRequisitionForItem,
  catalogueRequisitionForSearch,
  omsRequisitionById,
  requisitionDefinitions,
} from './requisition-lookup.service.ts';
import { saveBulkTestSelection, saveSingleTestSelection } from './test-selection.service.ts';

const tags = ['Panel selection'];
const refusals = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };
const saveRefusals = {
  ...refusals,
  409: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  428: errorEnvelopeSchema,
};
const idQuery = z.coerce.number().pipe(databaseId);

/** spec 1 §7: 'gearReqIds as a comma list (later variants repeat the parameter)'; both are accepted. */
const MAX_REQUISITION_IDS = 50;
const gearReqIds = z
  .union([z.string(), z.array(z.string())])
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part.length > 0),
  )
  .pipe(z.array(z.string().transform(Number).pipe(databaseId)).min(1).max(MAX_REQUISITION_IDS));

const requisitionDefinitionSchema = z
  .object({ id: z.number().describe('gearReqId'), orderableItem: orderableItemSchema })
  .meta({ id: 'RequisitionDefinition' });

const omsRequisitionSchema = z
  .object({ omsRequisition: catalogueRequisitionSchema })
  .meta({ id: 'OmsRequisition' });

export async function requisitionRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const phoneMessages = messages(app.config.supportPhone);

  api.get(
    '/gear/requisition',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'The collection pack a requisition or activation number names (spec 1 §4.4 search flow)',
        querystring: requisitionLookupQuerySchema,
        response: { 200: catalogueRequisitionSchema, ...refusals, 410: errorEnvelopeSchema },
      },
    },
    (request) => catalogueRequisitionForSearch(app.db, callerOf(request).userInfo, request.query),
  );

  api.get(
    '/gear/requisition/getReqByOrderableItem',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'A product as a requisition without a pack (id null), for a practitioner',
        querystring: z.object({
          orderableItemId: idQuery,
          gsdlNo: gsdlNoSchema,
        }),
        response: { 200: catalogueRequisitionSchema, ...refusals },
      },
    },
    (request) => catalogueRequisitionForItem(app.db, callerOf(request).userInfo, request.query),
  );

  api.get(
    '/gear/requisitionById',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'A requisition on an order the caller may see, with its product',
        querystring: z.object({ gearReqId: idQuery }),
        response: { 200: omsRequisitionSchema, ...refusals },
      },
    },
    (request) => omsRequisitionById(app.db, callerOf(request).userInfo, request.query.gearReqId),
  );

  api.get(
    '/gear/requisitions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Requisition definitions: the product (input fields, accession keys) of each requisition',
        querystring: z.object({ gearReqIds }),
        response: { 200: z.array(requisitionDefinitionSchema), ...refusals },
      },
    },
    (request) => requisitionDefinitions(app.db, callerOf(request).userInfo, request.query.gearReqIds),
  );

  api.put(
    '/gear/testSelection/',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Save the ship-to-office (bulk) lines of an order',
        body: bulkTestSelectionSchema.partial({ version: true }),
        response: { 200: orderSchema, ...saveRefusals },
      },
    },
    (request) =>
      // spec 1 §6: a patient has no order-type choice, so never ships packs to an office (decision 0041).
      asOrderResponse(
        saveBulkTestSelection(
          app.db,
          practitionerCallerOf(request).userInfo,
          request.body,
          phoneMessages,
          versionNamed(request, request.body.version),
        ),
      ),
  );

  api.put(
    '/gear/testSelection',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Save one requisition's test selection (sent with the panel step's query string)",
        querystring: panelQuerySchema,
        body: singleTestSelectionSchema.partial({ version: true }),
        response: { 200: orderSchema, ...saveRefusals },
      },
    },
    (request) =>
      asOrderResponse(
        saveSingleTestSelection(
          app.db,
          callerOf(request).userInfo,
          request.body,
          versionNamed(request, request.body.version),
        ),
      ),
  );
}
