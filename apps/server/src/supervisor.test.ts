import { describe, expect, it } from 'vitest';
import { restartDelayMs } from './supervisor.ts';

// Issue 21 §5 (docs/decisions/0157).
describe('issue 21 §5: restart back-off', () => {
  it.each([
    [1, 500],
    [2, 1000],
    [3, 2000],
    [6, 16_000],
    [7, 30_000],
    [20, 30_000],
  ])('after %i quick deaths in a row, waits %i ms', (failures, ms) => {
    expect(restartDelayMs(failures)).toBe(ms);
  });
});
