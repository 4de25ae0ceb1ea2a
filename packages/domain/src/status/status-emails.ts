import type { IntakeEvent } from '../contract/intake.ts';
import { isResultReady } from './facts.ts';

/** The facts a patient is told of by email (issue 17 'Told when it matters', beyond the spec; decision 0301). */
export const STATUS_EMAIL_KINDS = ['packShipped', 'newCollectionNeeded', 'resultsReady'] as const;
export type StatusEmailKind = (typeof STATUS_EMAIL_KINDS)[number];

/**
 * Which email a lab or carrier event calls for, and what it is about (the tracking or accession number: one email per
 * kind and subject, however often the fact is sent again): the pack shipped (shipment created), a specimen to collect
 * again (a discarded specimen, with or without issues), results ready (results, or a status of spec 3 §9's
 * result-ready ids 3, 4, 9). Other events tell nothing.
 */
export function statusEmailOf(event: IntakeEvent): { kind: StatusEmailKind; subject: string } | null {
  switch (event.type) {
    case 'shipment.created':
      return { kind: 'packShipped', subject: event.trackingNumber };
    case 'lab.discarded':
      return { kind: 'newCollectionNeeded', subject: event.accessionNo };
    case 'lab.results':
    case 'lab.status':
      return isResultReady(event.requisitionStatusId)
        ? { kind: 'resultsReady', subject: event.accessionNo }
        : null;
    default:
      return null;
  }
}

/**
 * What each email says (decision 0301): that something happened to the order and where to look, never what was
 * tested, ordered or found — no test or product names, no results, no names or dates of birth. The link opens
 * /connect/{id}, which asks for the date of birth.
 */
export const STATUS_EMAIL_TEXTS: Record<StatusEmailKind, { subject: string; body: string }> = {
  packShipped: {
    subject: 'Your collection pack has shipped',
    body: 'Your collection pack is on its way. Collection packs arrive in 2 to 5 business days.',
  },
  newCollectionNeeded: {
    subject: 'A new sample is needed for your order',
    body: 'The laboratory needs a new sample to complete your order. Please open your order to see what to do next.',
  },
  resultsReady: {
    subject: 'An update on your laboratory order is ready',
    body: 'There is an update on your order. Please open your order to see it.',
  },
};
