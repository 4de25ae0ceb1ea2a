import { z } from 'zod';
import { gearOrderSchema } from './order.ts';
import { patientInfoSchema } from './patient.ts';
import { databaseId, storableText } from './values.ts';

const shortText = (max: number) => storableText.max(max).nullable().optional();

/**
 * The $15 physician transfer fee (spec 3 §4 Transfer 'a $15 payment'): a card, as the browser's gateway token
 * (tokenId, decision 0120) or the card fields, and the amount authorized (cardAuthAmount, dollars: 15).
 */
export const physicianFeePaymentSchema = z.object({
  paymentType: z.enum(['card', 'pitlclientfee']).nullable().optional(),
  tokenId: shortText(64),
  cardNo: shortText(40),
  cardExpDate: shortText(10),
  cardCvv: shortText(10),
  cardholderName: shortText(100),
  cardZipCode: shortText(12),
  cardAuthAmount: z.number().nullable().optional(),
});
export type PhysicianFeePayment = z.infer<typeof physicianFeePaymentSchema>;

/** spec 3 §3 Transfer request / §7 POST /gear/order/{id}/pitl-transfer?dateOfBirth: gearOrderId, gearReqIds, newPatient, physicianFeePayment. */
export const pitlTransferRequestSchema = z
  .object({
    gearOrderId: databaseId,
    gearReqIds: z.array(databaseId).max(99),
    newPatient: patientInfoSchema,
    physicianFeePayment: physicianFeePaymentSchema,
  })
  .meta({ id: 'PitlTransferRequest' });
export type PitlTransferRequest = z.input<typeof pitlTransferRequestSchema>;
export type PitlTransferBody = z.infer<typeof pitlTransferRequestSchema>;

/** spec 3 §7: 'returns gearOrder, error, transferredOrderId' (the original order as saved, and the new one's id). */
export const pitlTransferResponseSchema = z
  .object({
    gearOrder: gearOrderSchema,
    error: z.string().nullable(),
    transferredOrderId: z.number().nullable(),
  })
  .meta({ id: 'PitlTransferResponse' });
export type PitlTransferResponse = z.infer<typeof pitlTransferResponseSchema>;
