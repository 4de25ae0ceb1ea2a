import { CAPTCHA_INVALID_MESSAGE, CONTACT_MESSAGES } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { solvedCaptcha } from '../../test/captcha.ts';
import { expectEnvelope, ok, useSignIns, useTestApp } from '../../test/helper.ts';
import { useSmtpReceiver } from '../../test/smtp-receiver.ts';

const smtp = useSmtpReceiver();
const ctx = useTestApp(() => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Gear portal <portal@example.test>',
  SUPPORT_EMAIL: 'help@lab.example.test',
  SUPPORT_HOURS: 'Weekdays 9 to 5',
}));
const as = useSignIns(ctx, { avery: 'dr.avery' });

const message = {
  audience: 'patient',
  name: 'Jane Testpatient',
  email: 'jane.contact@example.com',
  phone: null,
  message: 'When will my collection pack arrive?',
};
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/contact/message', headers, payload: payload as object });
const toSupport = () => smtp.received.filter((mail) => mail.to.includes('help@lab.example.test'));

describe('the contact pages (decision 0183)', () => {
  it('GET /api/contact: the support phone and hours from configuration', async () => {
    const answer = ok<{ supportPhone: string; supportHours: string }>(
      await ctx.app.inject({ method: 'GET', url: '/api/contact' }),
    );
    expect(answer).toEqual({ supportPhone: '800-522-4762', supportHours: 'Weekdays 9 to 5' });
  });

  it('a patient with a solved captcha mails support through SMTP; the solution is not accepted twice', async () => {
    const before = toSupport().length;
    const recaptcha = await solvedCaptcha(ctx.app);
    const response = await post({ ...message, recaptcha });
    expect(ok<{ message: string }>(response).message).toBe(CONTACT_MESSAGES.sent);
    expect(response.headers['cache-control']).toBe('no-store');
    const mails = toSupport();
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.raw).toContain('jane.contact@example.com');
    expect(mails.at(-1)?.raw).toContain('When will my collection pack arrive?');
    expectEnvelope(await post({ ...message, recaptcha }), 400, CAPTCHA_INVALID_MESSAGE);
  });

  it('a signed-in practitioner needs no captcha', async () => {
    const response = await post(
      { ...message, audience: 'practitioner', email: 'avery@example.com' },
      as.avery.headers,
    );
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refusals: no captcha, the rules with their messages, what is not text, huge input', async () => {
    expectEnvelope(await post(message), 400, CAPTCHA_INVALID_MESSAGE);
    const invalid = expectEnvelope(
      await post({ ...message, name: ' ', email: 'x@' }),
      400,
      CONTACT_MESSAGES.nameRequired,
    );
    expect(invalid.errors).toEqual([
      { field: 'name', defaultMessage: CONTACT_MESSAGES.nameRequired },
      { field: 'email', defaultMessage: CONTACT_MESSAGES.emailInvalid },
    ]);
    for (const bad of [
      { ...message, message: 'a\u0000b' },
      { ...message, name: '\uD800' },
      { ...message, audience: 'robot' },
      { ...message, message: 'x'.repeat(1_000_000) },
    ])
      expect((await post(bad)).statusCode).toBe(400);
  });
});
