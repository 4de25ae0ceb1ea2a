import { MESSAGES } from '@gear/domain';
import type { MailMessage } from '../../adapters/mail/mailer.ts';

/** The address of the patient's link to their order (spec 3 §2 /connect/{id}: 'Welcome Back'). */
export const connectLinkOf = (publicUrl: string, orderId: number) => `${publicUrl}/connect/${orderId}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const HANDOFF_SUBJECT = 'Your laboratory test order is ready for you';

/**
 * The handoff email (docs/decisions/0091): the link to the order and nothing about the patient or their health: no
 * name, no date of birth, no test, no practitioner. Whoever opens the link proves the order with the date of birth.
 */
export function handoffEmail(input: {
  to: string;
  orderId: number;
  publicUrl: string;
  supportPhone: string;
  /** A pack is on its way to the patient (a drop-ship order): the email says when it arrives (spec 3 §9). */
  packShipsToPatient: boolean;
}): MailMessage {
  const link = connectLinkOf(input.publicUrl, input.orderId);
  const lines = [
    'Hello,',
    '',
    'Your healthcare provider has started a laboratory test order for you',
    'and asks you to review it and complete your information.',
    '',
    'Open your order:',
    link,
    '',
    'You will be asked for your date of birth before the order opens.',
    ...(input.packShipsToPatient ? ['', MESSAGES.packsArrive] : []),
    '',
    `Questions? Call us at ${input.supportPhone}.`,
    'If you were not expecting this email, you can ignore it.',
  ];
  const html = [
    '<!doctype html><html lang="en"><body>',
    '<p>Hello,</p>',
    '<p>Your healthcare provider has started a laboratory test order for you and asks you to review it and complete your information.</p>',
    `<p><a href="${escapeHtml(link)}">Open your order</a></p>`,
    '<p>You will be asked for your date of birth before the order opens.</p>',
    ...(input.packShipsToPatient ? [`<p>${MESSAGES.packsArrive}</p>`] : []),
    `<p>Questions? Call us at ${escapeHtml(input.supportPhone)}.<br>If you were not expecting this email, you can ignore it.</p>`,
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: HANDOFF_SUBJECT, text: lines.join('\n'), html };
}
