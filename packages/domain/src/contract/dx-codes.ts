import { z } from 'zod';
import { DX_CODES_MAX } from '../diagnosis/dx-codes.ts';
import { gearReqIdSchema, orderVersion, storableText } from './values.ts';

const rankedCodes = z.array(storableText.max(24)).max(DX_CODES_MAX).default([]);

/**
 * Body of PUT /gear/diagnosisCodes/ (spec 1 §7): 'selectedCodes (list of rank_code), otherCodes (list of rank_code),
 * gearReqId'. Each entry is checked (parseRankedDxCode, then the code set) with the order's facts.
 */
export const diagnosisCodesBodySchema = z.object({
  selectedCodes: rankedCodes,
  otherCodes: rankedCodes,
  gearReqId: gearReqIdSchema,
  version: orderVersion.optional(),
});
export type DiagnosisCodesBody = z.infer<typeof diagnosisCodesBodySchema>;

/** GET /api/dxcodes/{code} (spec 1 §7): active, version, code, description. */
export const dxCodeLookupSchema = z
  .object({ active: z.boolean(), version: z.number(), code: z.string(), description: z.string() })
  .meta({ id: 'DxCode' });
export type DxCodeLookup = z.infer<typeof dxCodeLookupSchema>;

/** GET /gear/getDxCodeSuggestions?searchTerm (spec 1 §7): results (code, name) and omittedResults. */
export const dxSuggestionsSchema = z
  .object({
    results: z.array(z.object({ code: z.string(), name: z.string() })),
    omittedResults: z.number().int(),
  })
  .meta({ id: 'DxCodeSuggestions' });
export type DxSuggestions = z.infer<typeof dxSuggestionsSchema>;
export type DiagnosisCodesRequest = z.input<typeof diagnosisCodesBodySchema>;

/** Codes offered above the suggestions (docs/decisions/0282): at most this many of each kind. */
export const RECENT_DX_CODES_LIMIT = 8;

/**
 * GET /gear/diagnosisCodes/recent?gearReqId (docs/decisions/0282): the codes the order's practitioner used last
 * (newest first), and those they used most with this requisition's product (most used first); active codes only.
 */
export const recentDxCodesQuerySchema = z.object({ gearReqId: gearReqIdSchema });
export const recentDxCodesSchema = z
  .object({
    recentlyUsed: z.array(z.object({ code: z.string(), name: z.string() })),
    mostUsedWithProduct: z.array(z.object({ code: z.string(), name: z.string() })),
  })
  .meta({ id: 'RecentDxCodes' });
export type RecentDxCodes = z.infer<typeof recentDxCodesSchema>;
