import type { GearOrder, Requisition } from '@gear/domain';
import { requisition } from '@gear/domain/test-support';
import { itemById } from './catalogue.ts';
import { makeOrder, makePractitioner, workflowThrough } from './fixtures.ts';

/** A requisition of GI Effects 3-day (540) on an order, as the server answers it. */
export const requisitionOf540 = (overrides: Partial<Requisition> = {}): Requisition =>
  requisition({
    id: 9,
    reqNumber: null,
    activationCode: null,
    omsOrderableItemName: 'GI Effects Comprehensive Profile - Stool (3-day)',
    omsOrderableItemCategory: 'Gastrointestinal',
    panel: 5400,
    dropShip: true,
    ...overrides,
  });

/** Dana Avery's office: every billing method (spec 1 §6), Asheville NC (the out-of-pocket range is shown). */
export const averyPractitioner = makePractitioner({
  billingMethods: ['Client', 'Insurance', 'Patient', 'Medicare'],
});

/** Order 42 with requisition 9 (540) past panel selection: billing, dxCodes and collection still to do. */
export const orderWith540 = (
  requisition: Partial<Requisition> = {},
  overrides: Partial<GearOrder> = {},
): GearOrder =>
  makeOrder({
    practitioner: averyPractitioner,
    requisitions: [requisitionOf540(requisition)],
    workflow: workflowThrough(2),
    ...overrides,
  });

/** GI Effects 3-day with the diagnosis-code checklist of the demo catalogue. */
export const product540WithCodes = () => ({
  ...itemById(540),
  diagnosisCodes: [
    { code: 'K58.0', name: 'Irritable bowel syndrome with diarrhea' },
    { code: 'K58.1', name: 'Irritable bowel syndrome with constipation' },
    { code: 'R19.7', name: 'Diarrhea, unspecified' },
  ],
});
