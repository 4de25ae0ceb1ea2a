import { z } from 'zod';

/** PostgreSQL's integer: ids and versions beyond it cannot exist, and must not reach a query. */
const INTEGER_MAX = 2_147_483_647;

/** A row id of the database. */
export const databaseId = z.number().int().positive().max(INTEGER_MAX);

/** An order's version as read (the optimistic-concurrency counter). */
export const orderVersion = z.number().int().nonnegative().max(INTEGER_MAX);

/** Text PostgreSQL can store: anything but the NUL character (text and jsonb refuse it). */
export const storableText = z.string().refine((text) => !text.includes('\u0000'));
