import { z } from 'zod';
import { DX_CODES_MAX } from '../diagnosis/dx-codes.ts';
import { databaseId, orderVersion, storableText } from './database-values.ts';

/** A requisition id as a number, or digits (a query string or a lenient client). */
const gearReqId = z.union([
  databaseId,
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(databaseId),
]);

/** A medical-necessity acknowledgement: a timestamp or a calendar date (spec 1 §5), null when withdrawn. */
const acknowledgement = z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.null()]);

/**
 * Body of PUT /gear/billingMethod/ (spec 1 §7: 'billingMethod, gearReqId'). The choice is checked against the options
 * offered (validateBillingChoice) with the order's facts, so any text is accepted here. version is the order's
 * version as read (or If-Match; none answers 428, docs/decisions/0065); dateMedicalNecessityAcknowledged is needed
 * from a practitioner whose choice makes the order a Medicare order (docs/decisions/0012).
 */
export const billingMethodBodySchema = z.object({
  billingMethod: storableText.max(100).nullable().default(null),
  gearReqId,
  version: orderVersion.optional(),
  dateMedicalNecessityAcknowledged: acknowledgement.optional(),
  /** spec 1 §4.3 'Yes' to the price-increase confirmation (docs/decisions/0066). */
  priceIncreaseConfirmed: z.boolean().optional(),
});
export type BillingMethodBody = z.infer<typeof billingMethodBodySchema>;

const rankedCodes = z.array(storableText.max(24)).max(DX_CODES_MAX).default([]);

/**
 * Body of PUT /gear/diagnosisCodes/ (spec 1 §7): 'selectedCodes (list of rank_code), otherCodes (list of rank_code),
 * gearReqId'. Each entry is checked (parseRankedDxCode, then the code set) with the order's facts.
 */
export const diagnosisCodesBodySchema = z.object({
  selectedCodes: rankedCodes,
  otherCodes: rankedCodes,
  gearReqId,
  version: orderVersion.optional(),
});
export type DiagnosisCodesBody = z.infer<typeof diagnosisCodesBodySchema>;

/** PUT /gear/order/{id}/confirm-price-increase/{reqId}/{source}: source names the screen, e.g. BillingOptions. */
export const priceIncreaseSourceSchema = z.string().regex(/^[A-Za-z]{1,40}$/);
