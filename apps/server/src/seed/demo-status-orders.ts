import {
  type Analyte,
  addCalendarDays,
  BILLING_METHODS,
  completeStep,
  type IntakeEvent,
  initialWorkflowSteps,
  STEP_IDS,
  type WorkflowStep,
} from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { FileStorage } from '../adapters/storage/file-storage.ts';
import type { Db } from '../db/client.ts';
import { orders, recollections, requisitions } from '../db/schema/index.ts';
import { transaction } from '../lib/transaction.ts';
import { renderPdf } from '../modules/documents/pdf.ts';
import { applyIntake } from '../modules/intake/intake.service.ts';
import { saveWorkflowSteps } from '../modules/order/order.repository.ts';
import { componentsOf, patient } from './demo-orders.ts';

const GI_EFFECTS = 540;

/** How long before the seed's today the demo status orders were placed (before their first shipment, 12 days ago). */
const ORDERED_DAYS_AGO = 14;
const GI_EFFECTS_PANEL = 5400;

/** What a demo order is before the lab and carrier events move it on. */
interface StatusOrderSetup {
  key: string;
  reqNumber: string;
  nameFirst: string;
  nameLast: string;
  dateOfBirth: string;
  dataConfirmed: boolean;
  /** Every step completed, billing and the collection date set (the patient finished activating). */
  activated: boolean;
  /** Billed to the patient (No Insurance Billing: Pay Full Amount) and never paid, instead of the physician account. */
  patientPays?: boolean;
}

/**
 * The demo orders of every derived status of spec 3 §4 (README 'Orders in every status'), each of P1001 (dr.avery)
 * for its own patient, found by its requisition number. The lab's and carrier's part comes through the intake.
 */
export const DEMO_STATUS_ORDERS = [
  {
    key: 'placed',
    reqNumber: '50030001',
    nameFirst: 'Paula',
    nameLast: 'Placed',
    dateOfBirth: '1981-01-11',
    dataConfirmed: false,
    activated: false,
  },
  {
    key: 'incomplete',
    reqNumber: '50030002',
    nameFirst: 'Ian',
    nameLast: 'Incomplete',
    dateOfBirth: '1982-02-12',
    dataConfirmed: false,
    activated: false,
  },
  {
    key: 'shipped',
    reqNumber: '50030003',
    nameFirst: 'Shane',
    nameLast: 'Shipped',
    dateOfBirth: '1983-03-13',
    dataConfirmed: true,
    activated: false,
  },
  {
    key: 'specimenMissing',
    reqNumber: '50030004',
    nameFirst: 'Mia',
    nameLast: 'Missing',
    dateOfBirth: '1984-04-14',
    dataConfirmed: true,
    activated: false,
  },
  {
    key: 'activationComplete',
    reqNumber: '50030005',
    nameFirst: 'Ada',
    nameLast: 'Activated',
    dateOfBirth: '1985-05-15',
    dataConfirmed: true,
    activated: true,
  },
  {
    key: 'receivedByLab',
    reqNumber: '50030006',
    nameFirst: 'Rita',
    nameLast: 'Received',
    dateOfBirth: '1986-06-16',
    dataConfirmed: true,
    activated: true,
  },
  {
    key: 'resultsReady',
    reqNumber: '50030007',
    nameFirst: 'Ray',
    nameLast: 'Results',
    dateOfBirth: '1987-07-17',
    dataConfirmed: true,
    activated: true,
  },
  {
    key: 'discarded',
    reqNumber: '50030008',
    nameFirst: 'Dora',
    nameLast: 'Discarded',
    dateOfBirth: '1988-08-18',
    dataConfirmed: true,
    activated: true,
  },
  {
    key: 'discardedWithIssues',
    reqNumber: '50030009',
    nameFirst: 'Iris',
    nameLast: 'Issues',
    dateOfBirth: '1989-09-19',
    dataConfirmed: true,
    activated: true,
  },
  {
    key: 'canceled',
    reqNumber: '50030010',
    nameFirst: 'Carl',
    nameLast: 'Canceled',
    dateOfBirth: '1990-10-20',
    dataConfirmed: false,
    activated: false,
  },
  {
    key: 'multipleAccessions',
    reqNumber: '50030011',
    nameFirst: 'Max',
    nameLast: 'Multiple',
    dateOfBirth: '1991-11-21',
    dataConfirmed: true,
    activated: true,
  },
  {
    key: 'recollectionPending',
    reqNumber: '50030012',
    nameFirst: 'Dora',
    nameLast: 'Discarded',
    dateOfBirth: '1988-08-18',
    dataConfirmed: true,
    activated: false,
  },
  {
    key: 'recollectionOrdered',
    reqNumber: '50030013',
    nameFirst: 'Iris',
    nameLast: 'Issues',
    dateOfBirth: '1989-09-19',
    dataConfirmed: true,
    activated: false,
  },
  {
    // A discarded specimen without issues, billed to the practitioner: the re-collect journey's order (decision 0252).
    key: 'recollectable',
    reqNumber: '50031001',
    nameFirst: 'Rhea',
    nameLast: 'Recollect',
    dateOfBirth: '1992-12-22',
    dataConfirmed: true,
    activated: true,
  },
  {
    // Two accessions on one requisition, one discarded, one with results: the status follows the choice.
    key: 'accessionChoice',
    reqNumber: '50031002',
    nameFirst: 'Cora',
    nameLast: 'Choice',
    dateOfBirth: '1993-01-23',
    dataConfirmed: true,
    activated: true,
  },
  {
    // Results ready on a test billed to the patient and not paid: Pay Bill (decision 0300).
    key: 'billDue',
    reqNumber: '50031003',
    nameFirst: 'Bill',
    nameLast: 'Due',
    dateOfBirth: '1994-02-24',
    dataConfirmed: true,
    activated: true,
    patientPays: true,
  },
] as const satisfies readonly StatusOrderSetup[];

export type DemoStatusKey = (typeof DEMO_STATUS_ORDERS)[number]['key'];

function workflowOf(gearReqId: number, activated: boolean, stepDate: string): WorkflowStep[] {
  const rows = initialWorkflowSteps({
    requisitions: [{ id: gearReqId, dropShip: true, shipToOffice: false }],
    containsDropShipRequisition: true,
    containsShipToOfficeRequisition: false,
  });
  const done = activated
    ? rows.filter((row) => !row.notApplicable)
    : // Placed by the practitioner (spec 1 §4.1 step 11), not yet activated by the patient.
      rows.filter(
        (row) =>
          row.id === STEP_IDS.pract ||
          row.id === STEP_IDS.panels ||
          row.id === STEP_IDS.practitionerConfirmation,
      );
  return done.reduce(
    (steps, row) =>
      completeStep(steps, { id: row.id, gearReqId: row.gearReqId, userType: 'myGDX', stepDate }),
    rows,
  );
}

async function insertStatusOrder(
  tx: Db,
  setup: StatusOrderSetup,
  today: string,
  recollectionFor: number | null,
) {
  // Ordered two weeks before today, so the order comes first in its timeline, before the backdated carrier and lab
  // events that follow it (eventsFor: shipped 12 days ago); a recollection order after the discard it answers
  // (yesterday at noon).
  const orderedAt =
    recollectionFor === null
      ? new Date(`${addCalendarDays(today, -ORDERED_DAYS_AGO)}T08:00:00Z`)
      : new Date(`${addCalendarDays(today, -1)}T18:00:00Z`);
  const [order] = await tx
    .insert(orders)
    .values({
      createdAt: orderedAt,
      updatedAt: orderedAt,
      practitionerGsdlNo: 'P1001',
      practAgreement: true,
      practAgreementDate: orderedAt,
      myGDXKitOrder: true,
      dataConfirmed: setup.dataConfirmed,
      recollectionFor,
      patientInfo: patient({
        nameFirst: setup.nameFirst,
        nameLast: setup.nameLast,
        dateOfBirth: setup.dateOfBirth,
        gender: 'F',
        email: `${setup.nameFirst.toLowerCase()}.${setup.nameLast.toLowerCase()}@example.com`,
      }),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('order insert returned nothing');
  const [requisition] = await tx
    .insert(requisitions)
    .values({
      orderId: order.id,
      position: 0,
      reqNumber: setup.reqNumber,
      orderableItemId: GI_EFFECTS,
      panel: GI_EFFECTS_PANEL,
      components: componentsOf(GI_EFFECTS_PANEL),
      dropShip: true,
      billingMethod: !setup.activated
        ? null
        : setup.patientPays
          ? BILLING_METHODS.uninsured
          : BILLING_METHODS.physicianAccount,
      dateLastSampleCollected: setup.activated ? addCalendarDays(today, -6) : null,
    })
    .returning({ id: requisitions.id });
  if (!requisition) throw new Error('requisition insert returned nothing');
  await saveWorkflowSteps(
    tx,
    order.id,
    [],
    workflowOf(requisition.id, setup.activated, orderedAt.toISOString()),
  );
  return { orderId: order.id, gearReqId: requisition.id };
}

/**
 * The structured results of the demo results-ready order (decision 0265): GI Effects analytes (lab-test-facts.md)
 * with demo values, two outside their ranges, so the interactive report shows both kinds.
 */
export const DEMO_ANALYTES: Analyte[] = [
  {
    code: 'PE1',
    name: 'Pancreatic Elastase 1',
    value: '178',
    unit: 'µg/g',
    referenceRange: '>200',
    abnormalFlag: 'L',
  },
  {
    code: 'PPB',
    name: 'Products of Protein Breakdown',
    value: '5.2',
    unit: 'micromol/g',
    referenceRange: '1.8-9.9',
    abnormalFlag: null,
  },
  {
    code: 'FFT',
    name: 'Fecal Fat (Total)',
    value: '12.4',
    unit: 'mg/g',
    referenceRange: '3.2-38.6',
    abnormalFlag: null,
  },
  { code: 'CAL', name: 'Calprotectin', value: '86', unit: 'µg/g', referenceRange: '<=50', abnormalFlag: 'H' },
  {
    code: 'EPX',
    name: 'Eosinophil Protein X',
    value: '2.1',
    unit: 'µg/g',
    referenceRange: '<=4.6',
    abnormalFlag: null,
  },
  {
    code: 'SIGA',
    name: 'Fecal secretory IgA',
    value: '610',
    unit: 'µg/g',
    referenceRange: '<=885',
    abnormalFlag: null,
  },
  {
    code: 'BGL',
    name: 'Beta-glucuronidase',
    value: '2140',
    unit: 'U/g',
    referenceRange: '368-6266',
    abnormalFlag: null,
  },
  {
    code: 'SCFA',
    name: 'Short-Chain Fatty Acids, total',
    value: '41.7',
    unit: 'micromol/g',
    referenceRange: '>=23.3',
    abnormalFlag: null,
  },
];

/** A small real PDF standing in for a lab's report (made with the portal's PDF library). */
export const demoResultPdf = (accessionNo: string) =>
  renderPdf('Demo laboratory report', (doc) => {
    doc.fontSize(16).text('Demo laboratory report');
    doc.moveDown().fontSize(11).text(`Accession ${accessionNo}`);
    doc.text('GI Effects Comprehensive: all analytes within the reference ranges (demo data).');
  });

type Placed = Record<DemoStatusKey, { orderId: number; gearReqId: number }>;

/** The carrier's and the lab's events that move each demo order to its status. */
function eventsFor(placed: Placed, today: string) {
  const at = (daysAgo: number, hour = 12) =>
    `${addCalendarDays(today, -daysAgo)}T${String(hour).padStart(2, '0')}:00:00Z`;
  const carrier: IntakeEvent[] = [];
  const lab: IntakeEvent[] = [];
  const results: { accessionNo: string; at: string }[] = [];
  const ship = (key: DemoStatusKey, delivered: boolean) => {
    const trackingNumber = `79460030${placed[key].orderId}`;
    carrier.push(
      {
        type: 'shipment.created',
        id: `demo-${key}-ship`,
        occurredAt: at(12, 9),
        orderId: placed[key].orderId,
        trackingNumber,
      },
      {
        type: 'carrier.scan',
        id: `demo-${key}-scan`,
        occurredAt: at(11, 7),
        trackingNumber,
        status: 'IN_TRANSIT',
        location: 'Memphis, TN',
        description: 'Departed FedEx hub',
      },
    );
    if (delivered)
      carrier.push({
        type: 'carrier.delivered',
        id: `demo-${key}-delivered`,
        occurredAt: at(10, 15),
        trackingNumber,
        deliveryDate: addCalendarDays(today, -10),
      });
    return trackingNumber;
  };
  const receive = (key: DemoStatusKey, accessionNo: string, hour = 10) => {
    lab.push({
      type: 'lab.received',
      id: `demo-${key}-${accessionNo}-received`,
      occurredAt: at(3, hour),
      gearReqId: placed[key].gearReqId,
      accessionNo,
      productName: 'GI Effects Comprehensive',
      dueDate: addCalendarDays(today, 9),
    });
    lab.push({
      type: 'lab.status',
      id: `demo-${key}-${accessionNo}-testing`,
      occurredAt: at(2, hour),
      accessionNo,
      requisitionStatusId: 2,
    });
  };
  ship('incomplete', false);
  ship('shipped', false);
  ship('specimenMissing', true);
  for (const key of [
    'activationComplete',
    'receivedByLab',
    'resultsReady',
    'discarded',
    'discardedWithIssues',
    'multipleAccessions',
    'recollectable',
    'accessionChoice',
    'billDue',
  ] as const)
    ship(key, true);
  const canceled = ship('canceled', false);
  carrier.push({
    type: 'tracking.canceled',
    id: 'demo-canceled-canceled',
    occurredAt: at(11, 12),
    trackingNumber: canceled,
  });
  receive('receivedByLab', 'A2611000006');
  receive('resultsReady', 'A2611000007');
  results.push({ accessionNo: 'A2611000007', at: at(1) });
  receive('discarded', 'A2611000008');
  lab.push({
    type: 'lab.discarded',
    id: 'demo-discarded-discarded',
    occurredAt: at(1),
    accessionNo: 'A2611000008',
    issues: [],
  });
  receive('discardedWithIssues', 'A2611000009');
  lab.push({
    type: 'lab.discarded',
    id: 'demo-discardedWithIssues-discarded',
    occurredAt: at(1),
    accessionNo: 'A2611000009',
    issues: ['Specimen received frozen', 'Collection date missing on the tube'],
  });
  receive('multipleAccessions', 'A2611000011', 10);
  receive('multipleAccessions', 'A2611000012', 11);
  receive('recollectable', 'A2611031001');
  lab.push({
    type: 'lab.discarded',
    id: 'demo-recollectable-discarded',
    occurredAt: at(1),
    accessionNo: 'A2611031001',
    issues: [],
  });
  receive('accessionChoice', 'A2611031002', 10);
  receive('accessionChoice', 'A2611031003', 11);
  lab.push({
    type: 'lab.discarded',
    id: 'demo-accessionChoice-discarded',
    occurredAt: at(1),
    accessionNo: 'A2611031002',
    issues: [],
  });
  results.push({ accessionNo: 'A2611031003', at: at(1, 14) });
  receive('billDue', 'A2611031004');
  results.push({ accessionNo: 'A2611031004', at: at(1, 15) });
  return { carrier, lab, results };
}

/**
 * The orders of every derived status (spec 3 §4 both lists), moved there by the intake's own code path; idempotent
 * (found by the first order's requisition number). Result PDFs are stored when a storage is given, else the lab's
 * results are a status change alone.
 */
export async function seedDemoStatusOrders(
  db: Db,
  storage: FileStorage | null,
  today = new Date().toISOString().slice(0, 10),
) {
  const [present] = await db
    .select({ id: requisitions.id })
    .from(requisitions)
    .where(eq(requisitions.reqNumber, DEMO_STATUS_ORDERS[0].reqNumber))
    .limit(1);
  if (present) return;
  const placed = await transaction(db, async (tx) => {
    const made = {} as Placed;
    for (const setup of DEMO_STATUS_ORDERS) {
      const original =
        setup.key === 'recollectionPending'
          ? made.discarded
          : setup.key === 'recollectionOrdered'
            ? made.discardedWithIssues
            : null;
      made[setup.key] = await insertStatusOrder(tx, setup, today, original?.orderId ?? null);
      if (original)
        await tx.insert(recollections).values({
          orderId: original.orderId,
          gearReqId: original.gearReqId,
          recollectionOrderId: made[setup.key].orderId,
          paymentRequired: setup.key === 'recollectionPending',
          pending: setup.key === 'recollectionPending',
          requestedBy: 'demo seed',
          requestedAt: new Date(`${addCalendarDays(today, -1)}T18:00:00Z`),
        });
    }
    return made;
  });
  const { carrier, lab, results } = eventsFor(placed, today);
  const sink: FileStorage = storage ?? { put: async () => '', get: async () => null, delete: async () => {} };
  await applyIntake(db, 'carrier', carrier, { storage: sink });
  await applyIntake(db, 'lab', lab, { storage: sink });
  for (const result of results) {
    // The lab's structured results always; its PDF when there is a storage to keep it in.
    const event: IntakeEvent = {
      type: 'lab.results',
      id: `demo-results-${result.accessionNo}`,
      occurredAt: result.at,
      accessionNo: result.accessionNo,
      requisitionStatusId: 3,
      analytes: DEMO_ANALYTES,
      ...(storage ? { resultPdfBase64: (await demoResultPdf(result.accessionNo)).toString('base64') } : {}),
    };
    await applyIntake(db, 'lab', [event], { storage: sink });
  }
}
