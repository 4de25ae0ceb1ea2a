import { z } from 'zod';
import { PATIENT_SEARCH } from '../patient/patient-search.ts';
import { insuranceAnswerSchema, patientInfoAnswerSchema, patientInfoFields } from './order.ts';

const blankAsAbsent = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max).optional(),
  );

/** GET /gear/api/patient-lookup?chartNumber&query&orderId (spec 2 §7): a query or a chart number. */
export const patientLookupQuerySchema = z
  .object({
    query: blankAsAbsent(PATIENT_SEARCH.queryMaxLength),
    chartNumber: blankAsAbsent(PATIENT_SEARCH.chartNumberMaxLength),
    orderId: z.coerce.number().int().positive(),
  })
  .refine((lookup) => lookup.query !== undefined || lookup.chartNumber !== undefined, {
    error: 'A name and date of birth, or a chart number, is required.',
  });

export type PatientLookupQuery = z.infer<typeof patientLookupQuerySchema>;

/** A patient found by GET /gear/api/patient-lookup: the form's fields and the record id (decision 0020). */
export const patientMatchSchema = z
  .object({ id: z.number().describe('The patient record'), ...patientInfoFields })
  .meta({ id: 'PatientMatch' });
export type PatientMatch = z.infer<typeof patientMatchSchema>;

/** GET /gear/api/get-ellkay-patient: the EMR's patient by chart number (null when none) and the insurances on file. */
export const chartLookupSchema = z
  .object({ patient: patientInfoAnswerSchema.nullable(), insurances: z.array(insuranceAnswerSchema) })
  .meta({ id: 'ChartLookup' });
export type ChartLookup = z.infer<typeof chartLookupSchema>;
