import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { offices, practitioners, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/session/passwords.ts';

type OfficeSeed = Omit<typeof offices.$inferInsert, 'id'>;
type PractitionerSeed = Omit<typeof practitioners.$inferInsert, 'officeId'> & { office: OfficeSeed };

const domestic = (
  name: string,
  address1: string,
  city: string,
  state: string,
  zipCode: string,
  phone: string,
) =>
  ({
    name,
    address1,
    address2: null,
    city,
    state,
    zipCode,
    country: 'United States',
    phoneNumber: phone,
    reqLayoutId: 0,
  }) as const;

/** The practitioners of demo-data.md, with the traits that exercise the spec. */
export const DEMO_PRACTITIONERS: PractitionerSeed[] = [
  {
    gsdlNo: 'P1001',
    firstName: 'Dana',
    lastName: 'Avery',
    degree: 'MD',
    authorizingDoctorGsdlNo: 'P1001',
    billingMethods: ['Client', 'Insurance', 'Patient', 'Medicare'],
    shipToOfficePermitted: true,
    cloudSiteServiceKey: 'demo-cloud-site-key-P1001',
    cardOnFile: true,
    office: {
      ...domestic(
        'Blue Ridge Integrative Medicine',
        '63 Zillicoa Street',
        'Asheville',
        'NC',
        '28801',
        '828-555-0142',
      ),
      shippingCardOnFile: true,
    },
  },
  {
    gsdlNo: 'P1002',
    firstName: 'Sam',
    lastName: 'Brooks',
    degree: 'ND',
    authorizingDoctorGsdlNo: 'P1001',
    billingMethods: ['Client', 'Patient'],
    shipToOfficePermitted: true,
    office: {
      ...domestic(
        'Hudson Naturopathic Clinic',
        '210 West 57th Street',
        'New York',
        'NY',
        '10019',
        '212-555-0187',
      ),
      reqLayoutId: 2,
    },
  },
  {
    gsdlNo: 'P1003',
    firstName: 'Lee',
    lastName: 'Chen',
    degree: 'DC',
    authorizingDoctorGsdlNo: 'P1003',
    billingMethods: ['Client', 'Insurance', 'Patient'],
    creditStatus: 'C.O.D Credit Hold',
    office: domestic(
      'Front Range Chiropractic',
      '1550 Larimer Street',
      'Denver',
      'CO',
      '80202',
      '303-555-0119',
    ),
  },
  {
    gsdlNo: 'P1004',
    firstName: 'Morgan',
    lastName: 'Diaz',
    degree: 'MD',
    authorizingDoctorGsdlNo: null,
    billingMethods: ['Client', 'Insurance', 'Patient'],
    office: domestic(
      'Hill Country Family Practice',
      '600 Congress Avenue',
      'Austin',
      'TX',
      '78701',
      '512-555-0163',
    ),
  },
  {
    gsdlNo: 'P1005',
    firstName: 'Riley',
    lastName: 'Evans',
    degree: 'ND',
    authorizingDoctorGsdlNo: 'P1005',
    billingMethods: ['Client'],
    // Ship to Office, so that the international 25-pack cap of spec 1 §5 can be tried (issue 3).
    shipToOfficePermitted: true,
    office: {
      name: 'Lakeshore Naturopathic Health',
      address1: '100 King Street West',
      address2: 'Suite 400',
      city: 'Toronto',
      state: 'ON',
      zipCode: 'M5X 1A9',
      country: 'Canada',
      phoneNumber: '416-555-0175',
      reqLayoutId: 3,
    },
  },
  {
    gsdlNo: 'P1006',
    firstName: 'Casey',
    lastName: 'Fox',
    degree: 'MD',
    authorizingDoctorGsdlNo: 'P1006',
    billingMethods: ['Client', 'Insurance', 'Patient', 'Medicare'],
    capAuthorized: true,
    shipToOfficePermitted: true,
    doNotQuotePrices: true,
    office: domestic(
      'Biscayne Functional Medicine',
      '801 Brickell Avenue',
      'Miami',
      'FL',
      '33131',
      '305-555-0128',
    ),
  },
  {
    gsdlNo: 'P1007',
    firstName: 'Jordan',
    lastName: 'Gray',
    degree: 'MD',
    authorizingDoctorGsdlNo: 'P1007',
    billingMethods: ['Client', 'Insurance', 'Patient'],
    covidRegistrationAccount: true,
    office: domestic(
      'Merrimack Valley Health Center',
      '45 South Main Street',
      'Concord',
      'NH',
      '03301',
      '603-555-0191',
    ),
  },
  {
    // The physician-in-the-loop practitioner (spec 3 §1 PITL; decision 0290): a telehealth physician who reviews
    // the orders patients place themselves. Their patients pay by card; no office delivery.
    gsdlNo: 'P1008',
    firstName: 'Quinn',
    lastName: 'Harper',
    degree: 'MD',
    authorizingDoctorGsdlNo: 'P1008',
    billingMethods: ['Patient'],
    office: domestic(
      'Harper Telehealth Review',
      '200 South Tryon Street',
      'Charlotte',
      'NC',
      '28202',
      '704-555-0147',
    ),
  },
];

/** The sign-in accounts of demo-data.md; the passwords are for the demo only and listed in the README. */
export const DEMO_USERS = [
  { loginName: 'dr.avery', password: 'demo-Avery-2026', gsdlNo: 'P1001', onBehalfOf: ['P1002', 'P1006'] },
  {
    loginName: 'staff.kim',
    password: 'demo-Kim-2026',
    gsdlNo: 'S2001',
    onBehalfOf: ['P1001', 'P1002'],
    displayName: 'Kim Park',
  },
  { loginName: 'dr.chen', password: 'demo-Chen-2026', gsdlNo: 'P1003', onBehalfOf: [] },
  { loginName: 'dr.diaz', password: 'demo-Diaz-2026', gsdlNo: 'P1004', onBehalfOf: [] },
  { loginName: 'dr.evans', password: 'demo-Evans-2026', gsdlNo: 'P1005', onBehalfOf: [] },
  { loginName: 'dr.fox', password: 'demo-Fox-2026', gsdlNo: 'P1006', onBehalfOf: [] },
  { loginName: 'dr.gray', password: 'demo-Gray-2026', gsdlNo: 'P1007', onBehalfOf: [] },
  { loginName: 'dr.harper', password: 'demo-Harper-2026', gsdlNo: 'P1008', onBehalfOf: [] },
  {
    loginName: 'admin.ops',
    password: 'demo-Admin-2026',
    gsdlNo: 'A9001',
    onBehalfOf: [],
    admin: true,
    displayName: 'Robin Ortiz',
  },
] as const;

export async function seedPeople(db: Db) {
  for (const { office, ...practitioner } of DEMO_PRACTITIONERS) {
    const existing = await db.query.practitioners.findFirst({
      where: (p, { eq }) => eq(p.gsdlNo, practitioner.gsdlNo),
    });
    if (existing) continue;
    const [created] = await db.insert(offices).values(office).returning({ id: offices.id });
    if (!created) throw new Error('office insert returned nothing');
    await db.insert(practitioners).values({ ...practitioner, officeId: created.id });
  }
  const present = new Set(
    (await db.select({ loginName: users.loginName }).from(users)).map((u) => u.loginName),
  );
  const missing = DEMO_USERS.filter((u) => !present.has(u.loginName));
  const rows = await Promise.all(
    missing.map(async ({ password, onBehalfOf, ...user }) => ({
      ...user,
      onBehalfOf: [...onBehalfOf],
      type: 'myGDX' as const,
      passwordHash: await hashPassword(password),
    })),
  );
  if (rows.length) await db.insert(users).values(rows).onConflictDoNothing();
  // Demo accounts seeded before names were kept (decision 0312) get theirs; a name set since is kept.
  for (const user of DEMO_USERS)
    if ('displayName' in user)
      await db
        .update(users)
        .set({ displayName: user.displayName })
        .where(and(eq(users.loginName, user.loginName), isNull(users.displayName)));
}
