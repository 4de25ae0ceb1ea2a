import { z } from 'zod';
import { gearOrderSchema } from './order.ts';
import { storableText } from './values.ts';

/** Text a person may type: no NUL (PostgreSQL refuses it) and no broken UTF-16 (a lone surrogate). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const typedText = (max: number) =>
  storableText.pipe(z.string().max(max)).refine((text) => !LONE_SURROGATE.test(text));

/**
 * The body of POST /gear/order/{id}/handoff[/{shippingMethod}] (spec 3 §7 'Body is the patient info'): the fields of
 * patientInfo the form collects. Other patientInfo fields the browser may send are ignored; the rules of
 * validateHandoff give the spec's messages, so this only refuses what cannot be text.
 */
export const handoffBodySchema = z.object({
  dateOfBirth: typedText(64).nullish(),
  nameLast: typedText(200).nullish(),
  email: typedText(320).nullish(),
});
export type HandoffBody = z.infer<typeof handoffBodySchema>;
export type HandoffRequest = z.input<typeof handoffBodySchema>;

/** What POST /gear/order/{id}/handoff answers (docs/decisions/0091): the saved order and where the email went. */
export const handoffResponseSchema = z
  .object({
    gearOrder: gearOrderSchema,
    email: z.string().describe('Where the email went'),
  })
  .meta({ id: 'HandoffResponse' });
export type HandoffResponse = z.infer<typeof handoffResponseSchema>;
