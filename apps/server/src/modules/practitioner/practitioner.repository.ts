import type { Practitioner, PractitionerBillingMethod } from '@gear/domain';
import { eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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

export async function findPractitioner(db: Db, gsdlNo: string): Promise<Practitioner | null> {
  const [row] = await withOffice(db).where(eq(practitioners.gsdlNo, gsdlNo)).limit(1);
  return row ? toPractitioner(row) : null;
}

/** Practitioners whose own number, or whose authorizing doctor's number, is among the given numbers. */
export async function findPractitionersFor(db: Db, gsdlNumbers: string[]): Promise<Practitioner[]> {
  if (gsdlNumbers.length === 0) return [];
  const rows = await withOffice(db)
    .where(
      or(
        inArray(practitioners.gsdlNo, gsdlNumbers),
        inArray(practitioners.authorizingDoctorGsdlNo, gsdlNumbers),
      ),
    )
    .orderBy(practitioners.lastName, practitioners.firstName);
  return rows.map(toPractitioner);
}
