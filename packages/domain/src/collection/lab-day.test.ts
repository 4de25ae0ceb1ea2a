import { describe, expect, it } from 'vitest';
import { calendarDateInTimeZone, LAB_TIME_ZONE, labToday } from './lab-day.ts';

describe('labToday', () => {
  it.each<[string, string, string]>([
    [
      'decision 0030: 03:59 UTC is still the evening before in the lab (EST, UTC-5)',
      '2026-03-06T03:59:00Z',
      '2026-03-05',
    ],
    ['decision 0030: 05:00 UTC is the lab’s midnight in winter', '2026-03-06T05:00:00Z', '2026-03-06'],
    ['decision 0030: summer time (EDT, UTC-4)', '2026-07-01T03:30:00Z', '2026-06-30'],
    ['decision 0030: midday', '2026-07-01T16:00:00Z', '2026-07-01'],
  ])('%s', (_rule, instant, expected) => {
    expect(labToday(new Date(instant))).toBe(expected);
  });

  it('decision 0030: the lab is on Eastern time (spec 2 §9 cutoffs are ET)', () => {
    expect(LAB_TIME_ZONE).toBe('America/New_York');
    expect(calendarDateInTimeZone(new Date('2026-01-01T00:30:00Z'), 'UTC')).toBe('2026-01-01');
  });
});
