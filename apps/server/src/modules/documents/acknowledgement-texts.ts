import type { AcknowledgementKind } from '@gear/domain';

/** An acknowledgement as the patient reads it: a title and paragraphs of plain text. */
export interface AcknowledgementText {
  title: string;
  paragraphs: readonly string[];
}

/**
 * The texts of spec 3 §2 'Patient/Responsible Party Acknowledgement' and 'No Surprises Act (NSA) Acknowledgement'.
 * The spec does not give their words (docs/decisions/0092): these are the portal's, written for a laboratory that
 * bills the patient, their insurance or the practitioner. The lab's counsel owns the wording; change it here only.
 */
export const ACKNOWLEDGEMENT_TEXTS: Readonly<Record<AcknowledgementKind, AcknowledgementText>> = {
  patient: {
    title: 'Patient/Responsible Party Acknowledgement',
    paragraphs: [
      'I authorize the laboratory to perform the tests my healthcare provider ordered on the specimens I collect and return, and to report the results to my healthcare provider.',
      'I understand that I am responsible for paying any amount not paid by my insurance or another payer, including deductibles, co-insurance and tests my plan does not cover, according to the billing option chosen for this order.',
      'Where I chose to bill my insurance, I assign to the laboratory the benefits payable for these tests and authorize the release of the information needed to process the claim.',
      'I understand that specimens collected or shipped other than as the collection instructions say may not be tested, and that a new collection may be needed.',
      'I confirm that the information I gave for this order is true and complete.',
    ],
  },
  nsa: {
    title: 'No Surprises Act (NSA) Acknowledgement',
    paragraphs: [
      'Under the No Surprises Act you have the right to receive a good faith estimate of the expected charges for the tests on this order before they are performed.',
      'The price shown for this order is that estimate. It is based on the tests, the billing option and the insurance information you gave, and it may change if that information changes.',
      'If you are billed at least $400 more than this estimate, you may dispute the bill. Keep a copy of this acknowledgement and your order confirmation.',
      'I acknowledge that I received the estimate of the charges for this order and this notice of my rights before my specimens are tested.',
    ],
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The text as an HTML fragment for the payment section (spec 3 §7 'Returns html'). */
export const acknowledgementHtml = (kind: AcknowledgementKind): string => {
  const { title, paragraphs } = ACKNOWLEDGEMENT_TEXTS[kind];
  return [`<h2>${escapeHtml(title)}</h2>`, ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`)].join('\n');
};
