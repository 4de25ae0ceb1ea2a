import { describe, expect, it } from 'vitest';
import { handoffBodySchema } from './handoff.ts';

describe('handoffBodySchema', () => {
  it.each<[string, unknown, boolean]>([
    ['the patient info fields', { dateOfBirth: '1985-04-12', nameLast: 'A', email: 'a@b.co' }, true],
    ['other patientInfo fields are ignored', { nameFirst: 'Jane', email: null }, true],
    ['a NUL character is refused', { nameLast: 'a\u0000b' }, false],
    ['broken Unicode (a lone surrogate) is refused', { nameLast: 'a\uD800b' }, false],
    ['a number is not text', { email: 5 }, false],
  ])('%s', (_case, body, ok) => {
    expect(handoffBodySchema.safeParse(body).success).toBe(ok);
  });
});
