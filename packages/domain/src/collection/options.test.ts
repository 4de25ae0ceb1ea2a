import { describe, expect, it } from 'vitest';
import { SAMPLE_COLOURS, SAMPLE_CONSISTENCIES } from './options.ts';

describe('collection options', () => {
  it.each<[string, readonly string[], string[]]>([
    ['spec 2 §3: sample colours', SAMPLE_COLOURS, ['Green', 'Light Brown', 'Brown', 'Black']],
    [
      'spec 2 §3: consistencies',
      SAMPLE_CONSISTENCIES,
      ['Hard/Constipated', 'Formed/Normal', 'Loose', 'Watery/Diarrhea'],
    ],
  ])('%s', (_spec, options, expected) => {
    expect(options).toEqual(expected);
  });
});
