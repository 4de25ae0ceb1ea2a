import { z } from 'zod';
import { readCalendarDate } from '../identifiers/calendar-days.ts';
import { notACalendarDate } from '../messages.ts';
import { gsdlNoSchema } from './practitioner.ts';
import { databaseId } from './values.ts';

/** Query text the browser sends empty when a field is blank: empty reads as absent. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A practitioner number: the GSDL number is the 'practitioner GDX ID' of spec 3 §5. */
const gsdlNo = gsdlNoSchema;

/** spec 3 §5: a date of birth as YYYY-MM-DD or MM/DD/YYYY, kept as YYYY-MM-DD. */
export const calendarDateSchema = z
  .string()
  .max(32)
  .refine((text) => readCalendarDate(text) !== null, {
    error: (issue) => notACalendarDate(String(issue.input)),
  })
  .transform((text) => readCalendarDate(text) ?? text);

/** The search text; an empty one is refused by the rule ('Please enter a requisition number.'), not here. */
const searchText = z.string().max(200).default('');

/** GET /gear/requisition?reqNum&gsdlNo (spec 1 §7). */
export const requisitionLookupQuerySchema = z.object({
  reqNum: searchText,
  gsdlNo: blankAsAbsent(gsdlNo),
});

/** GET /gear/order?requisitionNumber&dateOfBirth&gdxId (spec 1 §7, §2.8). */
export const orderLookupQuerySchema = z.object({
  requisitionNumber: searchText,
  dateOfBirth: blankAsAbsent(calendarDateSchema),
  gdxId: blankAsAbsent(gsdlNo),
});
export type OrderLookupQuery = z.infer<typeof orderLookupQuerySchema>;

/**
 * GET /gear/order/{new|connect}?dateOfBirth&requisitionNumber&gdxId&merge (spec 3 §7; docs/decisions/0171): the
 * order lookup of GET /gear/order at the addresses the browser uses for an order it has no id of yet. merge=false
 * starts a new patient session for the proven order instead of adding it to the caller's (the default, true).
 */
export const orderByAddressQuerySchema = orderLookupQuerySchema.extend({
  merge: blankAsAbsent(z.enum(['true', 'false']).transform((value) => value === 'true')),
});

/**
 * GET /gear/order/{id}?dateOfBirth (spec 3 §7 patient calls carry ?dateOfBirth): a patient proves the order by its id
 * and their date of birth (docs/decisions/0040).
 */
export const orderReadQuerySchema = z.object({
  dateOfBirth: blankAsAbsent(calendarDateSchema),
});

/** The panel-selection query string (spec 1 §2.8) that PUT /gear/testSelection is sent with. */
export const panelQuerySchema = z.object({
  orderableItemId: blankAsAbsent(z.coerce.number().pipe(databaseId)),
  requisitionNumber: blankAsAbsent(z.string().max(200)),
  dateOfBirth: blankAsAbsent(calendarDateSchema),
  gdxId: blankAsAbsent(gsdlNo),
});
