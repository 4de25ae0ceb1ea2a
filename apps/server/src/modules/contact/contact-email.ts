import type { ContactAudience } from '@gear/domain';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The message to support, as written, with who wrote it and how to reply (decision 0183). */
export function contactEmail(input: {
  to: string;
  audience: ContactAudience;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  signedInAs: string | null;
}): MailMessage {
  const from = input.audience === 'practitioner' ? 'a practitioner' : 'a patient';
  const facts = [
    `From: ${input.name} <${input.email}>`,
    `Phone: ${input.phone ?? 'not given'}`,
    `Page: contact page for ${input.audience}s${input.signedInAs ? ` (signed in as ${input.signedInAs})` : ''}`,
  ];
  return {
    to: input.to,
    subject: `Contact form: a message from ${from}`,
    text: [...facts, '', input.message].join('\n'),
    html: [
      '<!doctype html><html lang="en"><body>',
      ...facts.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
