import { z } from 'zod';
import { insuranceAnswerSchema, patientAddressAnswerSchema } from './order.ts';
import { gsdlNoSchema } from './practitioner.ts';

const text = z.string().nullable();

/** Paging of GET /gear/patient-management/list (decision 0270): pages of at most 100, 25 by default. */
export const PATIENT_LIST_PAGE = { defaultSize: 25, maxSize: 100, queryMaxLength: 100 } as const;

/**
 * GET /gear/patient-management/list?gsdlNo (spec 3 §7), with the search and paging the table needs (decision 0270):
 * query (name words and a date of birth, as the patient step's search reads them), offset and limit, and `after`
 * (decision 0273: the last patient of the previous page, so that a page deep in the list costs what the first does).
 */
export const patientListQuerySchema = z.object({
  gsdlNo: gsdlNoSchema,
  query: z
    .string()
    .trim()
    .max(PATIENT_LIST_PAGE.queryMaxLength)
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  after: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .optional()
    .describe(
      'Keyset paging (decision 0273): the id of the last patient of the previous page; the page starts after that ' +
        'patient in the list order, and offset counts from there',
    ),
  limit: z.coerce.number().int().min(1).max(PATIENT_LIST_PAGE.maxSize).default(PATIENT_LIST_PAGE.defaultSize),
});
export type PatientListQuery = z.infer<typeof patientListQuerySchema>;

/** spec 3 §3 Patient (management): id, gsdlNo, gearPatient {nameFirst, nameLast, dateOfBirth, gender}, gearInsurance. */
export const managedPatientSchema = z
  .object({
    id: z.number(),
    gsdlNo: z.string(),
    gearPatient: z.object({
      nameFirst: z.string(),
      nameLast: z.string(),
      dateOfBirth: z.string().describe('YYYY-MM-DD'),
      gender: z.enum(['M', 'F']).nullable(),
      email: text,
      voicePhone: text,
      chartNumber: text,
      source: z.string().describe("'portal' (entered or uploaded here) or 'EMR'"),
      addresses: z.array(patientAddressAnswerSchema),
    }),
    gearInsurance: insuranceAnswerSchema.nullable().describe('The primary insurance on file, or null'),
  })
  .meta({ id: 'ManagedPatient' });
export type ManagedPatient = z.infer<typeof managedPatientSchema>;

/** A patient's orders for the expanded row: each with what is known of it today (decision 0271). */
export const patientOrderSummarySchema = z
  .object({
    id: z.number(),
    createdAt: z.string().describe('ISO timestamp'),
    state: z.enum(['inProgress', 'submitted', 'receivedByLab', 'canceled']),
    products: z.array(z.string()),
  })
  .meta({ id: 'PatientOrderSummary' });
export type PatientOrderSummary = z.infer<typeof patientOrderSummarySchema>;

export const patientOrdersQuerySchema = z.object({
  gsdlNo: gsdlNoSchema,
  patientId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** DELETE /gear/patient-management/delete (spec 3 §7): a JSON map of gsdlNo to arrays of patient ids. */
export const patientDeleteBodySchema = z
  .record(gsdlNoSchema, z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(1000))
  .refine((map) => Object.keys(map).length >= 1 && Object.keys(map).length <= 20, {
    error: 'Name between 1 and 20 practitioners.',
  });
export type PatientDeleteBody = z.infer<typeof patientDeleteBodySchema>;

export const patientDeleteAnswerSchema = z
  .object({
    deleted: z.array(z.object({ gsdlNo: z.string(), id: z.number() })),
    notDeleted: z.array(
      z.object({
        gsdlNo: z.string(),
        id: z.number(),
        reason: z.enum(['openOrder', 'notFound']),
        message: z.string(),
      }),
    ),
  })
  .meta({ id: 'PatientDeleteAnswer' });
export type PatientDeleteAnswer = z.infer<typeof patientDeleteAnswerSchema>;

const importLine = {
  line: z.number().describe('The line of the file (the header is line 1)'),
  nameFirst: text,
  nameLast: text,
  dateOfBirth: text,
};

/** The dry run of POST /gear/patient-management/uploadCSV?dryRun=true (decision 0270): nothing is written. */
export const patientImportPreviewSchema = z
  .object({
    toAdd: z.array(z.object(importLine)),
    duplicates: z.array(z.object({ ...importLine, duplicateOf: z.enum(['list', 'file']) })),
    errors: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })),
    ignoredColumns: z.array(z.string()),
  })
  .meta({ id: 'PatientImportPreview' });
export type PatientImportPreview = z.infer<typeof patientImportPreviewSchema>;
