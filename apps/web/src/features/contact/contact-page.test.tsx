import { CONTACT_MESSAGES } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '../../test/axe.ts';
import { envelope, json } from '../../test/fetch-mock.ts';
import { practitionerUser, TEST_PHONE } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

// The captcha widget is the captcha module's (tested there); here a checkbox gives its payload.
vi.mock('../../components/captcha-field.tsx', () => import('../../test/captcha-field-stub.tsx'));

const contactHandlers = {
  'GET /api/contact': () => json({ supportPhone: TEST_PHONE, supportHours: 'Weekdays 9 to 5' }),
  'POST /api/contact/message': () => json({ message: CONTACT_MESSAGES.sent }),
};

describe('the contact pages (decision 0183)', () => {
  it('/contact/providers#contact-us: the phone, the hours, focus on the form; the rules, then the message is sent', async () => {
    const app = renderApp('/contact/providers#contact-us', { user: null, handlers: contactHandlers });
    const formHeading = await screen.findByRole('heading', { level: 2, name: 'Send us a message' });
    await waitFor(() => expect(formHeading).toHaveFocus());
    expect(screen.getByRole('link', { name: TEST_PHONE })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
    expect(await screen.findByTestId('support-hours')).toHaveTextContent('Weekdays 9 to 5');
    await expectAccessible(app.container);

    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_MESSAGES.captchaRequired)).toBeInTheDocument();
    expect(app.server.callsTo('POST /api/contact/message')).toHaveLength(0);
    // The one error summary (decision 0332): at the top of the form, focused, each message a link to its field.
    const summary = screen.getByRole('alert', { name: 'Please correct the following' });
    await waitFor(() => expect(summary.parentElement).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      `Name: ${CONTACT_MESSAGES.nameRequired}`,
      `Email: ${CONTACT_MESSAGES.emailInvalid}`,
      `Message: ${CONTACT_MESSAGES.messageRequired}`,
      `Verification: ${CONTACT_MESSAGES.captchaRequired}`,
    ]);
    await app.user.click(links[0] as HTMLElement);
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus();

    await app.user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Jane Testpatient');
    await app.user.type(screen.getByRole('textbox', { name: /^Email/ }), 'jane@example.com');
    await app.user.type(screen.getByRole('textbox', { name: /^Message/ }), 'When does my pack arrive?');
    await app.user.click(screen.getByRole('checkbox', { name: /not a robot/ }));
    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.sent)).toBeInTheDocument();
    expect(app.server.callsTo('POST /api/contact/message')[0]?.body).toEqual({
      audience: 'patient',
      name: 'Jane Testpatient',
      email: 'jane@example.com',
      phone: null,
      message: 'When does my pack arrive?',
      recaptcha: expect.stringMatching(/^solution-/),
    });
  }, 60_000);

  it('/mygdx/contact: a signed-in practitioner writes without the captcha; a refusal is shown', async () => {
    const app = renderApp('/mygdx/contact', {
      user: practitionerUser,
      handlers: {
        ...contactHandlers,
        'POST /api/contact/message': () => envelope(502, CONTACT_MESSAGES.sendFailed),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /not a robot/ })).toBeNull();
    await app.user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Dr Avery');
    await app.user.type(screen.getByRole('textbox', { name: /^Email/ }), 'avery@example.com');
    await app.user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Please call me.');
    await app.user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(CONTACT_MESSAGES.sendFailed)).toBeInTheDocument();
    expect(app.server.callsTo('POST /api/contact/message')[0]?.body).toMatchObject({
      audience: 'practitioner',
    });
  });
});
