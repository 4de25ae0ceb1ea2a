/** Shows 'Saved': set by saved-notices-host.tsx once it has loaded (right after the wizard's first page). */
let show: (() => void) | null = null;

export const registerSavedNotice = (shower: () => void) => {
  show = shower;
};

/**
 * Says briefly that a save succeeded (issue 15): a polite status that does not take the focus, one at a time. Before
 * the host has loaded (a save in the first moments of the page) there is nothing to show it in, and nothing is shown.
 */
export function showSaved(): void {
  show?.();
}

/** The width and height the 'Saved' notice takes: its place in the page is kept empty for it, so it covers nothing. */
export const SAVED_NOTICE_SIZE = { width: 132, height: 44 } as const;
