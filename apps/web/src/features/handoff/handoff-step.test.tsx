import type { GearOrder } from '@gear/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { focusedErrorSummary, summaryLink } from '../../test/error-summary.ts';
import { envelope, type Handler, json } from '../../test/fetch-mock.ts';
import { makeOrder, practitionerUser, workflowStep } from '../../test/fixtures.ts';
import { makeRequisition } from '../../test/panels-helpers.tsx';
import { renderApp } from '../../test/render-app.tsx';

const handoffOrder = (dropShip: boolean): GearOrder =>
  makeOrder({
    requisitions: [makeRequisition({ dropShip, shipToOffice: !dropShip })],
    containsDropShipRequisition: dropShip,
    containsShipToOfficeRequisition: !dropShip,
    patientInfo: null,
    workflow: {
      steps: [
        workflowStep(1, 'done'),
        workflowStep(2, 'done', 9),
        workflowStep(8, 'new'),
        workflowStep(12, 'new'),
      ],
      practitionerConfirmed: false,
      patientConfirmed: false,
      complete: false,
    },
  });

function openHandoff(order: GearOrder, handlers: Record<string, Handler> = {}) {
  return renderApp(`/order/${order.id}/handoff`, {
    user: practitionerUser,
    handlers: { [`GET /gear/order/${order.id}`]: () => json(order), ...handlers },
  });
}

const send = () => screen.getByRole('button', { name: 'Send Email' });
const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('handoff step (spec 3 §2 Patient Information handoff form, §5, §8)', () => {
  it('keeps Send Email disabled until email and date of birth are given, then emails the patient', async () => {
    const order = handoffOrder(false);
    const app = openHandoff(order, {
      [`POST /gear/order/${order.id}/handoff`]: (call) =>
        json({ gearOrder: order, email: (call.body as { email: string }).email }),
    });
    const { user } = app;
    await screen.findByRole('heading', { name: 'Patient Information' });
    expect(send()).toBeDisabled();
    await user.type(field(/Email/), 'jane@example.com');
    expect(send()).toBeDisabled();
    await user.type(field(/Date of birth/), '04/12/1985');
    expect(send()).toBeEnabled();
    await user.click(send());
    expect(await screen.findByText('Please provide a last name.')).toBeInTheDocument();
    // One way of showing errors (issue 15, decision 0322): a summary that takes the focus, each message a link.
    const summary = await focusedErrorSummary();
    await user.click(summaryLink(summary, 'Last name', 'Please provide a last name.'));
    expect(field(/Last name/)).toHaveFocus();
    expect(app.server.callsTo(`POST /gear/order/${order.id}/handoff`)).toHaveLength(0);

    await user.type(field(/Last name/), 'Testpatient');
    await user.click(send());
    // One of the page's live regions (the outage notice is another, decision 0154) says it.
    expect(await screen.findByText('The email was sent to jane@example.com.')).toBeVisible();
    expect(app.server.callsTo(`POST /gear/order/${order.id}/handoff`)[0]?.headers['if-match']).toBe(
      `"${order.version}"`,
    );
    // With an Idempotency-Key (decision 0200): a repeat after a lost answer replays the handoff, no second email.
    expect(app.server.callsTo(`POST /gear/order/${order.id}/handoff`)[0]?.headers['idempotency-key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(app.server.callsTo(`POST /gear/order/${order.id}/handoff`)[0]?.body).toEqual({
      dateOfBirth: '04/12/1985',
      nameLast: 'Testpatient',
      email: 'jane@example.com',
    });
    await expectAccessible(app.container);
  });

  it("asks a drop-ship order for the shipping method ('Please select a shipping method.') and sends it in the path", async () => {
    const order = handoffOrder(true);
    const app = openHandoff(order, {
      [`POST /gear/order/${order.id}/handoff/Second%20Day`]: () =>
        json({ gearOrder: order, email: 'a@b.co' }),
    });
    const { user } = app;
    await user.type(await screen.findByRole('textbox', { name: /Date of birth/ }), '04/12/1985');
    await user.type(field(/Last name/), 'Testpatient');
    await user.type(field(/Email/), 'a@b.co');
    await user.click(send());
    expect(await screen.findByText('Please select a shipping method.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: /Shipping method/ }), 'Second Day');
    await user.click(send());
    await waitFor(() =>
      expect(app.server.callsTo(`POST /gear/order/${order.id}/handoff/Second%20Day`)).toHaveLength(1),
    );
  });

  it("shows spec 3 §8's message when the email fails to send, and the date format message", async () => {
    const order = handoffOrder(false);
    const app = openHandoff(order, {
      [`POST /gear/order/${order.id}/handoff`]: () =>
        envelope(502, 'The email failed to send. Please verify the email address is correct.'),
    });
    const { user } = app;
    await user.type(await screen.findByRole('textbox', { name: /Date of birth/ }), '12/45/1985');
    await user.type(field(/Last name/), 'Testpatient');
    await user.type(field(/Email/), 'bounce@example.com');
    await user.click(send());
    expect(
      await screen.findByText('12/45/1985 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.'),
    ).toBeInTheDocument();
    await user.clear(field(/Date of birth/));
    await user.type(field(/Date of birth/), '04/12/1985');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email failed to send. Please verify the email address is correct.',
    );
  });
});
