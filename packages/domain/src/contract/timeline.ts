import { z } from 'zod';

/** What happened to an order, in the order's timeline (issue 17 'One timeline'; decision 0262). */
export const TIMELINE_KINDS = [
  'ordered',
  'placed',
  'paid',
  'shipped',
  'scan',
  'delivered',
  'received',
  'specimenProblem',
  'recollection',
  'resultsReady',
  'testCanceled',
  'canceled',
  'refunded',
  /** PITL packs transferred to or from another patient's order (decision 0290). */
  'transferred',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** Who or what caused an entry. */
export const TIMELINE_ACTORS = [
  'practitioner',
  'patient',
  'admin',
  'laboratory',
  'carrier',
  'portal',
] as const;
export type TimelineActor = (typeof TIMELINE_ACTORS)[number];

export const timelineEntrySchema = z.object({
  at: z.string().describe('ISO timestamp (UTC), or a calendar date YYYY-MM-DD when only the day is known'),
  kind: z.enum(TIMELINE_KINDS),
  by: z.enum(TIMELINE_ACTORS),
  /** Plain words for the entry, without health data (no results, no values). */
  text: z.string(),
  gearReqId: z.number().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const orderTimelineSchema = z
  .object({ orderId: z.number(), entries: z.array(timelineEntrySchema) })
  .meta({ id: 'OrderTimeline' });
export type OrderTimeline = z.infer<typeof orderTimelineSchema>;

/** The words an actor is shown with. */
export const TIMELINE_ACTOR_LABELS: Record<TimelineActor, string> = {
  practitioner: 'Practitioner',
  patient: 'Patient',
  admin: 'Administrator',
  laboratory: 'Laboratory',
  carrier: 'Carrier',
  portal: 'Portal',
};

/** Oldest first; entries of one moment keep the order the facts were read in. */
export const sortTimeline = (entries: readonly TimelineEntry[]): TimelineEntry[] =>
  entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry);
