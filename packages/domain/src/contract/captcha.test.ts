import { describe, expect, it } from 'vitest';
import { CAPTCHA_INVALID_MESSAGE } from '../messages.ts';
import {
  CAPTCHA_PAYLOAD_MAX_LENGTH,
  type CaptchaPayload,
  decodeCaptchaPayload,
  toBase64,
} from './captcha.ts';

const payload: CaptchaPayload = {
  challenge: {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      nonce: '0a'.repeat(16),
      salt: '1b'.repeat(16),
      cost: 100,
      keyLength: 32,
      keyPrefix: '2c'.repeat(16),
      keySignature: '3d'.repeat(32),
      expiresAt: 1_800_000_000,
    },
    signature: '4e'.repeat(32),
  },
  solution: { counter: 7, derivedKey: '5f'.repeat(32), time: 12.5 },
};
const encode = (value: unknown) => toBase64(JSON.stringify(value));
const withParameters = (change: Record<string, unknown>) =>
  encode({
    ...payload,
    challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, ...change } },
  });

describe('decodeCaptchaPayload (docs/decisions/0150; spec 3 §8 RecaptchaInvalidException)', () => {
  it('reads the widget payload: base64 of the JSON {challenge, solution}', () => {
    expect(decodeCaptchaPayload(encode(payload))).toEqual(payload);
  });

  it.each<[string, unknown]>([
    ['missing', undefined],
    ['null', null],
    ['not a string', 42],
    ['an object, not its base64', payload],
    ['empty', ''],
    ['not base64', 'not base64!'],
    ['base64 without its padding', encode(payload).replace(/=+$/, '') || 'x'],
    ['base64 of something not JSON', toBase64('hello')],
    ['JSON of another shape', encode({ challenge: 'x', solution: 'y' })],
    ["the widget's test mode", encode({ challenge: null, solution: null, test: true })],
    [
      'a v1 payload',
      encode({ algorithm: 'SHA-256', challenge: 'ab', number: 1, salt: 's', signature: 'cd', took: 1 }),
    ],
    ['another algorithm', withParameters({ algorithm: 'SHA-256' })],
    ['no key signature', withParameters({ keySignature: undefined })],
    ['no expiry', withParameters({ expiresAt: undefined })],
    ['a key that is not hexadecimal', encode({ ...payload, solution: { counter: 7, derivedKey: 'zz' } })],
    ['a negative counter', encode({ ...payload, solution: { ...payload.solution, counter: -1 } })],
    ['a counter beyond 32 bits', encode({ ...payload, solution: { ...payload.solution, counter: 2 ** 32 } })],
    ['too long', 'A'.repeat(CAPTCHA_PAYLOAD_MAX_LENGTH + 4)],
  ])('refuses a payload that is %s', (_case, value) => {
    expect(decodeCaptchaPayload(value)).toBeNull();
  });

  it('spec 3 §8: the message of a refused captcha, verbatim', () => {
    expect(CAPTCHA_INVALID_MESSAGE).toBe('Error verifying reCAPTCHA. Please try again.');
  });
});
