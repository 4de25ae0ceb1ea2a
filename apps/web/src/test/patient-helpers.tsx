import type { GearOrder, PatientInfo, Requisition, UserInfo } from '@gear/domain';
import { patientInfo } from '@gear/domain/test-support';
import { screen } from '@testing-library/react';
import type { Handler } from './fetch-mock.ts';
import { json } from './fetch-mock.ts';
import { makeOrder, practitionerUser, workflowThrough } from './fixtures.ts';
import { renderApp } from './render-app.tsx';
import { requisitionOf540 } from './requisition-fixtures.ts';

export { patientUser } from './fixtures.ts';

/** A requisition with the fields the patient and insurance steps read: the shared GI Effects 3-day one. */
export const requisition = requisitionOf540;

/** An order on its patient step: steps 1 to 5 done, patient (6) and insurance (7) to do. */
export const orderOnPatientStep = (
  overrides: Partial<GearOrder> = {},
  req: Partial<Requisition> = {},
): GearOrder =>
  makeOrder({
    requisitions: [requisition(req)],
    containsDropShipRequisition: req.dropShip ?? true,
    containsRegistrationRequisition: req.dropShip === false,
    shippingMethod: 'FedEx Ground',
    attachments: {},
    workflow: workflowThrough(5),
    ...overrides,
  });

export const jane: PatientInfo = patientInfo({
  email: 'jane.testpatient@example.com',
  voicePhone: '+18285550199',
  chartNumber: 'C10001',
  source: 'EMR',
  addresses: [
    {
      type: 'shipping',
      address1: '12 Haywood Road',
      address2: null,
      city: 'Asheville',
      state: 'NC',
      zipCode: '28806',
      country: 'United States',
      county: null,
      voicePhone: '+18285550199',
      alternatePhone: null,
      schoolDistrict: null,
    },
  ],
});

/** The app on a step of an order the server holds (GET /gear/order/{id} answers it). */
export function openStep(
  step: 'patient' | 'insurance',
  order: GearOrder,
  options: { user?: UserInfo; handlers?: Record<string, Handler> } = {},
) {
  return renderApp(`/order/${order.id}/${step}`, {
    user: options.user ?? practitionerUser,
    handlers: { [`GET /gear/order/${order.id}`]: () => json(order), ...options.handlers },
  });
}

export const nextButton = () => screen.getByRole('button', { name: 'Next' });
