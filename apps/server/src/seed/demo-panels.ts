import { BILLING_METHODS, STEP_IDS, type StepId } from '@gear/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bundleProducts, bundles, catalogueRequisitions, orders, requisitions } from '../db/schema/index.ts';
import { transaction } from '../lib/transaction.ts';
import { componentsOf, insertDemoOrder, patient } from './demo-orders.ts';

/**
 * Demo data of panel selection's later features (docs/decisions/0045, 0048, 0049): a patient-confirmed order of P1001
 * (the price-increase confirmation), a recollection order of P1001 (the recollection modal) and a custom profile
 * (bundle) of P1001 (Customized Profiles).
 */

/** The pack of the patient-confirmed order: its numbers find the order (GET /gear/order?requisitionNumber). */
export const PATIENT_CONFIRMED_PACK = {
  activationCode: 'C398120477',
  reqNumber: '50012370',
  orderableItemId: 540,
} as const;

const GI_EFFECTS_PANEL = 5400;
const METABOLOMIX_PANEL = 5860;

/** The steps the patient-confirmed order has completed: everything up to the patient's confirmation (summary). */
const PATIENT_CONFIRMED_STEPS: readonly StepId[] = [
  STEP_IDS.pract,
  STEP_IDS.panels,
  STEP_IDS.billing,
  STEP_IDS.dxCodes,
  STEP_IDS.collection,
  STEP_IDS.patient,
  STEP_IDS.insurance,
  STEP_IDS.customize,
  STEP_IDS.shipping,
  STEP_IDS.summary,
];

export interface DemoPack {
  activationCode: string;
  reqNumber: string;
  orderableItemId: number;
}

/**
 * Seeds a pack of P1001 (idempotent) and answers its id, or null when a requisition already uses it (its order is
 * seeded).
 */
export async function packToUse(db: Db, pack: DemoPack): Promise<number | null> {
  await db
    .insert(catalogueRequisitions)
    .values({ ...pack, paperless: false, gsdlNo: 'P1001', removed: false })
    .onConflictDoNothing();
  const [present] = await db
    .select({ id: requisitions.id })
    .from(requisitions)
    .where(eq(requisitions.activationCode, pack.activationCode))
    .limit(1);
  if (present) return null;
  const [packRow] = await db
    .select({ id: catalogueRequisitions.id })
    .from(catalogueRequisitions)
    .where(eq(catalogueRequisitions.activationCode, pack.activationCode));
  if (!packRow) throw new Error(`seedDemoPanels: the pack ${pack.activationCode} was not inserted`);
  return packRow.id;
}

async function seedPatientConfirmedOrder(db: Db) {
  const pack = PATIENT_CONFIRMED_PACK;
  const packId = await packToUse(db, pack);
  if (packId === null) return;
  await transaction(db, (tx) =>
    insertDemoOrder(tx, {
      order: {
        practitionerGsdlNo: 'P1001',
        myGDXKitOrder: true,
        patientAgreement: true,
        patientInfo: patient({
          nameFirst: 'Maria',
          nameLast: 'Confirmed',
          dateOfBirth: '1979-06-21',
          gender: 'F',
          email: 'maria.confirmed@example.com',
          voicePhone: '828-555-0142',
        }),
      },
      pack: { id: packId, ...pack },
      requisition: {
        dropShip: true,
        billingMethod: BILLING_METHODS.insurance,
        panel: GI_EFFECTS_PANEL,
        components: componentsOf(GI_EFFECTS_PANEL),
        icdCodes: [
          { code: 'K58.0', name: 'Irritable bowel syndrome with diarrhea', rank: 1, otherCode: false },
        ],
      },
      completedSteps: PATIENT_CONFIRMED_STEPS,
      completedByPatient: [STEP_IDS.summary],
    }),
  );
}

/** The new pack of the recollection order: its numbers find the order (GET /gear/order?requisitionNumber). */
export const RECOLLECTION_PACK = {
  activationCode: 'C417360922',
  reqNumber: '50012371',
  orderableItemId: 540,
} as const;

/** The pack of demo-data.md's order received by the lab (demo-orders.ts): the order the recollection re-collects. */
const RECOLLECTED_ACTIVATION_CODE = 'C922499553';

/**
 * spec 1 §3 recollectionFor, §4.4 'a recollection gives dropShip': a recollection order of P1001 for the order
 * received by the lab, a new GI Effects pack to be shipped to the patient, panel selection still to be reviewed.
 */
async function seedRecollectionOrder(db: Db) {
  const pack = RECOLLECTION_PACK;
  const packId = await packToUse(db, pack);
  if (packId === null) return;
  const [recollected] = await db
    .select({ orderId: requisitions.orderId })
    .from(requisitions)
    .where(eq(requisitions.activationCode, RECOLLECTED_ACTIVATION_CODE))
    .limit(1);
  if (!recollected) throw new Error('seedRecollectionOrder: seed demo-orders.ts first');
  const [original] = await db.select().from(orders).where(eq(orders.id, recollected.orderId));
  await transaction(db, (tx) =>
    insertDemoOrder(tx, {
      order: {
        practitionerGsdlNo: 'P1001',
        myGDXKitOrder: true,
        recollectionFor: recollected.orderId,
        patientInfo: original?.patientInfo ?? null,
      },
      pack: { id: packId, ...pack },
      requisition: {
        dropShip: true,
        billingMethod: BILLING_METHODS.physicianAccount,
        panel: GI_EFFECTS_PANEL,
        components: componentsOf(GI_EFFECTS_PANEL),
      },
      completedSteps: [STEP_IDS.pract],
    }),
  );
}

/** spec 3 §3 Bundle: a custom profile of P1001 with its products (the default billing option of custom profiles). */
export const DEMO_BUNDLE = {
  gsdlNo: 'P1001',
  name: 'Gut and Metabolic Workup',
  billingMethod: BILLING_METHODS.patientSelects,
  products: [
    { orderableItemId: 540, panel: GI_EFFECTS_PANEL, components: componentsOf(GI_EFFECTS_PANEL) },
    { orderableItemId: 617, panel: METABOLOMIX_PANEL, components: componentsOf(METABOLOMIX_PANEL) },
  ],
} as const;

async function seedDemoBundle(db: Db) {
  const [present] = await db
    .select({ id: bundles.id })
    .from(bundles)
    .where(and(eq(bundles.gsdlNo, DEMO_BUNDLE.gsdlNo), eq(bundles.name, DEMO_BUNDLE.name)))
    .limit(1);
  if (present) return;
  await transaction(db, async (tx) => {
    const [bundle] = await tx
      .insert(bundles)
      .values({
        gsdlNo: DEMO_BUNDLE.gsdlNo,
        name: DEMO_BUNDLE.name,
        billingMethod: DEMO_BUNDLE.billingMethod,
      })
      .returning({ id: bundles.id });
    if (!bundle) throw new Error('bundle insert returned nothing');
    await tx.insert(bundleProducts).values(
      DEMO_BUNDLE.products.map((product, position) => ({
        bundleId: bundle.id,
        position,
        orderableItemId: product.orderableItemId,
        panel: product.panel,
        components: [...product.components],
        addons: [],
        billingMethod: null,
      })),
    );
  });
}

/** Idempotent; needs the people, the catalogue and demo-orders.ts's orders seeded first. */
export async function seedDemoPanels(db: Db) {
  await seedPatientConfirmedOrder(db);
  await seedRecollectionOrder(db);
  await seedDemoBundle(db);
}
