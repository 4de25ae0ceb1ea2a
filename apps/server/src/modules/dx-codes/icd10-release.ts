import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatDxCode } from '@gear/domain';
import { unzipSync } from 'fflate';

/** One row of the CMS order file: columns 1-5 order number, 7-13 code, 15 billable, 17-76 short, 78- long. */
export interface Icd10Row {
  code: string;
  billable: boolean;
  shortDescription: string;
  description: string;
}

export interface Icd10Release {
  release: string;
  rows: Icd10Row[];
}

const ORDER_FILE = /icd10cm_order_(\d{4})\.txt$/;

export function parseOrderFile(text: string): Icd10Row[] {
  const rows: Icd10Row[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.length < 17) continue;
    const code = line.slice(6, 13).trim();
    const flag = line.charAt(14);
    if (!/^[A-Z][0-9A-Z]{2,6}$/.test(code) || (flag !== '0' && flag !== '1')) {
      throw new Error(`Not a CMS ICD-10-CM order file line: ${line.slice(0, 40)}`);
    }
    rows.push({
      code: formatDxCode(code),
      billable: flag === '1',
      shortDescription: line.slice(16, 76).trim(),
      description: line.slice(77).trim() || line.slice(16, 76).trim(),
    });
  }
  return rows;
}

/** Reads a CMS release: the zip as CMS publishes it, or its order file alone (icd10cm_order_YYYY.txt). */
export function readRelease(file: string): Icd10Release {
  const bytes = readFileSync(file);
  if (file.toLowerCase().endsWith('.zip')) {
    const entries = unzipSync(new Uint8Array(bytes), { filter: (entry) => ORDER_FILE.test(entry.name) });
    const [name, content] = Object.entries(entries)[0] ?? [];
    if (!name || !content) throw new Error(`${file} holds no icd10cm_order_YYYY.txt`);
    return {
      release: ORDER_FILE.exec(name)?.[1] ?? 'unknown',
      rows: parseOrderFile(new TextDecoder().decode(content)),
    };
  }
  const release = ORDER_FILE.exec(path.basename(file))?.[1];
  if (!release) throw new Error(`${file} is neither the CMS zip nor an icd10cm_order_YYYY.txt file`);
  return { release, rows: parseOrderFile(bytes.toString('utf8')) };
}
