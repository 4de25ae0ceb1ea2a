import { z } from 'zod';

/** Response schemas of the patient lookups: they document the answers (OpenAPI) and shape what is serialised. */

const text = z.string().nullable();

export const addressResponseSchema = z.object({
  type: z.enum(['shipping', 'employer', 'claims', 'secondaryClaims']),
  address1: text,
  address2: text,
  city: text,
  state: text,
  zipCode: text,
  country: text,
  county: text,
  voicePhone: text,
  alternatePhone: text,
  schoolDistrict: text,
});

const patientFields = {
  nameFirst: text,
  nameMiddle: text,
  nameLast: text,
  dateOfBirth: text.describe('YYYY-MM-DD'),
  gender: z.enum(['M', 'F']).nullable(),
  email: text,
  voicePhone: text,
  alternatePhone: text,
  chartNumber: text,
  driverLicenseNumber: text,
  ssn: text.describe('Always null in a lookup'),
  race: text,
  ethnicity: text,
  source: text.describe("'portal' (entered here) or 'EMR' (imported from an EMR)"),
  marketingOptIn: z.boolean(),
  occupation: text,
  employer: text,
  employmentStatus: text,
  responsibleNameFirst: text,
  responsibleNameMiddle: text,
  responsibleNameLast: text,
  addresses: z.array(addressResponseSchema),
};

export const patientResponseSchema = z.object(patientFields).meta({ id: 'PatientInfo' });

export const patientMatchSchema = z
  .object({ id: z.number().describe('The patient record'), ...patientFields })
  .meta({ id: 'PatientMatch' });

export const insuranceResponseSchema = z
  .object({
    insuranceProvider: text,
    subscriberId: text,
    subscriberName: text,
    subscriberDOB: text,
    groupNumber: text,
    subscriberRelation: z.enum(['Self', 'Spouse', 'Other']).nullable(),
    otherSubscriberRelation: text,
    otherProvider: text,
    phoneNumber: text,
    claimsAddress: addressResponseSchema.nullable(),
    insuranceRank: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ id: 'Insurance' });
