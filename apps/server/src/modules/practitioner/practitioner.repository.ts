import type { Practitioner, PractitionerBillingMethod } from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptUntilChanged } from '../../db/kept.ts';
import { offices, practitioners } from '../../db/schema/index.ts';

type Row = { practitioners: typeof practitioners.$inferSelect; offices: typeof offices.$inferSelect };

export const toPractitioner = ({ practitioners: p, offices: o }: Row): Practitioner => ({
  gsdlNo: p.gsdlNo,
  firstName: p.firstName,
  lastName: p.lastName,
  degree: p.degree,
  authorizingDoctorGsdlNo: p.authorizingDoctorGsdlNo,
  billingMethods: p.billingMethods as PractitionerBillingMethod[],
  cmsCreditStatus: { creditStatus: p.creditStatus },
  capAuthorized: p.capAuthorized,
  shipToOfficePermitted: p.shipToOfficePermitted,
  covidRegistrationAccount: p.covidRegistrationAccount,
  doNotQuotePrices: p.doNotQuotePrices,
  lkCloudSiteServiceKey: p.cloudSiteServiceKey !== null,
  cardOnFile: p.cardOnFile,
  cmsAttributes: p.cmsAttributes,
  office: {
    name: o.name,
    address: {
      address1: o.address1,
      address2: o.address2,
      city: o.city,
      state: o.state,
      zipCode: o.zipCode,
      country: o.country,
    },
    phoneNumber: o.phoneNumber,
    reqLayoutId: o.reqLayoutId,
    shippingCardOnFile: o.shippingCardOnFile,
  },
});

const withOffice = (db: Db) =>
  db.select().from(practitioners).innerJoin(offices, eq(offices.id, practitioners.officeId));

/**
 * Practitioners with their offices, kept in memory: every request needs them and they change rarely. On the embedded
 * database kept until they change; on PostgreSQL read at most once a minute per process (a change shows up within a
 * minute in every API process, decision 0011).
 */
const directory = keptUntilChanged<void, Promise<Map<string, Practitioner>>>({
  from: ['practitioners'],
  read: (db) =>
    withOffice(db)
      .orderBy(practitioners.lastName, practitioners.firstName)
      .then((rows) => new Map(rows.map((row) => [row.practitioners.gsdlNo, toPractitioner(row)]))),
  elsewhere: { maxAgeMs: 60_000 },
});

export const forgetPractitionerDirectory = (db: Db) => directory.forget(db);

export async function findPractitioner(db: Db, gsdlNo: string): Promise<Practitioner | null> {
  return (await directory(db)).get(gsdlNo) ?? null;
}

/** Practitioners whose own number, or whose authorizing doctor's number, is among the given numbers. */
export async function findPractitionersFor(db: Db, gsdlNumbers: string[]): Promise<Practitioner[]> {
  if (gsdlNumbers.length === 0) return [];
  const numbers = new Set(gsdlNumbers);
  return [...(await directory(db)).values()].filter(
    (p) =>
      numbers.has(p.gsdlNo) || (p.authorizingDoctorGsdlNo !== null && numbers.has(p.authorizingDoctorGsdlNo)),
  );
}
