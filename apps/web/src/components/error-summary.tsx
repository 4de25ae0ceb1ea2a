import type { FieldError } from '@gear/domain';
import { Alert, Anchor, List } from '@mantine/core';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import classes from './error-summary.module.css';

/** One message of the summary: the field it belongs to (as the form names it), the name people read, the message. */
export interface SummaryError {
  field: string;
  label: string;
  message: string;
}

/** A rule's or the server's field error (spec 1 §7 errors[{field, defaultMessage}]) as the summary lists it. */
export const summaryErrorOf = (error: FieldError, label: string): SummaryError => ({
  field: error.field,
  label,
  message: error.defaultMessage,
});

/** A form's messages by field (as a form without a FieldError list keeps them), in the order of `labels`. */
export const summaryErrorsOf = (
  messages: Partial<Record<string, string>>,
  labels: Readonly<Record<string, string>>,
): SummaryError[] =>
  Object.entries(labels).flatMap(([field, label]) => {
    const message = messages[field];
    return message ? [{ field, label, message }] : [];
  });

/** The elements that name an error element (Mantine's `error` sets aria-describedby to it) with this message. */
function fieldsWithMessage(within: ParentNode, message: string): HTMLElement[] {
  return [...within.querySelectorAll<HTMLElement>('[aria-describedby]')].filter((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .some((id) => document.getElementById(id)?.textContent?.trim() === message),
  );
}

/**
 * The field a summary entry points at: the control named like the field, else the n-th control described by an error
 * element with the entry's message (n: how many entries before it have that message).
 */
function targetOf(within: ParentNode, errors: readonly SummaryError[], index: number): HTMLElement | null {
  const error = errors[index];
  if (!error) return null;
  const named = within.querySelector<HTMLElement>(`[name="${CSS.escape(error.field)}"]`);
  if (named) return focusableIn(named) ?? named;
  const before = errors.slice(0, index).filter((other) => other.message === error.message).length;
  const described = fieldsWithMessage(within, error.message)[before];
  return described ? focusableIn(described) : null;
}

/** The element itself when it takes the focus, else its first control (a group, the captcha widget). */
function focusableIn(element: HTMLElement): HTMLElement | null {
  return element.matches('input, select, textarea, button, [tabindex]')
    ? element
    : element.querySelector<HTMLElement>('input, select, textarea, button');
}

export interface ErrorSummaryProps {
  errors: readonly SummaryError[];
  /** From useErrorSummary: the summary takes the focus when errors are shown. */
  summaryRef: RefObject<HTMLDivElement | null>;
}

/**
 * The one way a form shows its errors (issue 15; spec 2 §8 'Validation failure lists the messages and scrolls to
 * them'): a summary at the top listing each message as a link to its field. The fields themselves are marked and
 * described by their own `error` (aria-invalid, aria-describedby).
 */
export function ErrorSummary({ errors, summaryRef }: ErrorSummaryProps) {
  const focusField = (index: number) => {
    const scope = summaryRef.current?.closest('form') ?? document;
    const target = targetOf(scope, errors, index);
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    target.focus();
  };
  return (
    <div ref={summaryRef} tabIndex={-1}>
      {errors.length > 0 && (
        <Alert color="red" title="Please correct the following" role="alert">
          <List size="sm">
            {errors.map((error, index) => (
              <List.Item key={`${error.field}:${error.message}`}>
                <Anchor
                  className={classes.link}
                  href={`#${error.field}`}
                  c="red.9"
                  underline="always"
                  onClick={(event) => {
                    event.preventDefault();
                    focusField(index);
                  }}
                >
                  {error.label ? `${error.label}: ${error.message}` : error.message}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </div>
  );
}

/**
 * The summary's state: `show` sets the errors (from the rules, or a refused save's field errors) and moves the focus
 * to the summary once it is drawn, scrolled into view; `clear` empties it.
 */
export function useErrorSummary() {
  const summaryRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<readonly SummaryError[]>([]);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown === 0) return;
    summaryRef.current?.scrollIntoView({ block: 'start' });
    summaryRef.current?.focus();
  }, [shown]);
  const show = useCallback((found: readonly SummaryError[]) => {
    setErrors(found);
    if (found.length > 0) setShown((count) => count + 1);
  }, []);
  const clear = useCallback(() => setErrors([]), []);
  return { summaryRef, errors, show, clear };
}

/** What a form hands to a part of it that draws the summary (the card form, decision 0332). */
export type ErrorSummaryState = ReturnType<typeof useErrorSummary>;
