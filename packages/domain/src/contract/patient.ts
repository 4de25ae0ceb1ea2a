import { z } from 'zod';
import { readCalendarDate } from '../identifiers/calendar-days.ts';
import { normalisePhone } from '../identifiers/phones.ts';
import { findRegion } from '../identifiers/regions.ts';
import { shippingMethodSchema } from '../shipping/shipping-methods.ts';
import type { PatientAddress, PatientInfo } from './order.ts';

/**
 * A bound on any text of the patient form, far above its limits: the body stays small, and the form's own
 * limits are reported with their messages by validatePatient.
 */
const TEXT_CAP = 1000;
const MAX_ADDRESSES = 4;

/** A text: trimmed; empty, missing or null read as null. */
export const optionalText = z
  .string()
  .max(TEXT_CAP)
  .nullish()
  .transform((text) => (text === null || text === undefined || text.trim() === '' ? null : text.trim()));

/** spec 2 §5 'Phones are normalised to +1 and ten digits'; what is not a phone is kept for its message. */
export const phoneText = optionalText.transform((text) =>
  text === null ? null : (normalisePhone(text) ?? text),
);

/** A state as its region code (upper case) when it is one; free text otherwise (international). */
export const stateText = optionalText.transform((text) =>
  text === null ? null : (findRegion(text)?.code ?? text),
);

/** A date of birth as YYYY-MM-DD when it reads as a date; kept as typed otherwise, for its message. */
export const calendarDateText = optionalText.transform((text) =>
  text === null ? null : (readCalendarDate(text) ?? text),
);

export const patientAddressSchema = z.object({
  type: z.enum(['shipping', 'employer', 'claims', 'secondaryClaims']),
  address1: optionalText,
  address2: optionalText,
  city: optionalText,
  state: stateText,
  zipCode: optionalText,
  country: optionalText,
  county: optionalText,
  voicePhone: phoneText,
  alternatePhone: phoneText,
  schoolDistrict: optionalText,
}) satisfies z.ZodType<PatientAddress, unknown>;

const oneOfEachType = (addresses: readonly { type: string }[]): boolean =>
  new Set(addresses.map((address) => address.type)).size === addresses.length;

/**
 * patientInfo as PUT /gear/order/{id}/patient/ sends it (spec 2 §3, §7): the shape, trimmed, phones
 * normalised, states and dates canonical. The spec's rules and messages are validatePatient's.
 */
export const patientInfoSchema = z.object({
  nameFirst: optionalText,
  nameMiddle: optionalText,
  nameLast: optionalText,
  dateOfBirth: calendarDateText,
  gender: z
    .preprocess((value) => (value === '' ? null : value), z.enum(['M', 'F']).nullish())
    .transform((gender) => gender ?? null),
  email: optionalText,
  voicePhone: phoneText,
  alternatePhone: phoneText,
  chartNumber: optionalText,
  driverLicenseNumber: optionalText,
  ssn: optionalText,
  race: optionalText,
  ethnicity: optionalText,
  source: optionalText,
  marketingOptIn: z.boolean().default(false),
  occupation: optionalText,
  employer: optionalText,
  employmentStatus: optionalText,
  responsibleNameFirst: optionalText,
  responsibleNameMiddle: optionalText,
  responsibleNameLast: optionalText,
  addresses: z
    .array(patientAddressSchema)
    .max(MAX_ADDRESSES)
    .default([])
    .refine(oneOfEachType, { error: 'One address of each type.' }),
}) satisfies z.ZodType<PatientInfo, unknown>;

/**
 * Body of PUT /gear/order/{id}/patient/ (spec 2 §7): the order with patientInfo (its addresses inside) and
 * the shipping method; the rest of the order passes through untouched.
 */
export const patientStepSchema = z.looseObject({
  id: z.number().int().positive(),
  version: z.number().int().nonnegative().optional(),
  patientInfo: patientInfoSchema,
  shippingMethod: shippingMethodSchema.optional(),
});

export type PatientStepBody = z.infer<typeof patientStepSchema>;

/** PUT /gear/order/{id}/patient/ as the route takes it: the step's body with the answer to the age question. */
export const patientStepBodySchema = patientStepSchema.extend({ confirmedAge: z.boolean().optional() });
export type PatientStepRequest = z.input<typeof patientStepBodySchema>;
