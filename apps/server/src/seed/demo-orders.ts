import {
  completeStep,
  initialWorkflowSteps,
  type PatientInfo,
  type Requisition,
  STEP_IDS,
  type StepId,
  stepById,
} from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  accessions,
  catalogueRequisitions,
  orderableItems,
  orders,
  requisitions,
} from '../db/schema/index.ts';
import { transaction } from '../lib/transaction.ts';
import { saveWorkflowSteps } from '../modules/order/order.repository.ts';
import { INPUT_FIELDS } from './catalogue-data.ts';

export function patient(
  details: Partial<PatientInfo> & Pick<PatientInfo, 'nameFirst' | 'nameLast' | 'dateOfBirth'>,
): PatientInfo {
  return {
    nameMiddle: null,
    gender: null,
    email: null,
    voicePhone: null,
    alternatePhone: null,
    chartNumber: null,
    driverLicenseNumber: null,
    ssn: null,
    race: null,
    ethnicity: null,
    source: 'portal',
    marketingOptIn: false,
    occupation: null,
    employer: null,
    employmentStatus: null,
    responsibleNameFirst: null,
    responsibleNameMiddle: null,
    responsibleNameLast: null,
    addresses: [],
    ...details,
  };
}

export const componentsOf = (panelId: number) =>
  INPUT_FIELDS.filter((field) => field.parentId === panelId && !field.isAddOn).map((field) => field.id);

interface DemoOrder {
  activationCode: string;
  practitionerGsdlNo: string;
  patientInfo: PatientInfo | null;
  requisition: Pick<Requisition, 'dropShip' | 'paperless' | 'billingMethod'> & {
    panel: number;
    components: number[];
  };
  completedSteps: readonly StepId[];
  /** Received by the lab: an accession number (the order is then locked for non-admins, spec 1 §4.2). */
  accessionNo: string | null;
}

const GI_EFFECTS_PANEL = 5400;
const SIBO_2_HOUR_PANEL = 4710;

/** The orders demo-data.md's collection packs are on. */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    activationCode: 'C824591515',
    practitionerGsdlNo: 'P1001',
    patientInfo: patient({
      nameFirst: 'Jane',
      nameLast: 'Testpatient',
      dateOfBirth: '1985-04-12',
      gender: 'F',
      email: 'jane.testpatient@example.com',
      voicePhone: '828-555-0199',
      addresses: [
        {
          type: 'shipping',
          address1: '12 Haywood Road',
          address2: null,
          city: 'Asheville',
          state: 'NC',
          zipCode: '28806',
          country: 'United States',
          county: 'Buncombe',
          voicePhone: '828-555-0199',
          alternatePhone: null,
          schoolDistrict: null,
        },
      ],
    }),
    requisition: {
      dropShip: true,
      paperless: false,
      billingMethod: null,
      panel: GI_EFFECTS_PANEL,
      components: componentsOf(GI_EFFECTS_PANEL),
    },
    completedSteps: [STEP_IDS.pract, STEP_IDS.panels, STEP_IDS.patient],
    accessionNo: null,
  },
  {
    activationCode: 'C922499553',
    practitionerGsdlNo: 'P1001',
    patientInfo: patient({
      nameFirst: 'Robert',
      nameLast: 'Sample',
      dateOfBirth: '1972-09-30',
      gender: 'M',
      email: 'robert.sample@example.com',
    }),
    requisition: {
      dropShip: false,
      paperless: false,
      billingMethod: 'Physician Account',
      panel: GI_EFFECTS_PANEL,
      components: componentsOf(GI_EFFECTS_PANEL),
    },
    completedSteps: [
      STEP_IDS.pract,
      STEP_IDS.panels,
      STEP_IDS.billing,
      STEP_IDS.dxCodes,
      STEP_IDS.collection,
      STEP_IDS.patient,
      STEP_IDS.insurance,
      STEP_IDS.confirm,
      STEP_IDS.practitionerConfirmation,
    ],
    accessionNo: 'A2601050001',
  },
  {
    activationCode: 'C565591369',
    practitionerGsdlNo: 'P1002',
    // Decision 0041: the patient who proves this paperless pack (requisition 50012347, born 1990-07-21).
    patientInfo: patient({
      nameFirst: 'Alex',
      nameLast: 'Rivera',
      dateOfBirth: '1990-07-21',
      gender: 'M',
      email: 'alex.rivera@example.com',
      voicePhone: '212-555-0147',
      addresses: [
        {
          type: 'shipping',
          address1: '48 West 21st Street',
          address2: 'Apt 5',
          city: 'New York',
          state: 'NY',
          zipCode: '10010',
          country: 'United States',
          county: 'New York',
          voicePhone: '212-555-0147',
          alternatePhone: null,
          schoolDistrict: null,
        },
      ],
    }),
    requisition: {
      dropShip: false,
      paperless: true,
      billingMethod: null,
      panel: SIBO_2_HOUR_PANEL,
      components: componentsOf(SIBO_2_HOUR_PANEL),
    },
    completedSteps: [STEP_IDS.pract, STEP_IDS.panels],
    accessionNo: null,
  },
];

/** A demo order of one requisition on a pack, with its workflow rows, written in the caller's transaction. */
export interface DemoOrderRows {
  order: Omit<typeof orders.$inferInsert, 'practAgreement' | 'practAgreementDate'>;
  pack: Pick<
    typeof catalogueRequisitions.$inferSelect,
    'id' | 'reqNumber' | 'activationCode' | 'orderableItemId'
  >;
  /** The requisition's own fields (the pack gives its numbers and product). */
  requisition: Partial<
    Omit<
      typeof requisitions.$inferInsert,
      'orderId' | 'position' | 'catalogueRequisitionId' | 'reqNumber' | 'activationCode' | 'orderableItemId'
    >
  > & { dropShip: boolean };
  completedSteps: readonly StepId[];
  /** Steps among completedSteps that the patient completed (the others the practitioner). */
  completedByPatient?: readonly StepId[];
}

export async function insertDemoOrder(
  tx: Db,
  demo: DemoOrderRows,
): Promise<{ orderId: number; gearReqId: number }> {
  const [order] = await tx
    .insert(orders)
    .values({ practAgreement: true, practAgreementDate: new Date(), ...demo.order })
    .returning({ id: orders.id });
  if (!order) throw new Error('order insert returned nothing');
  const [requisition] = await tx
    .insert(requisitions)
    .values({
      orderId: order.id,
      position: 0,
      catalogueRequisitionId: demo.pack.id,
      reqNumber: demo.pack.reqNumber,
      activationCode: demo.pack.activationCode,
      orderableItemId: demo.pack.orderableItemId,
      ...demo.requisition,
    })
    .returning({ id: requisitions.id });
  if (!requisition) throw new Error('requisition insert returned nothing');
  const stepDate = new Date().toISOString();
  const steps = demo.completedSteps.reduce(
    (rows, id) =>
      completeStep(rows, {
        id,
        gearReqId: stepById(id)?.scope === 'requisition' ? requisition.id : null,
        userType: demo.completedByPatient?.includes(id) ? 'prc' : 'myGDX',
        stepDate,
      }),
    initialWorkflowSteps({
      requisitions: [{ id: requisition.id, dropShip: demo.requisition.dropShip, shipToOffice: false }],
      containsDropShipRequisition: demo.requisition.dropShip,
      containsShipToOfficeRequisition: false,
    }),
  );
  await saveWorkflowSteps(tx, order.id, [], steps);
  return { orderId: order.id, gearReqId: requisition.id };
}

/**
 * A ship-to-office demo order (no pack: its lines are products and quantities, each product's default test), with
 * its workflow rows, written in the caller's transaction. completedSteps of a requisition's scope complete every line.
 */
export async function insertOfficeDemoOrder(
  tx: Db,
  demo: {
    order: Omit<typeof orders.$inferInsert, 'practAgreement' | 'practAgreementDate'>;
    lines: readonly { orderableItemId: number; quantity: number }[];
    completedSteps: readonly StepId[];
  },
): Promise<number> {
  const [order] = await tx
    .insert(orders)
    .values({ practAgreement: true, practAgreementDate: new Date(), ...demo.order })
    .returning({ id: orders.id });
  if (!order) throw new Error('order insert returned nothing');
  const lines = await tx
    .insert(requisitions)
    .values(
      demo.lines.map((line, position) => ({
        orderId: order.id,
        position,
        orderableItemId: line.orderableItemId,
        quantity: line.quantity,
        shipToOffice: true,
        dropShip: false,
      })),
    )
    .returning({ id: requisitions.id });
  const stepDate = new Date().toISOString();
  const steps = demo.completedSteps.reduce(
    (rows, id) =>
      stepById(id)?.scope === 'requisition'
        ? lines.reduce(
            (each, line) => completeStep(each, { id, gearReqId: line.id, userType: 'myGDX', stepDate }),
            rows,
          )
        : completeStep(rows, { id, gearReqId: null, userType: 'myGDX', stepDate }),
    initialWorkflowSteps({
      requisitions: lines.map((line) => ({ id: line.id, dropShip: false, shipToOffice: true })),
      containsDropShipRequisition: false,
      containsShipToOfficeRequisition: true,
    }),
  );
  await saveWorkflowSteps(tx, order.id, [], steps);
  return order.id;
}

async function seedDemoOrder(db: Db, demo: DemoOrder) {
  const [present] = await db
    .select({ id: requisitions.id })
    .from(requisitions)
    .where(eq(requisitions.activationCode, demo.activationCode))
    .limit(1);
  if (present) return;
  const [pack] = await db
    .select()
    .from(catalogueRequisitions)
    .where(eq(catalogueRequisitions.activationCode, demo.activationCode))
    .limit(1);
  if (!pack) throw new Error(`seedDemoOrders: seed the catalogue first (no pack ${demo.activationCode})`);
  const [item] = await db.select().from(orderableItems).where(eq(orderableItems.id, pack.orderableItemId));
  await transaction(db, async (tx) => {
    const { gearReqId } = await insertDemoOrder(tx, {
      order: {
        practitionerGsdlNo: demo.practitionerGsdlNo,
        patientInfo: demo.patientInfo,
        myGDXKitOrder: demo.requisition.dropShip,
      },
      pack,
      requisition: demo.requisition,
      completedSteps: demo.completedSteps,
    });
    if (demo.accessionNo) {
      await tx.insert(accessions).values({
        gearReqId,
        accessionNo: demo.accessionNo,
        productName: item?.name ?? '',
        recordedBy: 'demo seed',
      });
    }
  });
}

/** The orders of demo-data.md's packs; idempotent (an order is seeded once, found by its pack). Needs the catalogue. */
export async function seedDemoOrders(db: Db) {
  for (const demo of DEMO_ORDERS) await seedDemoOrder(db, demo);
}
