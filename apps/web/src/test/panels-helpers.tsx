import type { GearOrder, Requisition, UserInfo } from '@gear/domain';
import { screen, within } from '@testing-library/react';
import { catalogueLists, catalogueRequisition, itemById } from './catalogue.ts';
import { envelope, type Handler, json } from './fetch-mock.ts';
import { makeOrder, practitionerUser, workflowThrough } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { requisitionOf540 } from './requisition-fixtures.ts';

export { patientUser } from './fixtures.ts';

/** A requisition on an order, with the fields the panels step reads. */
export const makeRequisition = (overrides: Partial<Requisition> = {}): Requisition =>
  requisitionOf540({ components: [5401, 5404, 5405, 5406], ...overrides });

/** The order the server answers after a save: requisition 9 with its own steps (next: billing for requisition 9). */
export const savedWithRequisition = (requisition: Partial<Requisition> = {}): GearOrder =>
  makeOrder({
    requisitions: [makeRequisition(requisition)],
    workflow: workflowThrough(2, [1, 2, 3, 4, 6, 8, 14]),
  });

/** The catalogue answer for a product chosen from the catalogue (id null). */
export const reqByItem: Handler = (call) => {
  const id = Number(new URLSearchParams(call.search).get('orderableItemId'));
  const item = itemById(id);
  return item ? json(catalogueRequisition(item)) : envelope(404, 'Not Found');
};

/** GET /gear/requisitionById for the order's requisitions: the product of each, without a pack. */
const requisitionById =
  (order: GearOrder): Handler =>
  (call) => {
    const id = Number(new URLSearchParams(call.search).get('gearReqId'));
    const requisition = order.requisitions.find((r) => r.id === id);
    if (!requisition) return envelope(404, 'Not Found');
    const { reqNumber, activationCode, paperless } = requisition;
    const item = itemById(requisition.omsOrderableItemId);
    return json({ omsRequisition: catalogueRequisition(item, { reqNumber, activationCode, paperless }) });
  };

export interface OpenPanelsOptions {
  user?: UserInfo;
  order?: GearOrder;
  handlers?: Record<string, Handler>;
}

/** The whole app on /order/42/panels (or url) with a practitioner's order and the test catalogue. */
export function openPanels(url = '/order/42/panels', options: OpenPanelsOptions = {}) {
  const order = options.order ?? makeOrder();
  const user = options.user ?? practitionerUser;
  const gsdl = order.practitioner?.gsdlNo ?? 'P1001';
  return renderApp(url, {
    user,
    handlers: {
      'GET /mygdx/account/JWT/prc': () => json({ token: 'token-prc', expiresIn: 300 }),
      [`GET /gear/order/${order.id}`]: () => json(order),
      [`GET /gear/practitioner/${gsdl}/orderableItems`]: () => json(catalogueLists()),
      'GET /gear/requisition/getReqByOrderableItem': reqByItem,
      'GET /gear/requisitionById': requisitionById(order),
      [`GET /gear/practitioner/${gsdl}/previousInstructions/540`]: () => json([]),
      [`GET /gear/practitioner/${gsdl}/previousInstructions/617`]: () => json([]),
      'PUT /gear/log/info': () => new Response(null, { status: 204 }),
      ...options.handlers,
    },
  });
}

export const nextButton = () => screen.getByRole('button', { name: 'Next' });
export const region = (name: string) => within(screen.getByRole('region', { name: new RegExp(`^${name}`) }));
/**
 * The product list of an accordion section, once rendered (Mantine renders a section's content in a React Activity,
 * which may commit a moment after the section opens).
 */
export const section = async (name: string) => within(await screen.findByRole('list', { name }));
export const orderTypeButton = (name: string) => screen.findByRole('button', { name });
