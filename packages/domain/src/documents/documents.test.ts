import { describe, expect, it } from 'vitest';
import type { GearOrder, WorkflowStep } from '../model.ts';
import { patientInfo, requisition } from '../test-support/fixtures.ts';
import { acknowledgementRecord, documentAccess, packingSlipFormId, packingSlipLines } from './documents.ts';

const paymentRow = (completed: boolean, stepDate: string | null): WorkflowStep => ({
  id: 10,
  completed,
  notApplicable: false,
  notStarted: !completed,
  skipped: false,
  gearReqId: null,
  userType: completed ? 'prc' : null,
  stepDate,
  status: { id: completed ? 3 : 1, name: completed ? 'Completed' : 'Not Started' },
});

type AckOrder = Parameters<typeof acknowledgementRecord>[0];
const ackOrder = (overrides: Partial<AckOrder> = {}): AckOrder => ({
  patientAgreement: true,
  nsaAcknowledged: false,
  patientInfo: patientInfo(),
  workflow: {
    steps: [paymentRow(true, '2026-11-20T15:04:05.000Z')],
    practitionerConfirmed: true,
    patientConfirmed: true,
    complete: false,
  },
  ...overrides,
});

describe('acknowledgementRecord (spec 3 §7: PDFs of what was agreed, with the date and the name)', () => {
  it.each<[string, AckOrder, 'patient' | 'nsa', ReturnType<typeof acknowledgementRecord>]>([
    [
      'spec 3 §2: the patient agreement given at payment, dated by the payment step',
      ackOrder(),
      'patient',
      { agreed: true, date: '11/20/2026', patientName: 'Jane Testpatient', responsibleParty: null },
    ],
    [
      'spec 3 §5: the NSA acknowledgement not given',
      ackOrder(),
      'nsa',
      { agreed: false, date: null, patientName: 'Jane Testpatient', responsibleParty: null },
    ],
    [
      'agreed with the payment step not completed: no date is claimed',
      ackOrder({
        workflow: {
          steps: [paymentRow(false, null)],
          practitionerConfirmed: false,
          patientConfirmed: false,
          complete: false,
        },
      }),
      'patient',
      { agreed: true, date: null, patientName: 'Jane Testpatient', responsibleParty: null },
    ],
    [
      'spec 3 §2 Patient/Responsible Party: a minor’s responsible party is named',
      ackOrder({
        patientInfo: patientInfo({
          nameFirst: 'Tim',
          responsibleNameFirst: 'Jane',
          responsibleNameLast: 'Testpatient',
        }),
      }),
      'patient',
      {
        agreed: true,
        date: '11/20/2026',
        patientName: 'Tim Testpatient',
        responsibleParty: 'Jane Testpatient',
      },
    ],
    [
      'no patient yet',
      ackOrder({ patientInfo: null }),
      'patient',
      { agreed: true, date: '11/20/2026', patientName: '', responsibleParty: null },
    ],
  ])('%s', (_spec, order, kind, expected) => {
    expect(acknowledgementRecord(order, kind)).toEqual(expected);
  });
});

describe('packingSlipLines (spec 3 §2: the packing slip lists the order’s lines)', () => {
  it('each requisition not canceled, with its number, product and quantity', () => {
    const order = {
      requisitions: [
        requisition({ reqNumber: '50012345', omsOrderableItemName: 'GI Effects', quantity: 2 }),
        requisition({ reqNumber: '50012399', omsOrderableItemName: 'Canceled one', canceled: true }),
        requisition({ reqNumber: null, omsOrderableItemName: 'Metabolomix+', quantity: 1 }),
      ],
    };
    expect(packingSlipLines(order)).toEqual([
      { reqNumber: '50012345', product: 'GI Effects', quantity: 2 },
      { reqNumber: '', product: 'Metabolomix+', quantity: 1 },
    ]);
  });
});

describe('packingSlipFormId (spec 3 §7 /packingslip/{orderFormId})', () => {
  it.each<[string, Pick<GearOrder, 'id' | 'orderFormId'>, string]>([
    ['the order form of the order', { id: 100001, orderFormId: 'OF-77' }, 'OF-77'],
    ['no order form yet: the confirmation code (order id)', { id: 100001, orderFormId: null }, '100001'],
    ['a blank order form reads as none', { id: 100002, orderFormId: ' ' }, '100002'],
  ])('%s', (_case, order, expected) => {
    expect(packingSlipFormId(order)).toBe(expected);
  });
});

describe('documentAccess (spec 3 §6: patient-side downloads need dateOfBirth)', () => {
  const order = { patientInfo: patientInfo() };
  it.each<[string, 'myGDX' | 'prc', string | null, 'allowed' | 'missing' | 'wrong']>([
    ['a practitioner needs no date of birth', 'myGDX', null, 'allowed'],
    ['a patient with the date of birth on the order', 'prc', '1985-04-12', 'allowed'],
    ['a patient without a date of birth', 'prc', null, 'missing'],
    ['a patient with another date of birth', 'prc', '1985-04-13', 'wrong'],
  ])('%s', (_case, type, dateOfBirth, expected) => {
    expect(documentAccess({ type }, dateOfBirth, order)).toBe(expected);
  });
  it('a patient cannot open a document of an order with no patient yet', () => {
    expect(documentAccess({ type: 'prc' }, '1985-04-12', { patientInfo: null })).toBe('wrong');
  });
});
