import { type PatientInfo, patientInfoSchema } from '@gear/domain';

/** spec 2 §5 'Phones are normalised', dates canonical: the patient as the rules and the server read it. */
export const normalised = (patient: PatientInfo): PatientInfo => {
  const parsed = patientInfoSchema.safeParse(patient);
  return parsed.success ? parsed.data : patient;
};
