/**
 * What the log keeps of an error (issue 14 item 2, docs/decisions/0210): its kind, its code (a PostgreSQL SQLSTATE, a
 * Node error code) and where it was thrown — never its message, which for a failed query carries the query's
 * parameters (names, dates of birth, SSNs).
 */
export interface LoggableError {
  kind: string;
  code?: string;
  causeKind?: string;
  causeCode?: string;
  frames?: string[];
}

const kindOf = (value: unknown): string =>
  value instanceof Error ? value.constructor.name || value.name : typeof value;

const codeOf = (value: unknown): string | undefined => {
  const code = (value as { code?: unknown } | null)?.code;
  return typeof code === 'string' || typeof code === 'number' ? String(code).slice(0, 40) : undefined;
};

/** The stack's frames only (the first line of a stack repeats the message). */
const framesOf = (value: unknown): string[] | undefined => {
  const stack = value instanceof Error ? value.stack : undefined;
  if (!stack) return undefined;
  return stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('at '))
    .slice(0, 10);
};

export function loggableError(error: unknown): LoggableError {
  const cause = error instanceof Error ? error.cause : undefined;
  const summary: LoggableError = { kind: kindOf(error) };
  const code = codeOf(error);
  if (code) summary.code = code;
  if (cause !== undefined) {
    summary.causeKind = kindOf(cause);
    const causeCode = codeOf(cause);
    if (causeCode) summary.causeCode = causeCode;
  }
  const frames = framesOf(error);
  if (frames?.length) summary.frames = frames;
  return summary;
}
