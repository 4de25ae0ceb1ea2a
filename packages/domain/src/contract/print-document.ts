import { z } from 'zod';
import { textTooLong } from '../messages.ts';

/** spec 1 §2.6, §9 and spec 3 §2: the print file of test selections, made by the server (decision 0231). */
export const PRINT_FILE_NAME = 'test-selection.pdf';

const PRINT_TEXT_MAX_LENGTH = 2000;
const MAX_SECTIONS = 50;
const MAX_LINES = 500;
/** A lone UTF-16 surrogate cannot be written to a PDF (or anywhere else). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const printText = (label: string) =>
  z
    .string()
    .max(PRINT_TEXT_MAX_LENGTH, { error: textTooLong(label, PRINT_TEXT_MAX_LENGTH) })
    .refine((text) => !text.includes('\u0000') && !LONE_SURROGATE.test(text), {
      error: `${label} contains characters that cannot be printed.`,
    });

export const printSectionSchema = z.object({
  heading: printText('A heading'),
  lines: z.array(printText('A line')).max(MAX_LINES),
});

/**
 * What a test-selection PDF says. spec 1 §2.6: 'A3 portrait, points, 50 left margin in one variant, letter paper in
 * another': the info modal prints on letter paper, the requisition details on A3.
 */
export const printDocumentSchema = z.object({
  title: printText('The title'),
  subtitle: printText('The subtitle').optional(),
  sections: z.array(printSectionSchema).max(MAX_SECTIONS),
  paper: z.enum(['a3', 'letter']),
});

export type PrintSection = z.infer<typeof printSectionSchema>;
export type PrintDocument = z.infer<typeof printDocumentSchema>;
