import { z } from 'zod';
import { WELCOME_BACK_ZIP_MAX_LENGTH } from '../access/activation.ts';
import { calendarDateSchema } from './lookups.ts';
import { gsdlNoSchema } from './practitioner.ts';
import { storableText } from './values.ts';

/** Query text the browser sends empty when a field is blank: empty reads as absent. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The captcha payload (spec 3 §7 `recaptcha`): the ALTCHA payload, base64 of a small JSON. */
const captchaPayload = storableText.pipe(z.string().max(4000));

/**
 * GET /gear/orderId?requisitionNumber&dateOfBirth&gdxId&recaptcha (spec 3 §7): a patient activates a pack
 * (docs/decisions/0140). The rules answer a missing number, date of birth or captcha in the spec's words.
 */
export const activationQuerySchema = z.object({
  requisitionNumber: storableText.pipe(z.string().max(200)).default(''),
  dateOfBirth: blankAsAbsent(calendarDateSchema),
  gdxId: blankAsAbsent(gsdlNoSchema),
  recaptcha: blankAsAbsent(captchaPayload),
  /** Decision 0140: the pass answered with practitionerOptions stands for the captcha on the follow-up call. */
  optionsPass: blankAsAbsent(z.string().max(400)),
});
export type ActivationQuery = z.infer<typeof activationQuerySchema>;

/** spec 3 §4 'Activation': one practitioner to pick (gsdlNo, firstName, lastName, degree). */
export const practitionerOptionSchema = z.object({
  gsdlNo: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  degree: z.string().nullable(),
});
export type PractitionerOption = z.infer<typeof practitionerOptionSchema>;

/**
 * spec 3 §4: 'The outcome is an order, or a list of practitionerOptions'. With the options comes optionsPass
 * (decision 0140): the follow-up call sends it instead of a new captcha, which the page now hides.
 */
export const practitionerOptionsAnswerSchema = z.object({
  practitionerOptions: z.array(practitionerOptionSchema),
  optionsPass: z.string(),
});
export type PractitionerOptionsAnswer = z.infer<typeof practitionerOptionsAnswerSchema>;

/** GET /gear/order/validation/{id}?dateOfBirth&zipCode&recaptcha (spec 3 §7, §5 'Validation (Welcome Back) form'). */
export const orderValidationQuerySchema = z.object({
  dateOfBirth: blankAsAbsent(calendarDateSchema),
  zipCode: blankAsAbsent(storableText.pipe(z.string().max(WELCOME_BACK_ZIP_MAX_LENGTH))),
  recaptcha: blankAsAbsent(captchaPayload),
});
export type OrderValidationQuery = z.infer<typeof orderValidationQuerySchema>;
