import type { ManagedPatient } from '../contract/patient-management.ts';
import { PATIENT_FILE_TEMPLATE_HEADERS } from './csv-columns.ts';
import { neutraliseFormula } from './patient-file.ts';

/**
 * The list exported in the import's own layout (the template's headers), so that an exported file imports again;
 * every cell neutralised against formulas.
 */
export function patientExportRows(patients: readonly ManagedPatient[]): string[][] {
  const rows = patients.map(({ gearPatient: p }) => {
    const address = p.addresses[0];
    return [
      p.nameFirst,
      p.nameLast,
      p.dateOfBirth,
      p.gender,
      p.email,
      p.voicePhone,
      p.chartNumber,
      address?.address1,
      address?.address2,
      address?.city,
      address?.state,
      address?.zipCode,
      address?.country,
    ].map((cell) => neutraliseFormula(cell ?? ''));
  });
  return [[...PATIENT_FILE_TEMPLATE_HEADERS], ...rows];
}
