import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** spec 1 §3 office; reqLayoutId 0/2 domestic, 3 international. */
export const offices = pgTable('offices', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  address1: text().notNull(),
  address2: text(),
  city: text().notNull(),
  state: text().notNull(),
  zipCode: text().notNull(),
  country: text().notNull(),
  phoneNumber: text().notNull(),
  reqLayoutId: integer(),
  shippingCardOnFile: boolean().notNull().default(false),
});

/** spec 1 §3 practitioner; billingMethods are any of Client, Insurance, Patient, Medicare. */
export const practitioners = pgTable('practitioners', {
  gsdlNo: text().primaryKey(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  degree: text().notNull(),
  authorizingDoctorGsdlNo: text(),
  billingMethods: text().array().notNull().default([]),
  creditStatus: text(),
  capAuthorized: boolean().notNull().default(false),
  shipToOfficePermitted: boolean().notNull().default(false),
  covidRegistrationAccount: boolean().notNull().default(false),
  doNotQuotePrices: boolean().notNull().default(false),
  cloudSiteServiceKey: text(),
  cardOnFile: boolean().notNull().default(false),
  cmsAttributes: integer().array().notNull().default([]),
  /**
   * Whether this practitioner's patients are emailed when their pack ships, a specimen needs a new collection and
   * results are ready (issue 17, beyond the spec; decision 0301: on unless the practitioner turns it off).
   */
  patientStatusEmails: boolean().notNull().default(true),
  officeId: integer()
    .notNull()
    .references(() => offices.id),
});
