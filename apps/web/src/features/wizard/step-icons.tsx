import type { StepKey } from '@gear/domain';

/** 16-pixel line icons for the step bar; decorative (the label says it all). */
const PATHS: Partial<Record<StepKey, string>> = {
  pract: 'M8 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm-5 6c0-2.8 2.2-4.5 5-4.5s5 1.7 5 4.5',
  panels: 'M3 3h10M3 6.5h10M3 10h10M3 13.5h6',
  billing: 'M2 4h12v8H2zM2 7h12M4.5 10h2',
  dxCodes: 'M5 2h6v3H5zM3 4h10v10H3zM6 9h4M8 7v4',
  collection: 'M6 2h4M7 2v4l-3 7a1 1 0 0 0 1 1.5h6a1 1 0 0 0 1-1.5L9 6V2',
  patient: 'M8 7a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM3 14c0-3 2.2-5 5-5s5 2 5 5',
  insurance: 'M8 1.5 3 3.5v4c0 3 2.2 5.5 5 7 2.8-1.5 5-4 5-7v-4z',
  confirm: 'M3 2h10v12H3zM5.5 6h5M5.5 9h5M5.5 12h3',
  summary: 'M3 2h10v12H3zM5.5 6h5M5.5 9h5',
  payment: 'M2 4h12v8H2zM2 7h12',
  handoff: 'M2 8h10M9 5l3 3-3 3',
  customize: 'M3 4h10M3 8h10M3 12h10M6 3v2M10 7v2M5 11v2',
  shipping:
    'M1.5 4h8v7h-8zM9.5 6.5h3l2 2.5v2h-5M4 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  registration: 'M3 2h10v12H3zM5.5 8l2 2 3-4',
};

export function StepIcon({ step }: { step: StepKey }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path
        d={PATHS[step] ?? 'M8 3v10M3 8h10'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function CheckIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path
        d="m3 8.5 3 3 7-7"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A step passed over with 'Skip this step': an arrow jumping over a dot (issue 15, decision 0330). */
export function SkipIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path
        d="M2 11c2-5 8-6 11-2m0 0V5.5M13 9H9.5"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="8" cy="13" r="1.25" fill="currentColor" />
    </svg>
  );
}

/** A step the order does not need (decision 0321): a dash. */
export function NotNeededIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
      <path d="M3.5 8h9" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
    </svg>
  );
}
