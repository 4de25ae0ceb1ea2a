import { BILLING_METHODS, type PatientInfo, STEP_IDS, type StepId } from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/index.ts';
import { transaction } from '../lib/transaction.ts';
import { componentsOf, insertDemoOrder, insertOfficeDemoOrder, patient } from './demo-orders.ts';
import { type DemoPack, packToUse } from './demo-panels.ts';

/**
 * Demo orders of the review and submit (issue 11; decisions 0080/0081): two drop-ship orders of P1001 ready to submit
 * (one the patient pays, one on the Physician Account) and a registration of a P1002 pack awaiting the agreement of
 * its authorizing practitioner (P1001: dr.avery, or staff.kim acting for P1001).
 */

const GI_EFFECTS_PANEL = 5400;

/** Everything a practitioner walks before the review. */
export const WALKED_TO_REVIEW: readonly StepId[] = [
  STEP_IDS.pract,
  STEP_IDS.panels,
  STEP_IDS.billing,
  STEP_IDS.dxCodes,
  STEP_IDS.collection,
  STEP_IDS.patient,
  STEP_IDS.insurance,
];

export const residence = (address1: string, zipCode: string): PatientInfo['addresses'][number] => ({
  type: 'shipping',
  address1,
  address2: null,
  city: 'Asheville',
  state: 'NC',
  zipCode,
  country: 'United States',
  county: 'Buncombe',
  voicePhone: '828-555-0163',
  alternatePhone: null,
  schoolDistrict: null,
});

export interface ReviewDemo {
  pack: DemoPack;
  gsdlNo: string;
  patientInfo: PatientInfo;
  billingMethod: string;
  dropShip: boolean;
  completedSteps: readonly StepId[];
  /** Awaits the authorizing practitioner's agreement (a patient registration without it). */
  awaitingAgreement?: boolean;
}

export const REVIEW_DEMO_ORDERS: readonly ReviewDemo[] = [
  {
    pack: { activationCode: 'C512380106', reqNumber: '50012380', orderableItemId: 540 },
    gsdlNo: 'P1001',
    patientInfo: patient({
      nameFirst: 'Olivia',
      nameLast: 'Hart',
      dateOfBirth: '1979-06-15',
      gender: 'F',
      email: 'olivia.hart@example.com',
      voicePhone: '828-555-0163',
      addresses: [residence('41 Montford Avenue', '28801')],
    }),
    billingMethod: BILLING_METHODS.patientPay,
    dropShip: true,
    completedSteps: WALKED_TO_REVIEW,
  },
  {
    pack: { activationCode: 'C512380114', reqNumber: '50012381', orderableItemId: 540 },
    gsdlNo: 'P1001',
    patientInfo: patient({
      nameFirst: 'Noah',
      nameLast: 'Bennett',
      dateOfBirth: '1968-11-02',
      gender: 'M',
      email: 'noah.bennett@example.com',
      voicePhone: '828-555-0177',
      addresses: [residence('9 Kimberly Avenue', '28804')],
    }),
    billingMethod: BILLING_METHODS.physicianAccount,
    dropShip: true,
    completedSteps: WALKED_TO_REVIEW,
  },
  {
    pack: { activationCode: 'C512380122', reqNumber: '50012382', orderableItemId: 540 },
    gsdlNo: 'P1002',
    patientInfo: patient({
      nameFirst: 'Priya',
      nameLast: 'Shah',
      dateOfBirth: '1991-03-09',
      gender: 'F',
      email: 'priya.shah@example.com',
      voicePhone: '212-555-0188',
    }),
    billingMethod: BILLING_METHODS.physicianAccount,
    dropShip: false,
    completedSteps: [STEP_IDS.pract, STEP_IDS.panels, STEP_IDS.billing, STEP_IDS.patient],
    awaitingAgreement: true,
  },
];

export async function seedReviewDemo(db: Db, demo: ReviewDemo) {
  const packId = await packToUse(db, demo.pack);
  if (packId === null) return;
  await transaction(db, async (tx) => {
    const { orderId } = await insertDemoOrder(tx, {
      order: {
        practitionerGsdlNo: demo.gsdlNo,
        myGDXKitOrder: demo.dropShip,
        patientRegistration: demo.awaitingAgreement ?? false,
        patientInfo: demo.patientInfo,
      },
      pack: { id: packId, ...demo.pack },
      requisition: {
        dropShip: demo.dropShip,
        billingMethod: demo.billingMethod,
        panel: GI_EFFECTS_PANEL,
        components: componentsOf(GI_EFFECTS_PANEL),
      },
      completedSteps: demo.completedSteps,
    });
    if (demo.awaitingAgreement)
      await tx
        .update(orders)
        .set({ practAgreement: false, practAgreementDate: null })
        .where(eq(orders.id, orderId));
  });
}

/** The order form of the ship-to-office demo order: how the seed finds it again (it has no pack). */
export const SHIP_TO_OFFICE_DEMO_FORM = 'OF-DEMO-0001';

/** Its lines: two GI Effects 3-day packs and one Metabolomix+ pack, each product's default test. */
const SHIP_TO_OFFICE_DEMO_LINES = [
  { orderableItemId: 540, quantity: 2 },
  { orderableItemId: 617, quantity: 1 },
] as const;

/**
 * A ship-to-office order of P1001 ready to submit (issue 11), as the panel step's bulk form and the shipping step save
 * it: practitioner, panel selection and shipping (to dr.avery's office) done. Found again by its order form.
 */
async function seedShipToOfficeDemo(db: Db): Promise<number> {
  const [present] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderFormId, SHIP_TO_OFFICE_DEMO_FORM))
    .limit(1);
  if (present) return present.id;
  return transaction(db, (tx) =>
    insertOfficeDemoOrder(tx, {
      order: {
        orderFormId: SHIP_TO_OFFICE_DEMO_FORM,
        practitionerGsdlNo: 'P1001',
        shippingMethod: 'FedEx Ground',
        shippingInformation: {
          shippingMethod: 'FedEx Ground',
          company: 'Blue Ridge Integrative Medicine',
          attention: 'Dana Avery',
          address1: '63 Zillicoa Street',
          address2: null,
          city: 'Asheville',
          state: 'NC',
          zipCode: '28801',
          country: 'United States',
          instructions: null,
        },
      },
      lines: SHIP_TO_OFFICE_DEMO_LINES,
      completedSteps: [STEP_IDS.pract, STEP_IDS.panels, STEP_IDS.shipping],
    }),
  );
}

/**
 * The review's demo orders; idempotent (each is found by its pack, the ship-to-office one by its order form). Needs
 * the catalogue and the people. Answers the ship-to-office order's id (it has no pack number to look it up by).
 */
export async function seedReviewDemoOrders(db: Db): Promise<{ shipToOfficeOrderId: number }> {
  for (const demo of REVIEW_DEMO_ORDERS) await seedReviewDemo(db, demo);
  return { shipToOfficeOrderId: await seedShipToOfficeDemo(db) };
}
