import { describe, expect, it } from 'vitest';
import { COLLECTION_INSTRUCTION_DEVICES } from './devices.ts';
import { COLLECTION_INSTRUCTION_DEVICE_COUNT } from './options.ts';

describe('COLLECTION_INSTRUCTION_DEVICES', () => {
  it('spec 2 §9: 11 labelled devices, each labelled once (A to K)', () => {
    expect(COLLECTION_INSTRUCTION_DEVICES).toHaveLength(COLLECTION_INSTRUCTION_DEVICE_COUNT);
    expect(COLLECTION_INSTRUCTION_DEVICES.map((device) => device.label).join('')).toBe('ABCDEFGHIJK');
  });
});
