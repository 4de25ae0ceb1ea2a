/**
 * Mobile first (decision 0142): patients' inputs use a 16 px font (no zoom on focus in mobile browsers) and every
 * input and button is at least 44 px tall (the touch-target size of WCAG 2.5.5 and the platforms' guidelines).
 */
export const patientInput = {
  size: 'md',
  styles: { input: { fontSize: 16, minHeight: 44 } },
} as const;

export const patientButton = { size: 'md', mih: 44 } as const;
