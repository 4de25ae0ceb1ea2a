import { Alert, List } from '@mantine/core';
import { errorMessage, isApiError } from '../../api/errors.ts';

/** Answers whose message the server words for the user: a locked or changed order (409), a removed pack (410). */
const WORDED_BY_SERVER = [409, 410];

/**
 * What a refused test-selection save tells the user: the fields' messages, the server's words for a locked, changed
 * or removed order or pack, else the spec's network or unexpected-error text (spec 1 §8).
 */
export function saveErrorMessages(error: unknown, phone: string): string[] {
  if (!isApiError(error)) return [errorMessage(error, phone)];
  if (error.fieldErrors.length > 0) return [...new Set(error.fieldErrors.map((e) => e.defaultMessage))];
  if (WORDED_BY_SERVER.includes(error.status)) return [error.text ?? error.message];
  return [error.message];
}

export function SaveErrors({ error, phone }: { error: unknown; phone: string }) {
  if (!error) return null;
  const messages = saveErrorMessages(error, phone);
  return (
    <Alert color="red" role="alert">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm">
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
