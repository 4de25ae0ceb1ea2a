import { describe, expect, it } from 'vitest';
import { searchParts } from './patient.repository.ts';

describe('decision 0055: the ways a patient search can match (each word starts the last or the first name)', () => {
  it.each([
    {
      words: ['smi'],
      parts: [
        { last: 'smi', first: null },
        { last: null, first: 'smi' },
      ],
    },
    {
      words: ['mar', 'garc'],
      parts: [
        { last: 'garc', first: 'mar' },
        { last: 'mar', first: 'garc' },
      ],
    },
    {
      words: ['ma', 'mar'],
      parts: [
        { last: 'mar', first: null },
        { last: 'mar', first: 'ma' },
        { last: 'ma', first: 'mar' },
        { last: null, first: 'mar' },
      ],
    },
    { words: ['j', 's', 'm'], parts: [] },
  ])('$words', ({ words, parts }) => {
    expect(searchParts(words)).toEqual(expect.arrayContaining(parts));
    expect(searchParts(words)).toHaveLength(parts.length);
  });
});
