import { describe, expect, it } from 'vitest';
import { isEightTubePack, siboTubeCount, siboTubeOffsetMinutes, siboTubeTimes } from './sibo.ts';

describe('siboTubeOffsetMinutes', () => {
  it.each<[string, number, number | null]>([
    ['spec 1 §9: tube 1 is a baseline, before the drink', 1, 0],
    ['spec 1 §9: tube 2 is a baseline, before the drink', 2, 0],
    ['spec 1 §9: tube 3 is 20 minutes after the drink', 3, 20],
    ['spec 1 §9: 20 minutes between tubes 3 to 5 (tube 4)', 4, 40],
    ['spec 1 §9: 20 minutes between tubes 3 to 5 (tube 5)', 5, 60],
    ['spec 1 §9: 30 minutes between later tubes (tube 6)', 6, 90],
    ['spec 1 §9: tube 7', 7, 120],
    ['spec 1 §9: tube 8', 8, 150],
    ['spec 1 §9: tube 9', 9, 180],
    ['spec 1 §9: there is no tube 10', 10, null],
    ['spec 1 §9: there is no tube 0', 0, null],
  ])('%s', (_spec, tube, expected) => {
    expect(siboTubeOffsetMinutes(tube)).toBe(expected);
  });
});

describe('siboTubeTimes', () => {
  it('spec 1 §9: the 3-hour test, drink at 07:00', () => {
    expect(siboTubeTimes('07:00', 4700)).toEqual([
      { tube: 3, time: '07:20' },
      { tube: 4, time: '07:40' },
      { tube: 5, time: '08:00' },
      { tube: 6, time: '08:30' },
      { tube: 7, time: '09:00' },
      { tube: 8, time: '09:30' },
      { tube: 9, time: '10:00' },
    ]);
  });

  it('spec 2 §5: the 2-hour panel 4710 stops at tube 7', () => {
    expect(siboTubeTimes('7:05', 4710)?.map((entry) => entry.time)).toEqual([
      '07:25',
      '07:45',
      '08:05',
      '08:35',
      '09:05',
    ]);
  });

  it('spec 1 §9: times past midnight wrap', () => {
    expect(siboTubeTimes('22:30', null)?.at(-1)).toEqual({ tube: 9, time: '01:30' });
  });

  it.each(['', '7', '24:00', '07:60', '7:00 AM'])('spec 1 §9: %s is not a drink time', (drinkTime) => {
    expect(siboTubeTimes(drinkTime, null)).toBeNull();
  });
});

describe('siboTubeCount and isEightTubePack', () => {
  it.each<[string, number | null, number]>([
    ['spec 2 §5: panel 4710 ignores tubes 8 and 9', 4710, 7],
    ['spec 2 §5: the 3-hour panel has 9 tubes', 4700, 9],
    ['spec 2 §5: no panel yet', null, 9],
  ])('%s', (_spec, panel, expected) => {
    expect(siboTubeCount(panel)).toBe(expected);
  });

  it.each<[string, string | null, boolean]>([
    ['spec 1 §9: the limit itself is an 8-tube pack', '72406515', true],
    ['spec 1 §9: a later pack (demo pack 72406600)', '72406600', true],
    ['spec 1 §9: one below the limit', '72406514', false],
    ['spec 1 §9: an older pack (demo pack 50012347)', '50012347', false],
    ['spec 1 §9: no requisition number', null, false],
    ['spec 1 §9: not a number', 'C565591369', false],
  ])('%s', (_spec, reqNumber, expected) => {
    expect(isEightTubePack(reqNumber)).toBe(expected);
  });
});
