/**
 * spec 3 §2 'Other links used: … a terms page, … a consent PDF'. The spec gives neither text (decision 0188): these are
 * the portal's, written for a laboratory that tests specimens patients collect at home. The laboratory's counsel owns
 * the wording; change it here only. The page and the PDF both read these.
 */
export interface DocumentText {
  title: string;
  /** When the text last changed (YYYY-MM-DD), shown on the page and the PDF. */
  effective: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}

/** The terms page's address in the browser, and the consent PDF's on the API. */
export const TERMS_PATH = '/terms';
export const CONSENT_PDF_PATH = '/gear/consent/pdf';
export const CONSENT_PDF_FILE_NAME = 'consent-for-laboratory-testing.pdf';

export const TERMS_OF_USE: DocumentText = {
  title: 'Terms of Use',
  effective: '2026-11-26',
  sections: [
    {
      heading: 'Using this portal',
      paragraphs: [
        'This portal lets practitioners order laboratory tests for their patients, and lets patients activate, complete and pay for the tests ordered for them.',
        'You agree to give true and complete information, to keep your sign-in details to yourself, and to use the portal only for orders you are entitled to place or complete.',
      ],
    },
    {
      heading: 'Tests and results',
      paragraphs: [
        'Tests are performed only on the order of a licensed healthcare practitioner. Results are reported to that practitioner, who explains them to you.',
        'The portal does not give medical advice. If you feel unwell, contact your practitioner or, in an emergency, call 911.',
      ],
    },
    {
      heading: 'Prices, payment and refunds',
      paragraphs: [
        'Prices shown are estimates based on the tests, the billing option and the insurance information given, and may change when that information changes.',
        'Refunds follow the refund policy shown on the payment page.',
      ],
    },
    {
      heading: 'Your information',
      paragraphs: [
        'Your health information is used to perform, bill and report your tests, and is protected as the law on health information privacy requires. It is never sold.',
      ],
    },
    {
      heading: 'Changes',
      paragraphs: [
        'We may change these terms. The date above says when they last changed; the terms in force when you place or complete an order apply to it.',
      ],
    },
  ],
};

export const CONSENT_FOR_TESTING: DocumentText = {
  title: 'Consent for Laboratory Testing',
  effective: '2026-11-26',
  sections: [
    {
      heading: 'What I consent to',
      paragraphs: [
        'I consent to the collection of my specimens as the collection instructions describe, and to the laboratory testing of those specimens for the tests my healthcare practitioner ordered.',
        'I understand that the results are reported to my practitioner, and that my practitioner, not the laboratory, explains them to me and decides on any treatment.',
      ],
    },
    {
      heading: 'What I understand',
      paragraphs: [
        'Specimens collected, stored or shipped other than as the instructions say may not be tested, and a new collection may then be needed.',
        'No laboratory test is perfect: a result can be wrong or inconclusive, and a test may need to be repeated.',
        'Specimens may be kept after testing for quality control as the law allows, and then destroyed.',
      ],
    },
    {
      heading: 'Payment',
      paragraphs: [
        'I am responsible for any amount not paid by my insurance or another payer, according to the billing option chosen for my order.',
      ],
    },
    {
      heading: 'My choice',
      paragraphs: [
        'I may withdraw this consent at any time before the laboratory receives my specimens by canceling the order. Refunds then follow the refund policy.',
      ],
    },
  ],
};
