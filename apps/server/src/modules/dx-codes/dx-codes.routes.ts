import {
  DX_MESSAGES,
  DX_SUGGESTION_LIMIT,
  diagnosisCodesBodySchema,
  dxCodeLookupSchema,
  dxSuggestionsSchema,
  errorEnvelopeSchema,
  formatDxCode,
  gearOrderSchema,
  MESSAGES,
  recentDxCodesQuerySchema,
  recentDxCodesSchema,
} from '@gear/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { forbidden, notFound } from '../../lib/http-error.ts';
import { versionNamed } from '../../lib/version-named.ts';
import { callerOf } from '../../plugins/auth.ts';
import { requisitionForCaller } from '../order/order.service.ts';
import { saveDiagnosisCodes } from './diagnosis-codes.service.ts';
import { dxCodeIndex } from './dx-code-index.ts';
import { findDxCode } from './dx-codes.repository.ts';
import { recentDxCodes } from './recent-dx-codes.repository.ts';

const tags = ['Diagnosis codes'];

export async function dxCodeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/dxcodes/:code',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Look up an ICD-10-CM code (spec 1 §7): whether it is active and its version',
        params: z.object({ code: z.string().min(1).max(10) }),
        response: {
          200: dxCodeLookupSchema,
        },
      },
    },
    async (request) => {
      const found = await findDxCode(app.db, formatDxCode(request.params.code));
      if (!found) throw notFound(DX_MESSAGES.invalidCode);
      return {
        active: found.active,
        version: found.version,
        code: found.code,
        description: found.description,
      };
    },
  );

  api.get(
    '/gear/getDxCodeSuggestions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `Up to ${DX_SUGGESTION_LIMIT} active codes matching a code or words of the description`,
        querystring: z.object({ searchTerm: z.string().max(100) }),
        response: {
          200: dxSuggestionsSchema,
        },
      },
    },
    async (request) => (await dxCodeIndex(app.db)).search(request.query.searchTerm),
  );

  api.put(
    '/gear/diagnosisCodes/',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: "Save a requisition's diagnosis codes (spec 1 §2.7, §4.5, §5)",
        description:
          "selectedCodes and otherCodes are lists of 'rank_code' (1_K58.0); ranks are reassigned: other codes " +
          "first, then the product's codes in catalogue order. Each code must be an active ICD-10-CM code.",
        body: diagnosisCodesBodySchema,
        response: {
          200: gearOrderSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    (request) => {
      // spec 1 §4.1: patients skip the diagnosis codes step (decision 0041): the change core refuses them (403).
      const { userInfo } = callerOf(request);
      return saveDiagnosisCodes(app.db, userInfo, request.body, versionNamed(request, request.body.version));
    },
  );

  api.get(
    '/gear/diagnosisCodes/recent',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        operationId: 'recentDiagnosisCodes',
        summary: "The practitioner's recently used codes and those most used with the requisition's product",
        description:
          'Offered above the suggestions on the diagnosis codes step (docs/decisions/0282). 403 for patients and ' +
          "for another practitioner's requisition, 404 for an unknown one.",
        querystring: recentDxCodesQuerySchema,
        response: {
          200: recentDxCodesSchema,
          400: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { userInfo } = callerOf(request);
      // spec 1 §4.1: patients skip the diagnosis codes step (decision 0041).
      if (userInfo.type !== 'myGDX') throw forbidden(MESSAGES.forbidden);
      const { order, requisition } = await requisitionForCaller(app.db, userInfo, request.query.gearReqId);
      if (!order.practitioner) return { recentlyUsed: [], mostUsedWithProduct: [] };
      return recentDxCodes(app.db, {
        gsdlNo: order.practitioner.gsdlNo,
        orderableItemId: requisition.omsOrderableItemId,
        gearReqId: requisition.id,
      });
    },
  );
}
