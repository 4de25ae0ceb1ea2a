import { z } from 'zod';
import type { FieldError } from '../contract/errors.ts';
import { storableText } from '../contract/values.ts';

/** The contact pages' message form (spec 3 §2 'Other links used: /mygdx/contact, /contact, /contact/providers'). */
export const CONTACT_LIMITS = { name: 100, email: 100, phone: 20, message: 2000 } as const;

/** Ours (decision 0183): the spec names the pages, not their words. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name.',
  emailInvalid: 'Please enter a valid email address.',
  messageRequired: 'Please enter your message.',
  tooLong: (label: string, max: number) => `${label} may be at most ${max} characters.`,
  captchaRequired: 'Please confirm that you are not a robot.',
  sent: 'Thank you. Your message has been sent; we will reply by email.',
  sendFailed: 'Your message could not be sent. Please try again or call us.',
} as const;

export const CONTACT_AUDIENCES = ['practitioner', 'patient'] as const;
export type ContactAudience = (typeof CONTACT_AUDIENCES)[number];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const typed = (max: number) =>
  storableText.pipe(z.string().max(max * 2)).refine((text) => !LONE_SURROGATE.test(text));

/** The body of POST /api/contact/message: what refuses to be text is a 400; the rules below give the messages. */
export const contactMessageBodySchema = z.object({
  audience: z.enum(CONTACT_AUDIENCES),
  name: typed(CONTACT_LIMITS.name),
  email: typed(CONTACT_LIMITS.email),
  phone: typed(CONTACT_LIMITS.phone).nullish(),
  message: typed(CONTACT_LIMITS.message),
  recaptcha: z.string().max(10_000).nullish(),
});
export type ContactMessageBody = z.infer<typeof contactMessageBodySchema>;

export const contactMessageResponseSchema = z
  .object({ message: z.string() })
  .meta({ id: 'ContactMessageSent' });

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's rules: name, a valid email and a message are required, each within its limit; the phone is optional. */
export function validateContactMessage(
  form: Pick<ContactMessageBody, 'name' | 'email' | 'phone' | 'message'>,
): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, defaultMessage: string) => errors.push({ field, defaultMessage });
  const name = form.name.trim();
  if (name === '') add('name', CONTACT_MESSAGES.nameRequired);
  else if (name.length > CONTACT_LIMITS.name)
    add('name', CONTACT_MESSAGES.tooLong('Name', CONTACT_LIMITS.name));
  const email = form.email.trim();
  if (!EMAIL.test(email) || email.length > CONTACT_LIMITS.email) add('email', CONTACT_MESSAGES.emailInvalid);
  const phone = (form.phone ?? '').trim();
  if (phone.length > CONTACT_LIMITS.phone)
    add('phone', CONTACT_MESSAGES.tooLong('Phone', CONTACT_LIMITS.phone));
  const message = form.message.trim();
  if (message === '') add('message', CONTACT_MESSAGES.messageRequired);
  else if (message.length > CONTACT_LIMITS.message)
    add('message', CONTACT_MESSAGES.tooLong('Message', CONTACT_LIMITS.message));
  return errors;
}
