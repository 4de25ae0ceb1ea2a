import type { Insurance, PatientInfo } from '@gear/domain';

/** A patient as an EMR knows them, with the insurances on file (spec 2 §7 GET /gear/api/get-ellkay-patient). */
export interface EmrPatient {
  patient: PatientInfo;
  insurances: Insurance[];
}

/** The practitioner whose EMR is asked: the cloud-site service key identifies their site to the EMR service. */
export interface EmrPractitioner {
  gsdlNo: string;
  cloudSiteServiceKey: string;
}

/**
 * The EMR patient source (spec/README.md resolution 7): looks a patient up by chart number in the practitioner's
 * EMR. A real implementation calls the EMR integration service with the site key; the local default reads the
 * practitioner's own patient records.
 */
export interface EmrPatientSource {
  findByChartNumber(practitioner: EmrPractitioner, chartNumber: string): Promise<EmrPatient | null>;
}

/** A practitioner's own patient record by chart number (the patient module's repository provides it). */
export type ChartNumberLookup = (gsdlNo: string, chartNumber: string) => Promise<EmrPatient | null>;

/**
 * The local default: works on one machine with no internet. It answers from the practitioner's own patient records
 * (each keeps the source it was recorded with: 'EMR' for charts imported from an EMR, 'portal' for patients entered
 * here), so the chart-number lookup can be tried end to end.
 */
export function localEmrPatientSource(lookup: ChartNumberLookup): EmrPatientSource {
  return {
    findByChartNumber: (practitioner, chartNumber) => lookup(practitioner.gsdlNo, chartNumber),
  };
}
