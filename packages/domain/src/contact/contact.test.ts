import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, contactMessageBodySchema, validateContactMessage } from './contact.ts';

const form: { name: string; email: string; phone: string | null; message: string } = {
  name: 'Jane Testpatient',
  email: 'jane@example.com',
  phone: null,
  message: 'When will my pack arrive?',
};

describe('the contact form (spec 3 §2 contact pages; decision 0183)', () => {
  it.each<[string, Partial<typeof form>, Record<string, string>]>([
    ['complete', {}, {}],
    ['no name', { name: '  ' }, { name: CONTACT_MESSAGES.nameRequired }],
    ['name of 101', { name: 'a'.repeat(101) }, { name: 'Name may be at most 100 characters.' }],
    ['email without a domain', { email: 'jane@' }, { email: CONTACT_MESSAGES.emailInvalid }],
    ['phone of 21', { phone: '1'.repeat(21) }, { phone: 'Phone may be at most 20 characters.' }],
    ['no message', { message: '' }, { message: CONTACT_MESSAGES.messageRequired }],
    [
      'message of 2001',
      { message: 'x'.repeat(2001) },
      { message: 'Message may be at most 2000 characters.' },
    ],
  ])('%s', (_name, overrides, expected) => {
    const errors = validateContactMessage({ ...form, ...overrides });
    expect(Object.fromEntries(errors.map((error) => [error.field, error.defaultMessage]))).toEqual(expected);
  });

  it.each([
    ['a NUL', { message: 'a\u0000b' }],
    ['a lone surrogate', { name: '\uD800' }],
    ['an unknown audience', { audience: 'robot' }],
    ['a huge message', { message: 'x'.repeat(100_000) }],
  ])('the body schema refuses %s', (_name, overrides) =>
    expect(contactMessageBodySchema.safeParse({ audience: 'patient', ...form, ...overrides }).success).toBe(
      false,
    ),
  );
});
