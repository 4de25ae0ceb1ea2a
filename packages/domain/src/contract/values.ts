import { z } from 'zod';

/** PostgreSQL's integer: ids and versions beyond it cannot exist, and must not reach a query. */
const INTEGER_MAX = 2_147_483_647;

/** A row id of the database. */
export const databaseId = z.number().int().positive().max(INTEGER_MAX);

/** An order's version as read (the optimistic-concurrency counter). */
export const orderVersion = z.number().int().nonnegative().max(INTEGER_MAX);

/** Text PostgreSQL can store: anything but the NUL character (text and jsonb refuse it). */
export const storableText = z.string().refine((text) => !text.includes('\u0000'));

/** A requisition id as a number, or digits (a query string or a lenient client). */
export const gearReqIdSchema = z.union([
  databaseId,
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(databaseId),
]);

/** A medical-necessity acknowledgement: a timestamp or a calendar date (spec 1 §5), null when withdrawn or not given. */
export const acknowledgementSchema = z.union([z.iso.datetime({ offset: true }), z.iso.date(), z.null()]);
