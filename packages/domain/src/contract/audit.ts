import { z } from 'zod';
import { databaseId } from './values.ts';

const idQuery = z.coerce.number().pipe(databaseId).optional();

/**
 * GET /api/admin/audit-events (issue 14 item 4, docs/decisions/0214): the events of an order, a user or a patient
 * (the orders whose patient has this chart number), newest first; `before` is the id the previous page ended at.
 */
export const auditEventsQuerySchema = z.object({
  orderId: idQuery,
  userId: idQuery,
  chartNumber: z.string().trim().min(1).max(40).optional(),
  before: idQuery,
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditEventsQuery = z.infer<typeof auditEventsQuerySchema>;

export const auditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  orderId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  actor: z.string(),
  role: z.string(),
  onBehalfOf: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  status: z.number().int().nullable(),
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventsPageSchema = z.object({
  events: z.array(auditEventSchema),
  /** The `before` of the next (older) page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});
export type AuditEventsPage = z.infer<typeof auditEventsPageSchema>;
