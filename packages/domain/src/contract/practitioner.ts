import { z } from 'zod';
import { GSDL_NO_MAX_LENGTH, GSDL_NO_PATTERN } from '../access/practitioner-rules.ts';
import { databaseId, orderVersion } from './values.ts';

/** spec 1 §3: an order id of 0 or 'new' means the order is not saved yet. */
export const isUnsavedOrderId = (id: number | 'new'): boolean => id === 0 || id === 'new';

/** A GSDL number as typed: trimmed, uppercased, letters and digits, at most 5 (spec 1 §2.4, §9). */
export const gsdlNoSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1)
  .max(GSDL_NO_MAX_LENGTH)
  .regex(GSDL_NO_PATTERN);

/**
 * Body of PUT /gear/practitioner/ (spec 1 §7): the whole order with practAgreement and practitioner. Only the fields
 * below are checked; the rest of the order passes through untouched. Of the practitioner only gsdlNo is kept: the
 * server looks the practitioner (and office) up by number and never trusts details sent by the browser.
 */
export const practitionerStepSchema = z.looseObject({
  id: z.union([z.literal('new'), z.literal(0), databaseId]),
  version: orderVersion.optional(),
  practAgreement: z.boolean().nullable(),
  practitioner: z.object({
    gsdlNo: gsdlNoSchema,
  }),
});

export type PractitionerStepBody = z.infer<typeof practitionerStepSchema>;
export type PractitionerStepRequest = z.input<typeof practitionerStepSchema>;

/**
 * GET/PUT /gear/practitioner/{gsdl}/patient-status-emails (issue 17 beyond the spec; decision 0301): whether the
 * practitioner's patients are emailed when their pack ships, a specimen needs a new collection and results are ready.
 */
export const patientStatusEmailsSchema = z
  .object({ gsdlNo: z.string(), patientStatusEmails: z.boolean() })
  .meta({ id: 'PatientStatusEmails' });
export type PatientStatusEmails = z.infer<typeof patientStatusEmailsSchema>;
export const patientStatusEmailsBodySchema = z.object({ patientStatusEmails: z.boolean() });
