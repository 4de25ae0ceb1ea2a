import { describe, expect, it } from 'vitest';
import { restartDelayMs, workerCountOf } from './supervisor.ts';

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

describe('issue 21 §5: WEB_CONCURRENCY', () => {
  it.each([
    [undefined, false, 1],
    ['', false, 1],
    ['4', false, 4],
    ['4', true, 1],
    ['64', false, 64],
  ])('%j (embedded %j) runs %i workers', (value, embedded, count) => {
    expect(workerCountOf(value, embedded)).toBe(count);
  });

  it.each(['0', '65', '2.5', 'two', '-1'])('%j is refused with the setting named', (value) => {
    expect(() => workerCountOf(value, false)).toThrow('WEB_CONCURRENCY must be a whole number from 1 to 64.');
  });
});
