import { z } from 'zod';

/**
 * The lab's structured results of one accession (issue 17 'Interactive report'; decision 0265): each analyte as the
 * lab reported it (an HL7 v2 OBX of a numeric type, or the JSON intake's results event). Values and ranges are kept
 * as the lab wrote them; whether a value is out of range is derived, never stored.
 */
export const analyteSchema = z.object({
  /** The lab's code of the analyte (OBX-3.1). */
  code: z.string().min(1).max(40),
  /** Its name as the report prints it (OBX-3.2). */
  name: z.string().min(1).max(200),
  /** The value as reported (OBX-5), for instance 4.2 or <0.5. */
  value: z.string().min(1).max(60),
  /** OBX-6. */
  unit: z.string().max(40).nullable().default(null),
  /** OBX-7: low-high (3.5-5.0), <high or >low; free text otherwise. */
  referenceRange: z.string().max(60).nullable().default(null),
  /** OBX-8, the lab's own flag: L, LL, H, HH, A, AA or N. */
  abnormalFlag: z.string().max(5).nullable().default(null),
});
export type Analyte = z.infer<typeof analyteSchema>;
export type AnalyteInput = z.input<typeof analyteSchema>;

export const MAX_ANALYTES = 500;

export interface ReferenceRange {
  low: number | null;
  high: number | null;
}

const NUMBER = String.raw`[-+]?\d+(?:\.\d+)?`;

/** A reference range the report prints as low-high, <high, <=high, >low or >=low; null when it is free text. */
export function parseReferenceRange(text: string | null): ReferenceRange | null {
  if (!text) return null;
  const range = new RegExp(`^\\s*(${NUMBER})\\s*(?:-|–|to)\\s*(${NUMBER})\\s*$`).exec(text);
  if (range) return { low: Number(range[1]), high: Number(range[2]) };
  const below = new RegExp(`^\\s*<=?\\s*(${NUMBER})\\s*$`).exec(text);
  if (below) return { low: null, high: Number(below[1]) };
  const above = new RegExp(`^\\s*>=?\\s*(${NUMBER})\\s*$`).exec(text);
  if (above) return { low: Number(above[1]), high: null };
  return null;
}

export const OUT_OF_RANGE = ['low', 'high', 'abnormal'] as const;
export type OutOfRange = (typeof OUT_OF_RANGE)[number];

/** The words beside a value out of its range (the page marks it with these as well as with colour). */
export const OUT_OF_RANGE_LABELS: Record<OutOfRange, string> = {
  low: 'Below range',
  high: 'Above range',
  abnormal: 'Outside range',
};

/**
 * Whether a value is out of its reference range. The lab's own flag (OBX-8) decides when it sent one (N: within
 * range); otherwise a numeric value is compared with a numeric range (the limits themselves are within it). A value
 * or range that is not a number, with no flag, is not marked.
 */
export function outOfRange(
  analyte: Pick<Analyte, 'value' | 'referenceRange' | 'abnormalFlag'>,
): OutOfRange | null {
  const flag = analyte.abnormalFlag?.trim().toUpperCase();
  if (flag) {
    if (flag === 'L' || flag === 'LL' || flag === '<') return 'low';
    if (flag === 'H' || flag === 'HH' || flag === '>') return 'high';
    if (flag === 'N') return null;
    return 'abnormal';
  }
  const range = parseReferenceRange(analyte.referenceRange);
  const value = new RegExp(`^\\s*(${NUMBER})\\s*$`).exec(analyte.value);
  if (!range || !value) return null;
  const number = Number(value[1]);
  if (range.low !== null && number < range.low) return 'low';
  if (range.high !== null && number > range.high) return 'high';
  return null;
}
