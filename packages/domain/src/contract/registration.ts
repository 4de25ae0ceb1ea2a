import { z } from 'zod';
import { REGISTRATION_NAME_MAX_LENGTH } from '../access/registration.ts';
import { calendarDateSchema } from './lookups.ts';
import { gsdlNoSchema } from './practitioner.ts';
import { storableText } from './values.ts';

const blankAsNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** No NUL (PostgreSQL refuses it) and no broken UTF-16 (a lone surrogate), as the handoff's text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const typedText = (max: number) =>
  storableText.pipe(z.string().max(max)).refine((text) => !LONE_SURROGATE.test(text));

const name = typedText(REGISTRATION_NAME_MAX_LENGTH).default('');

/**
 * Body of POST /gear/register (docs/decisions/0170): Patient Registration of a collection pack on no order. The
 * number is read by spec 1 §5's search rules; the GDX ID (uppercased) is needed for numbers of under 8 digits and
 * over 4,000,000 and for a pack of no practitioner; recaptcha is the ALTCHA payload (each solution once).
 */
export const patientRegistrationSchema = z.object({
  requisitionNumber: storableText.pipe(z.string().max(200)).default(''),
  gdxId: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsNull(value.trim().toUpperCase()) : value),
    gsdlNoSchema.nullable().default(null),
  ),
  patientInfo: z.object({
    nameFirst: name,
    nameLast: name,
    dateOfBirth: calendarDateSchema,
    email: z.preprocess(blankAsNull, typedText(200).pipe(z.email()).nullable().default(null)),
  }),
  recaptcha: z.preprocess(blankAsNull, storableText.pipe(z.string().max(4000)).nullable().default(null)),
});
export type PatientRegistrationBody = z.infer<typeof patientRegistrationSchema>;
