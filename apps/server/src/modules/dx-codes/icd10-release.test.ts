import { describe, expect, it } from 'vitest';
import { parseOrderFile } from './icd10-release.ts';

const line = (order: string, code: string, billable: '0' | '1', short: string, long: string) =>
  `${order.padStart(5, '0')} ${code.padEnd(7)} ${billable} ${short.padEnd(60)} ${long}`;

describe('parseOrderFile (CMS icd10cm_order file layout)', () => {
  it('reads code, billable flag and both descriptions, inserting the dot', () => {
    const text = [
      line('1', 'K58', '0', 'Irritable bowel syndrome', 'Irritable bowel syndrome'),
      line(
        '2',
        'K580',
        '1',
        'Irritable bowel syndrome with diarrhea',
        'Irritable bowel syndrome with diarrhea',
      ),
      '',
    ].join('\r\n');
    expect(parseOrderFile(text)).toEqual([
      {
        code: 'K58',
        billable: false,
        shortDescription: 'Irritable bowel syndrome',
        description: 'Irritable bowel syndrome',
      },
      {
        code: 'K58.0',
        billable: true,
        shortDescription: 'Irritable bowel syndrome with diarrhea',
        description: 'Irritable bowel syndrome with diarrhea',
      },
    ]);
  });

  it('refuses a file that is not a CMS order file', () => {
    expect(() => parseOrderFile('code,description\nK58.0,Irritable bowel syndrome with diarrhea')).toThrow(
      /Not a CMS ICD-10-CM order file line/,
    );
  });
});
