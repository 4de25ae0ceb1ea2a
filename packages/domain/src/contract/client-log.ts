/**
 * PUT /gear/log[/{x}] (spec 1 §7): the UI actions the browser logs, by name. The server logs only these names (and
 * 'unknown' for anything else), never the text a browser sent (issue 14, docs/decisions/0224).
 */
export const CLIENT_LOG_ACTIONS = ['display panel pricing'] as const;
export type ClientLogAction = (typeof CLIENT_LOG_ACTIONS)[number];

/** The categories ({x}) a browser logs under; any other is logged as 'other'. */
export const CLIENT_LOG_CATEGORIES = ['info', 'warn', 'error', 'debug', 'pricing'] as const;

/** The known action a message names (trimmed, case and spacing ignored), else 'unknown'. */
export function clientLogActionOf(formattedMessage: string): ClientLogAction | 'unknown' {
  const normalized = formattedMessage.trim().replace(/\s+/g, ' ').toLowerCase();
  return CLIENT_LOG_ACTIONS.find((action) => action === normalized) ?? 'unknown';
}

/** The known category of a path parameter, else 'other'. */
export const clientLogCategoryOf = (category: string): string =>
  (CLIENT_LOG_CATEGORIES as readonly string[]).includes(category) ? category : 'other';
