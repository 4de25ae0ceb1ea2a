import type { Insurance, PatientAddress } from '@gear/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { patients } from '../db/schema/index.ts';
import type { PatientDetails } from '../modules/patient/patient.repository.ts';

type PatientSeed = Omit<typeof patients.$inferInsert, 'id' | 'createdAt' | 'details'> & {
  details: PatientDetails;
};

const home = (
  address1: string,
  city: string,
  state: string,
  zipCode: string,
  voicePhone: string,
): PatientAddress => ({
  type: 'shipping',
  address1,
  address2: null,
  city,
  state,
  zipCode,
  country: 'United States',
  county: null,
  voicePhone,
  alternatePhone: null,
  schoolDistrict: null,
});

const janesInsurance: Insurance = {
  insuranceProvider: 'bcbs',
  subscriberId: 'XQB884512903',
  subscriberName: 'Jane Testpatient',
  subscriberDOB: '1985-04-12',
  groupNumber: 'G20417',
  subscriberRelation: 'Self',
  otherSubscriberRelation: null,
  otherProvider: null,
  phoneNumber: '+18005550123',
  claimsAddress: {
    type: 'claims',
    address1: 'PO Box 105187',
    address2: null,
    city: 'Atlanta',
    state: 'GA',
    zipCode: '30348',
    country: 'United States',
    county: null,
    voicePhone: null,
    alternatePhone: null,
    schoolDistrict: null,
  },
  insuranceRank: 0,
};

const medicare = (name: string, dateOfBirth: string, mbi: string): Insurance => ({
  insuranceProvider: 'medicare',
  subscriberId: mbi,
  subscriberName: name,
  subscriberDOB: dateOfBirth,
  groupNumber: null,
  subscriberRelation: 'Self',
  otherSubscriberRelation: null,
  otherProvider: null,
  phoneNumber: null,
  claimsAddress: null,
  insuranceRank: 0,
});

const person = (
  gsdlNo: string,
  nameFirst: string,
  nameLast: string,
  dateOfBirth: string,
  gender: 'M' | 'F',
  source: 'portal' | 'EMR',
  chartNumber: string | null,
  details: PatientDetails = {},
): PatientSeed => ({ gsdlNo, nameFirst, nameLast, dateOfBirth, gender, source, chartNumber, details });

/**
 * The patients of demo-data.md 'patients of P1001 for patient management (about 20)', with Jane Testpatient (born
 * 1985-04-12) of the demo drop-ship order, her insurance on file and an EMR chart number; two of P1003, one of whom
 * shares Jane's name and birthday, so that a search shows only the order's practitioner's patients.
 */
export const DEMO_PATIENTS: readonly PatientSeed[] = [
  person('P1001', 'Jane', 'Testpatient', '1985-04-12', 'F', 'EMR', 'C10001', {
    email: 'jane.testpatient@example.com',
    voicePhone: '+18285550199',
    addresses: [home('12 Haywood Road', 'Asheville', 'NC', '28806', '+18285550199')],
    insurances: [janesInsurance],
  }),
  person('P1001', 'John', 'Testpatient', '1983-11-02', 'M', 'portal', 'C10002', {
    email: 'john.testpatient@example.com',
    voicePhone: '+18285550198',
    addresses: [home('12 Haywood Road', 'Asheville', 'NC', '28806', '+18285550198')],
  }),
  person('P1001', 'Janet', 'Tester', '1979-06-30', 'F', 'portal', null, {
    email: 'janet.tester@example.com',
  }),
  person('P1001', 'Robert', 'Sample', '1972-09-30', 'M', 'portal', 'C10004', {
    email: 'robert.sample@example.com',
  }),
  person('P1001', 'Maria', 'Garcia', '1990-01-15', 'F', 'EMR', 'C10005', {
    email: 'maria.garcia@example.com',
    voicePhone: '+18285550111',
    addresses: [home('48 Merrimon Avenue', 'Asheville', 'NC', '28801', '+18285550111')],
  }),
  person('P1001', 'Wei', 'Zhang', '1968-03-08', 'M', 'EMR', 'C10006', {
    email: 'wei.zhang@example.com',
    insurances: [medicare('Wei Zhang', '1968-03-08', '1EG4TE5MK73')],
  }),
  person('P1001', 'Aisha', 'Okafor', '2001-07-21', 'F', 'portal', 'C10007'),
  person('P1001', 'Liam', "O'Connor", '1995-12-05', 'M', 'portal', 'C10008'),
  person('P1001', 'Sofia', 'Rossi', '1987-02-27', 'F', 'EMR', 'C10009'),
  person('P1001', 'Noah', 'Smith', '2010-05-14', 'M', 'portal', null, {
    responsibleNameFirst: 'Emma',
    responsibleNameLast: 'Smith',
  }),
  person('P1001', 'Olivia', 'Smith-Jones', '1976-08-19', 'F', 'portal', 'C10011'),
  person('P1001', 'Ethan', 'Nguyen', '1999-10-01', 'M', 'EMR', 'C10012'),
  person('P1001', 'Hannah', 'Kowalski', '1964-04-04', 'F', 'portal', 'C10013'),
  person('P1001', 'Lucas', 'Brown', '1958-09-09', 'M', 'EMR', 'C10014', {
    insurances: [medicare('Lucas Brown', '1958-09-09', '2JH5UP6NK84')],
  }),
  person('P1001', 'Chloé', 'Dubois', '1992-11-11', 'F', 'portal', 'C10015'),
  person('P1001', 'Mateo', 'Hernández', '1981-01-31', 'M', 'EMR', 'C10016'),
  person('P1001', 'Grace', 'Lee', '2007-03-03', 'F', 'portal', 'C10017', {
    responsibleNameFirst: 'Daniel',
    responsibleNameLast: 'Lee',
  }),
  person('P1001', 'Samuel', 'Cohen', '1970-12-24', 'M', 'portal', 'C10018'),
  person('P1001', 'Priya', 'Patel', '1989-05-05', 'F', 'EMR', 'C10019'),
  person('P1001', 'Jack', 'Wilson', '1953-07-04', 'M', 'portal', 'C10020'),
  person('P1003', 'Jane', 'Testpatient', '1985-04-12', 'F', 'portal', 'C10001', {
    email: 'jane.t@example.org',
  }),
  person('P1003', 'Omar', 'Haddad', '1975-02-14', 'M', 'portal', 'D20002'),
];

const keyOf = (p: Pick<PatientSeed, 'gsdlNo' | 'nameFirst' | 'nameLast' | 'dateOfBirth'>) =>
  `${p.gsdlNo}|${p.nameLast}|${p.nameFirst}|${p.dateOfBirth}`;

/** Adds the demo patients not yet present (by practitioner, name and date of birth); idempotent. */
export async function seedDemoPatients(db: Db) {
  const practitionersSeeded = [...new Set(DEMO_PATIENTS.map((p) => p.gsdlNo))];
  const present = await db
    .select({
      gsdlNo: patients.gsdlNo,
      nameFirst: patients.nameFirst,
      nameLast: patients.nameLast,
      dateOfBirth: patients.dateOfBirth,
    })
    .from(patients)
    .where(
      and(
        inArray(patients.gsdlNo, practitionersSeeded),
        inArray(
          patients.nameLast,
          DEMO_PATIENTS.map((p) => p.nameLast),
        ),
      ),
    );
  const known = new Set(present.map(keyOf));
  const missing = DEMO_PATIENTS.filter((p) => !known.has(keyOf(p)));
  if (missing.length) await db.insert(patients).values([...missing]);
}

/** The demo patients of one practitioner (tests). */
export const demoPatientsOf = (db: Db, gsdlNo: string) =>
  db.select().from(patients).where(eq(patients.gsdlNo, gsdlNo));
