import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { OUTBOX_FILE } from './mailer.ts';

/** One message of the local outbox, as the admin page lists it. */
export interface OutboxEntry {
  name: string;
  date: string | null;
  to: string | null;
  subject: string | null;
}

/** The header block of a message with folded lines joined (RFC 5322 §2.2.3), by lower-case name. */
export function headersOf(message: string): Map<string, string> {
  const end = message.search(/\r?\n\r?\n/);
  const block = (end === -1 ? message : message.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The messages in the outbox, newest first (file names start with the time they were written). */
export async function listOutbox(folder: string, limit = 200): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = names
    .filter((name) => OUTBOX_FILE.test(name))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    newest.map(async (name) => {
      const headers = headersOf((await readFile(path.join(folder, name), 'utf8')).slice(0, 16_384));
      return {
        name,
        date: headers.get('date') ?? null,
        to: headers.get('to') ?? null,
        subject: headers.get('subject') ?? null,
      };
    }),
  );
}

/** A message of the outbox by its file name; null for a name that is not an outbox file or is gone. */
export async function readOutboxMessage(folder: string, name: string): Promise<string | null> {
  if (!OUTBOX_FILE.test(name)) return null;
  try {
    return await readFile(path.join(folder, name), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
