import { type GearOrder, reviewPhoneMessages } from '@gear/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { itemById } from '../../test/catalogue.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import {
  makePractitioner,
  patientUser,
  practitionerUser,
  TEST_PHONE,
  workflowThrough,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { averyPractitioner, orderWith540 } from '../../test/requisition-fixtures.ts';

const brooks = makePractitioner({
  gsdlNo: 'P1002',
  firstName: 'Sam',
  lastName: 'Brooks',
  degree: 'ND',
  authorizingDoctorGsdlNo: 'P1001',
});
const avery = { ...averyPractitioner, gsdlNo: 'P1001', authorizingDoctorGsdlNo: 'P1001' };

/** A patient registration awaiting the practitioner's agreement, everything but the review done. */
const registration = (overrides: Partial<GearOrder> = {}) =>
  orderWith540(
    { billingMethod: 'Physician Account', dropShip: false, shipToOffice: false },
    {
      practitioner: avery,
      patientRegistration: true,
      practAgreement: null,
      version: 7,
      workflow: workflowThrough(7),
      ...overrides,
    },
  );

const movedTo = (order: GearOrder, practitioner: typeof brooks): GearOrder => ({
  ...order,
  version: order.version + 1,
  practitioner,
});

function openReview(
  order: GearOrder,
  {
    user = patientUser,
    handlers = {},
  }: { user?: typeof patientUser; handlers?: Record<string, Handler> } = {},
) {
  return renderApp(user.type === 'prc' ? '/order/42/summary' : '/order/42/confirm', {
    user,
    handlers: {
      'GET /gear/order/42': () => json(order),
      'GET /gear/requisitions': () => json([{ id: 9, orderableItem: itemById(540) }]),
      'GET /gear/practitioner-options/42': () => json([avery, brooks]),
      ...handlers,
    },
  });
}

const practitionerSection = async () =>
  screen.findByRole('region', { name: 'Practitioner' }, { timeout: 10_000 });

describe('the practitioner change on the review (spec 3 §4 Practitioner change, §6, §8; decision 0111)', () => {
  it('a patient on a registration awaiting agreement changes practitioner; the version read goes in If-Match', async () => {
    const order = registration();
    const app = openReview(order, {
      handlers: { 'PUT /gear/order/42/change-practitioner/P1002': () => json(movedTo(order, brooks)) },
    });
    const section = await practitionerSection();
    const select = await within(section).findByRole('combobox', { name: 'Change practitioner' });
    const save = within(section).getByRole('button', { name: 'Save practitioner' });
    expect(save).toBeDisabled();
    fireEvent.change(select, { target: { value: 'P1002' } });
    fireEvent.click(save);
    expect(await within(section).findByText('✓ Changes saved')).toBeInTheDocument();
    const calls = app.server.callsTo('PUT /gear/order/42/change-practitioner/P1002');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['if-match']).toBe('"7"');
    expect(await within(section).findByText('Sam Brooks, ND', { selector: 'p' })).toBeInTheDocument();
    await expectAccessible(app.container);
  });

  it("spec 3 §8: a failed change shows 'An unexpected error has occurred. Please try again or call us …'", async () => {
    const order = registration();
    openReview(order, {
      handlers: {
        'PUT /gear/order/42/change-practitioner/P1002': () =>
          envelope(403, 'You are not allowed to do that.'),
      },
    });
    const section = await practitionerSection();
    fireEvent.change(await within(section).findByRole('combobox', { name: 'Change practitioner' }), {
      target: { value: 'P1002' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Save practitioner' }));
    // The failed save goes through the mutation's round trip: give a loaded machine more than the default second.
    expect(await within(section).findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      reviewPhoneMessages(TEST_PHONE).practitionerChangeFailed,
    );
    // The review may mount the section afresh after the failure (its order is read again): look it up each time.
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('region', { name: 'Practitioner' })).getByText(/Lovelace/, {
            selector: 'p',
          }),
        ).toBeInTheDocument(),
      // The order is read again before the section returns: on a loaded machine that can take longer than 15 s.
      { timeout: 40_000 },
    );
  }, 60_000);

  it.each<[string, Partial<GearOrder>, typeof patientUser]>([
    ['spec 3 §4: not once the practitioner agreed', { practAgreement: true }, patientUser],
    ['spec 3 §4: not without a patient registration', { patientRegistration: false }, patientUser],
    [
      'spec 3 §4: not for a practitioner on an ordinary order',
      { patientRegistration: false },
      practitionerUser,
    ],
  ])('%s', async (_spec, overrides, user) => {
    const order = registration(overrides);
    const app = openReview(order, { user });
    const section = await practitionerSection();
    expect(within(section).queryByRole('combobox', { name: 'Change practitioner' })).toBeNull();
    expect(app.server.callsTo('GET /gear/practitioner-options/42')).toHaveLength(0);
  });

  it('spec 3 §4: not offered when the patient has a single option', async () => {
    const order = registration();
    const app = openReview(order, { handlers: { 'GET /gear/practitioner-options/42': () => json([avery]) } });
    const section = await practitionerSection();
    await vi.waitFor(() => expect(app.server.callsTo('GET /gear/practitioner-options/42')).toHaveLength(1));
    expect(within(section).queryByRole('combobox', { name: 'Change practitioner' })).toBeNull();
  });
});
