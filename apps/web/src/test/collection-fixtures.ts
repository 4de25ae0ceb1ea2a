import type { GearOrder, InputField, InputFieldParam, OrderableItem, Requisition } from '@gear/domain';
import { gi540 } from './catalogue.ts';
import { json } from './fetch-mock.ts';
import { makeOrder, workflowThrough } from './fixtures.ts';
import { makeRequisition } from './panels-helpers.tsx';
import { renderApp } from './render-app.tsx';

const p = (name: string, value: string): InputFieldParam => ({ name, value });
const opts = (...list: [string, string][]) => list.map(([value, label]) => p(`option:${value}`, label));

/** A collection field as the seed writes it (apps/server/src/seed/catalogue-data.ts). */
export const collectionField = (
  id: number,
  name: string,
  type: string,
  params: InputFieldParam[] = [],
  disclaimer: string | null = null,
): InputField => ({
  id,
  name,
  inputType: 'Collection',
  cptCode: null,
  cptQuantity: null,
  displayOnly: false,
  gdxItemId: null,
  parentId: null,
  accessionKey: null,
  disclaimer,
  inputFieldParams: [p('type', type), p('required', 'true'), ...params],
});

export const STOOL_FIELDS = [
  collectionField(
    4001,
    'Sample Colour',
    'select',
    opts(['Green', 'Green'], ['Light Brown', 'Light Brown'], ['Brown', 'Brown'], ['Black', 'Black']),
  ),
  collectionField(
    4002,
    'Sample Consistency',
    'select',
    opts(
      ['Hard/Constipated', 'Hard/Constipated'],
      ['Formed/Normal', 'Formed/Normal'],
      ['Loose', 'Loose'],
      ['Watery/Diarrhea', 'Watery/Diarrhea'],
    ),
  ),
  collectionField(
    4003,
    'Specimen Collection',
    'radio',
    opts(['1-day', '1-Day Specimen Collection'], ['3-day', '3-Day Specimen Collection']),
  ),
];

const tube = (n: number) => {
  const params = [p('group', 'collectionTable'), p('placeholder', 'hh:mm')];
  if (n === 2) params.push(p('blankOn8TubePacks', 'true'));
  if (n >= 8) params.push(p('ignoredForPanel', '4710'));
  const when =
    n <= 2
      ? 'baseline, before the lactulose drink'
      : `${[20, 40, 60, 90, 120, 150, 180][n - 3]} minutes after the drink`;
  return collectionField(4050 + n, `Tube ${n}`, 'time', params, `Tube ${n}: ${when}.`);
};

export const SIBO_FIELDS = [
  collectionField(4050, 'Lactulose Drink Time', 'time', [p('group', 'collectionTable')]),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map(tube),
];

export const SALIVA_FIELDS = [
  collectionField(4030, 'Sample Hours', 'text', [p('maxLength', '32')]),
  ...[1, 2, 3, 4, 5].map((n) =>
    collectionField(4030 + n, `Collection Time ${n}`, 'time', [p('group', 'collectionTimes')]),
  ),
  collectionField(4012, 'First Morning Void', 'checkbox'),
  collectionField(4014, 'Urine Collection Time', 'time', [p('dependsOn', '4012=true')]),
  collectionField(4010, 'Total Urine Volume', 'number', [p('unit', 'mL'), p('min', '1'), p('max', '5000')]),
];

export const stoolItem: OrderableItem = { ...gi540, inputFields: [...gi540.inputFields, ...STOOL_FIELDS] };
export const siboItem: OrderableItem = {
  ...gi540,
  id: 215,
  name: 'SIBO Breath Test',
  mcrEligible: false,
  inputFields: SIBO_FIELDS,
};
export const salivaItem: OrderableItem = {
  ...gi540,
  id: 895,
  name: 'Menopause Plus',
  inputFields: SALIVA_FIELDS,
};

/**
 * An order with one requisition (id 9), a pack the patient has (Activate Online), and its steps: collection (5) not
 * started, patient (6) next. (A bulk order's packs have no collection step for the practitioner: decision 0325.)
 */
export const collectionOrder = (
  requisition: Partial<Requisition> = {},
  more: Partial<GearOrder> = {},
): GearOrder =>
  makeOrder({
    requisitions: [makeRequisition({ shipToOffice: false, dropShip: false, ...requisition })],
    containsShipToOfficeRequisition: false,
    workflow: workflowThrough(4),
    ...more,
  });

/** The order as saved: step 5 completed and the version bumped. */
export const afterCollection = (order: GearOrder): GearOrder => ({
  ...order,
  version: order.version + 1,
  workflow: {
    ...order.workflow,
    steps: order.workflow.steps.map((row) =>
      row.id === 5
        ? { ...row, completed: true, notStarted: false, status: { id: 3, name: 'Completed' } }
        : row,
    ),
  },
});

/** The whole app on the collection step of an order, with the product of its requisition. */
export function openCollection(
  order: GearOrder,
  item: OrderableItem,
  options: Parameters<typeof renderApp>[1] = {},
  url = `/order/${order.id}/collection/9`,
) {
  return renderApp(url, {
    ...options,
    handlers: {
      'GET /mygdx/account/JWT/prc': () => json({ token: 'token-prc', expiresIn: 300 }),
      [`GET /gear/order/${order.id}`]: () => json(order),
      'GET /gear/requisitions': () => json([{ id: 9, orderableItem: item }]),
      'PUT /gear/sampleCollection': () => json(afterCollection(order)),
      ...options.handlers,
    },
  });
}
