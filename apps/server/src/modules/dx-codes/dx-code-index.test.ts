import { describe, expect, it } from 'vitest';
import { DxCodeIndex } from './dx-code-index.ts';

const index = new DxCodeIndex([
  { code: 'K58.9', description: 'Irritable bowel syndrome without diarrhea' },
  { code: 'K58.0', description: 'Irritable bowel syndrome with diarrhea' },
  { code: 'R19.7', description: 'Diarrhea, unspecified' },
  { code: 'S72.001A', description: 'Fracture of unspecified part of neck of right femur, initial encounter' },
  { code: 'S72.002A', description: 'Fracture of unspecified part of neck of left femur, fractured again' },
  { code: 'E55.9', description: 'Vitamin D deficiency, unspecified' },
]);

const codes = (term: string, limit?: number) => index.search(term, limit).results.map((r) => r.code);

describe('DxCodeIndex (decision 0010)', () => {
  it('matches every query word at the start of a description word, in code order', () => {
    expect(codes('diarrhea')).toEqual(['K58.0', 'K58.9', 'R19.7']);
    expect(codes('irrit diarr')).toEqual(['K58.0', 'K58.9']);
    expect(codes('left femur')).toEqual(['S72.002A']);
    expect(codes('arrhea')).toEqual([]);
    expect(codes('unspecified fract')).toEqual(['S72.001A', 'S72.002A']);
  });

  it('counts an entry once when several of its words match one query word', () => {
    expect(index.search('fract')).toEqual({
      results: [
        { code: 'S72.001A', name: expect.any(String) },
        { code: 'S72.002A', name: expect.any(String) },
      ],
      omittedResults: 0,
    });
  });

  it('keeps the first results by code order under the limit and counts the others', () => {
    expect(index.search('unspecified', 2)).toEqual({
      results: [
        { code: 'E55.9', name: 'Vitamin D deficiency, unspecified' },
        { code: 'R19.7', name: 'Diarrhea, unspecified' },
      ],
      omittedResults: 2,
    });
  });

  it('gives the same answers however many searches ran before (the marks are reused)', () => {
    const first = [codes('diarrhea'), codes('irrit diarr'), codes('femur right')];
    for (let i = 0; i < 1000; i++) codes(i % 2 ? 'of neck' : 'vitamin unspecified');
    expect([codes('diarrhea'), codes('irrit diarr'), codes('femur right')]).toEqual(first);
    expect(codes('femur right')).toEqual(['S72.001A']);
  });

  it('searches by code prefix with or without the dot', () => {
    expect(codes('K58')).toEqual(['K58.0', 'K58.9']);
    expect(codes('s72.00')).toEqual(['S72.001A', 'S72.002A']);
    expect(codes('S72002')).toEqual(['S72.002A']);
  });
});
