import { z } from 'zod';
import { ID_CARD_ATTACHMENT_TYPES } from '../insurance/id-card-uploads.ts';
import { compactMemberNumber, INSURANCE_RANK, SUBSCRIBER_RELATIONS } from '../insurance/insurance.ts';
import type { Insurance } from './order.ts';
import { calendarDateText, optionalText, patientAddressSchema, phoneText } from './patient.ts';

const memberNumber = optionalText.transform((text) =>
  text === null ? null : compactMemberNumber(text) || null,
);

/** An insurance of PUT /gear/order/{id}/insurance/ (spec 2 §3): the shape, trimmed and normalised. */
export const insuranceSchema = z.object({
  insuranceProvider: optionalText,
  subscriberId: memberNumber,
  subscriberName: optionalText,
  subscriberDOB: calendarDateText,
  groupNumber: memberNumber,
  subscriberRelation: z
    .preprocess((value) => (value === '' ? null : value), z.enum(SUBSCRIBER_RELATIONS).nullish())
    .transform((relation) => relation ?? null),
  otherSubscriberRelation: optionalText,
  otherProvider: optionalText,
  phoneNumber: phoneText,
  claimsAddress: patientAddressSchema.nullish().transform((address) => address ?? null),
  insuranceRank: z.union([z.literal(INSURANCE_RANK.primary), z.literal(INSURANCE_RANK.secondary)]),
}) satisfies z.ZodType<Insurance, unknown>;

/**
 * Body of PUT /gear/order/{id}/insurance/ (spec 2 §7): the whole order; insurance and secondaryInsurance are
 * checked here, the rest (patientInfo.addresses, requisitions) passes through to the rules that own it.
 */
export const insuranceStepSchema = z.looseObject({
  id: z.number().int().positive(),
  version: z.number().int().nonnegative().optional(),
  insurance: insuranceSchema.nullable(),
  secondaryInsurance: insuranceSchema.nullish().transform((insurance) => insurance ?? null),
});

/** POST /gear/uploadInsuranceAttachment and DELETE /gear/deleteInsuranceAttachment query (spec 2 §7). */
export const idCardAttachmentQuerySchema = z.object({
  orderId: z.coerce.number().int().positive(),
  cardImgType: z.enum(ID_CARD_ATTACHMENT_TYPES),
});

/** spec 2 §3 'Upload result: orderId, action (saveUpload), type, result (success)'. */
export const idCardResultSchema = z
  .object({
    orderId: z.number(),
    action: z.enum(['saveUpload', 'deleteUpload']),
    type: z.enum(ID_CARD_ATTACHMENT_TYPES),
    result: z.literal('success'),
  })
  .meta({ id: 'IdCardResult' });
export type IdCardResult = z.infer<typeof idCardResultSchema>;

/** PUT /gear/order/{id}/insurance/ as the route takes it: the step's body with the Medicare/Tricare answer. */
export const insuranceStepBodySchema = insuranceStepSchema.extend({
  medicareBeneficiaryIdConfirmed: z.boolean().optional(),
});
export type InsuranceStepRequest = z.input<typeof insuranceStepBodySchema>;
