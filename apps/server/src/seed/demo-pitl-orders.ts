import {
  addCalendarDays,
  BILLING_METHODS,
  completeStep,
  type IntakeEvent,
  initialWorkflowSteps,
  type PatientInfo,
  STEP_IDS,
  type StepId,
  type WorkflowStep,
} from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../adapters/storage/file-storage.ts';
import type { Db } from '../db/client.ts';
import { orders, payments, recollections, requisitions } from '../db/schema/index.ts';
import { transaction } from '../lib/transaction.ts';
import { applyIntake } from '../modules/intake/intake.service.ts';
import { saveWorkflowSteps } from '../modules/order/order.repository.ts';
import { componentsOf, patient } from './demo-orders.ts';

/** The PITL practitioner of the demo (decision 0290). */
export const PITL_DEMO_GSDL = 'P1008';

export const GI_EFFECTS = { item: 540, panel: 5400 } as const;
export const NUTREVAL = { item: 534, panel: null } as const;
export const METABOLOMIX = { item: 617, panel: null } as const;

type Product = { item: number; panel: number | null };

interface PitlPack {
  reqNumber: string;
  product: Product;
}

export interface PitlDemo {
  key:
    | 'new'
    | 'newAgain'
    | 'paid'
    | 'transfer'
    | 'transferAgain'
    | 'recollectionOriginal'
    | 'recollectionReplacement';
  packs: readonly PitlPack[];
  nameFirst: string;
  nameLast: string;
  dateOfBirth: string;
  gender: 'F' | 'M';
  address1: string;
  /** The steps done before the patient opens it. */
  completed: readonly StepId[];
  dataConfirmed: boolean;
  billed: boolean;
  collected: boolean;
  /** A card payment captured for each pack (the order was paid). */
  paidCents: number | null;
}

const BEFORE_PATIENT: readonly StepId[] = [STEP_IDS.pract, STEP_IDS.panels, STEP_IDS.dxCodes];
/** The steps before the review: the patient's order is ready to pay on its Summary. */
const WALKED_TO_REVIEW: readonly StepId[] = [
  STEP_IDS.pract,
  STEP_IDS.panels,
  STEP_IDS.billing,
  STEP_IDS.dxCodes,
  STEP_IDS.collection,
  STEP_IDS.patient,
  STEP_IDS.insurance,
];
export const EVERY_STEP: readonly StepId[] = [
  STEP_IDS.pract,
  STEP_IDS.panels,
  STEP_IDS.billing,
  STEP_IDS.dxCodes,
  STEP_IDS.collection,
  STEP_IDS.patient,
  STEP_IDS.insurance,
  STEP_IDS.confirm,
  STEP_IDS.summary,
  STEP_IDS.payment,
  STEP_IDS.practitionerConfirmation,
];

/** What a PITL pack's demo payment was (the demo price of the pack with its PITL fees, as charged then). */
const DEMO_PAID_CENTS = 42_995;

/**
 * The PITL demo orders (README 'PITL orders'; decision 0290), each of P1008 (dr.harper) for its own patient, found by
 * a requisition number: new, paid, with unused packs to transfer, and a recollection pending that requires the $40
 * replacement fee.
 */
export const PITL_DEMO_ORDERS: readonly PitlDemo[] = [
  {
    key: 'new',
    packs: [{ reqNumber: '50040001', product: GI_EFFECTS }],
    nameFirst: 'Nora',
    nameLast: 'Newland',
    dateOfBirth: '1990-03-03',
    gender: 'F',
    address1: '310 East Seventh Street',
    completed: WALKED_TO_REVIEW,
    dataConfirmed: false,
    billed: true,
    collected: true,
    paidCents: null,
  },
  {
    // A second new order (the phone-size payment journey).
    key: 'newAgain',
    packs: [{ reqNumber: '50040011', product: GI_EFFECTS }],
    nameFirst: 'Nico',
    nameLast: 'Newland',
    dateOfBirth: '1992-04-04',
    gender: 'M',
    address1: '310 East Seventh Street',
    completed: WALKED_TO_REVIEW,
    dataConfirmed: false,
    billed: true,
    collected: true,
    paidCents: null,
  },
  {
    key: 'paid',
    packs: [{ reqNumber: '50040002', product: GI_EFFECTS }],
    nameFirst: 'Pablo',
    nameLast: 'Paidwell',
    dateOfBirth: '1984-08-14',
    gender: 'M',
    address1: '122 West Trade Street',
    completed: EVERY_STEP,
    dataConfirmed: true,
    billed: true,
    collected: false,
    paidCents: DEMO_PAID_CENTS,
  },
  {
    key: 'transfer',
    packs: [
      { reqNumber: '50040003', product: GI_EFFECTS },
      { reqNumber: '50040004', product: METABOLOMIX },
      { reqNumber: '50040005', product: NUTREVAL },
    ],
    nameFirst: 'Tessa',
    nameLast: 'Transfer',
    dateOfBirth: '1979-02-21',
    gender: 'F',
    address1: '401 North Tryon Street',
    completed: EVERY_STEP,
    dataConfirmed: true,
    billed: true,
    collected: false,
    paidCents: DEMO_PAID_CENTS,
  },
  {
    // A second order like the one above, so that the transfer can be tried twice (the phone-size journey).
    key: 'transferAgain',
    packs: [
      { reqNumber: '50040008', product: GI_EFFECTS },
      { reqNumber: '50040009', product: METABOLOMIX },
      { reqNumber: '50040010', product: NUTREVAL },
    ],
    nameFirst: 'Tomas',
    nameLast: 'Transfer',
    dateOfBirth: '1980-05-05',
    gender: 'M',
    address1: '401 North Tryon Street',
    completed: EVERY_STEP,
    dataConfirmed: true,
    billed: true,
    collected: false,
    paidCents: DEMO_PAID_CENTS,
  },
  {
    key: 'recollectionOriginal',
    packs: [{ reqNumber: '50040006', product: GI_EFFECTS }],
    nameFirst: 'Rhea',
    nameLast: 'Recollect',
    dateOfBirth: '1986-12-09',
    gender: 'F',
    address1: '515 South Church Street',
    completed: EVERY_STEP,
    dataConfirmed: true,
    billed: true,
    collected: true,
    paidCents: DEMO_PAID_CENTS,
  },
  {
    key: 'recollectionReplacement',
    packs: [{ reqNumber: '50040007', product: GI_EFFECTS }],
    nameFirst: 'Rhea',
    nameLast: 'Recollect',
    dateOfBirth: '1986-12-09',
    gender: 'F',
    address1: '515 South Church Street',
    completed: BEFORE_PATIENT,
    dataConfirmed: true,
    billed: false,
    collected: false,
    paidCents: null,
  },
];

const residenceIn = (address1: string): PatientInfo['addresses'][number] => ({
  type: 'shipping',
  address1,
  address2: null,
  city: 'Charlotte',
  state: 'NC',
  zipCode: '28202',
  country: 'United States',
  county: 'Mecklenburg',
  voicePhone: '704-555-0188',
  alternatePhone: null,
  schoolDistrict: null,
});

function stepsOf(
  gearReqIds: readonly number[],
  completed: readonly StepId[],
  stepDate: string,
): WorkflowStep[] {
  const rows = initialWorkflowSteps({
    requisitions: gearReqIds.map((id) => ({ id, dropShip: true, shipToOffice: false })),
    containsDropShipRequisition: true,
    containsShipToOfficeRequisition: false,
  });
  return rows
    .filter((row) => !row.notApplicable && completed.includes(row.id as StepId))
    .reduce(
      (steps, row) =>
        completeStep(steps, {
          id: row.id,
          gearReqId: row.gearReqId,
          userType: row.id === STEP_IDS.pract || row.id === STEP_IDS.panels ? 'myGDX' : 'prc',
          stepDate,
        }),
      rows,
    );
}

/** The PITL demo orders were made two weeks before today, before the lab's backdated events (seedDemoPitlOrders). */
const ORDERED_DAYS_AGO = 14;

/**
 * When a demo order was made, so that its timeline reads in order: two weeks ago, before the packs were collected
 * (8 days ago) and received (5 and 2 days ago); a recollection's replacement after the discard it answers (3 days
 * ago at noon).
 */
export const pitlOrderedAt = (today: string, recollectionFor: number | null) =>
  recollectionFor === null
    ? new Date(`${addCalendarDays(today, -ORDERED_DAYS_AGO)}T08:00:00Z`)
    : new Date(`${addCalendarDays(today, -3)}T18:00:00Z`);

export async function insertPitlOrder(tx: Db, demo: PitlDemo, today: string, recollectionFor: number | null) {
  const orderedAt = pitlOrderedAt(today, recollectionFor);
  // The patient paid an hour after the order was made.
  const paidAt = new Date(orderedAt.getTime() + 60 * 60 * 1000);
  const [order] = await tx
    .insert(orders)
    .values({
      createdAt: orderedAt,
      updatedAt: orderedAt,
      practitionerGsdlNo: PITL_DEMO_GSDL,
      practAgreement: true,
      practAgreementDate: orderedAt,
      myGDXKitOrder: true,
      physicianInTheLoop: true,
      dataConfirmed: demo.dataConfirmed,
      patientAgreement: demo.paidCents !== null,
      recollectionFor,
      patientInfo: patient({
        nameFirst: demo.nameFirst,
        nameLast: demo.nameLast,
        dateOfBirth: demo.dateOfBirth,
        gender: demo.gender,
        email: `${demo.nameFirst.toLowerCase()}.${demo.nameLast.toLowerCase()}@example.com`,
        voicePhone: '704-555-0188',
        addresses: [residenceIn(demo.address1)],
      }),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order insert returned nothing');
  const ids: number[] = [];
  for (const [position, pack] of demo.packs.entries()) {
    const [row] = await tx
      .insert(requisitions)
      .values({
        orderId: order.id,
        position,
        reqNumber: pack.reqNumber,
        orderableItemId: pack.product.item,
        panel: pack.product.panel,
        components: pack.product.panel === null ? [] : componentsOf(pack.product.panel),
        dropShip: true,
        physicianInTheLoop: true,
        billingMethod: demo.billed ? BILLING_METHODS.patientPay : null,
        dateLastSampleCollected: demo.collected ? addCalendarDays(today, -8) : null,
      })
      .returning({ id: requisitions.id });
    if (!row) throw new Error('requisition insert returned nothing');
    ids.push(row.id);
  }
  await saveWorkflowSteps(tx, order.id, [], stepsOf(ids, demo.completed, orderedAt.toISOString()));
  if (demo.paidCents !== null)
    await tx.insert(payments).values(
      ids.map((gearReqId) => ({
        orderId: order.id,
        gearReqId,
        paymentType: 'card',
        paymentFrom: 'prc' as const,
        amountCents: demo.paidCents as number,
        fullPaymentAmountCents: demo.paidCents,
        cardAuthAmountCents: demo.paidCents,
        cardLast4: '4242',
        cardBrand: 'Visa',
        transactionId: `demo-pitl-${gearReqId}`,
        installmentIntervalType: 'full' as const,
        status: 'captured',
        idempotencyKey: `demo-pitl-${demo.packs[0]?.reqNumber}-${gearReqId}`,
        createdAt: paidAt,
      })),
    );
  return { orderId: order.id, gearReqIds: ids };
}

/**
 * Seeds the PITL demo orders; idempotent (found by the first one's requisition number). The recollection's original
 * pack reaches the lab and is discarded through the intake's own code path.
 */
export async function seedDemoPitlOrders(db: Db, today = new Date().toISOString().slice(0, 10)) {
  const [present] = await db
    .select({ id: requisitions.id })
    .from(requisitions)
    .where(eq(requisitions.reqNumber, '50040001'))
    .limit(1);
  if (present) return;
  const placed = await transaction(db, async (tx) => {
    const made: Partial<Record<PitlDemo['key'], { orderId: number; gearReqIds: number[] }>> = {};
    for (const demo of PITL_DEMO_ORDERS) {
      const original = demo.key === 'recollectionReplacement' ? made.recollectionOriginal : undefined;
      made[demo.key] = await insertPitlOrder(tx, demo, today, original?.orderId ?? null);
      const replacement = made[demo.key];
      if (original && replacement)
        await tx.insert(recollections).values({
          orderId: original.orderId,
          gearReqId: original.gearReqIds[0] as number,
          recollectionOrderId: replacement.orderId,
          paymentRequired: true,
          pending: true,
          requestedBy: 'demo seed',
          requestedAt: pitlOrderedAt(today, original.orderId),
        });
    }
    return made;
  });
  const at = (daysAgo: number) => `${addCalendarDays(today, -daysAgo)}T12:00:00Z`;
  const original = placed.recollectionOriginal?.gearReqIds[0];
  const transferUsed = placed.transfer?.gearReqIds[0];
  const events: IntakeEvent[] = [];
  if (original !== undefined)
    events.push(
      {
        type: 'lab.received',
        id: 'demo-pitl-recollection-received',
        occurredAt: at(5),
        gearReqId: original,
        accessionNo: 'A2611004006',
        productName: 'GI Effects Comprehensive',
        dueDate: addCalendarDays(today, 7),
      },
      {
        type: 'lab.discarded',
        id: 'demo-pitl-recollection-discarded',
        occurredAt: at(3),
        accessionNo: 'A2611004006',
        issues: ['Specimen received outside the stability window'],
      },
    );
  // The transfer orders' first pack was used (the lab has it); the two others are unused and may be transferred.
  for (const [used, accessionNo] of [
    [transferUsed, 'A2611004003'],
    [placed.transferAgain?.gearReqIds[0], 'A2611004008'],
  ] as const)
    if (used !== undefined)
      events.push({
        type: 'lab.received',
        id: `demo-pitl-${accessionNo}-received`,
        occurredAt: at(2),
        gearReqId: used,
        accessionNo,
        productName: 'GI Effects Comprehensive',
        dueDate: addCalendarDays(today, 9),
      });
  const sink: FileStorage = { put: async () => '', get: async () => null, delete: async () => {} };
  await applyIntake(db, 'lab', events, { storage: sink });
}
