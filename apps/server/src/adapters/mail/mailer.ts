import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One email the portal sends: plain text and HTML of the same words. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sending email (ARCHITECTURE 'Adapters'): SMTP through nodemailer, or the local outbox (docs/decisions/0090). */
export interface Mailer {
  /** Where mail goes, for people (the admin outbox page says it); never the password. */
  readonly describe: string;
  /** Hands the message over; a refusal or an unreachable server throws MailDeliveryError. */
  send(message: MailMessage): Promise<void>;
  /** Closes the connections kept open (the app's shutdown). */
  close(): void;
}

/**
 * Mail that did not go: `code` is nodemailer's error kind (EENVELOPE, ECONNECTION, ETIMEDOUT …) and `responseCode`
 * the SMTP reply code, safe to log; the message and the addresses are not kept (they may name the patient).
 */
export class MailDeliveryError extends Error {
  constructor(
    readonly code: string,
    readonly responseCode: number | null,
  ) {
    super(`mail not delivered (${code}${responseCode ? ` ${responseCode}` : ''})`);
    this.name = 'MailDeliveryError';
  }
}

const deliveryError = (error: unknown): MailDeliveryError => {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return new MailDeliveryError(
    typeof code === 'string' ? code : 'EUNKNOWN',
    typeof responseCode === 'number' ? responseCode : null,
  );
};

/** Waits for an SMTP server at most this long per stage, so a request is never held for nodemailer's 2 minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/**
 * A few connections kept open and reused: a burst of emails queues on them instead of opening one connection each,
 * which mail servers throttle or refuse.
 */
const SMTP_POOL = { pool: true, maxConnections: 5, maxMessages: 100 } as const;

/** SMTP_URL read into nodemailer's options: smtps:// is TLS from the start, smtp:// upgrades when offered. */
function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(url.password) } } : {}),
    ...SMTP_TIMEOUTS,
    ...SMTP_POOL,
  };
}

/** Mail over SMTP (SMTP_URL). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const options = smtpOptions(smtpUrl);
  const transport = nodemailer.createTransport(options);
  return {
    describe: `SMTP server ${options.host}:${options.port}`,
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
      } catch (error) {
        throw deliveryError(error);
      }
    },
    close: () => transport.close(),
  };
}

/** An outbox file name: when it was written (sorts in time order) and a random part. */
export const OUTBOX_FILE = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}\.eml$/;

const outboxFileName = (now: Date) =>
  `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;

/**
 * The local default (no SMTP_URL): each message, as an SMTP server would receive it, is written to an .eml file in
 * the outbox folder (DATA_DIR/outbox), readable by the server's user only; any mail program opens it, and admins
 * read the outbox at /admin/outbox. Written under a temporary name and renamed, so a reader never sees half a file.
 */
export function outboxMailer(folder: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `the outbox folder ${folder}`,
    async send(message) {
      let bytes: Buffer;
      try {
        const info = await transport.sendMail({ from, ...message });
        bytes = info.message as Buffer;
      } catch (error) {
        throw deliveryError(error);
      }
      await mkdir(folder, { recursive: true, mode: 0o700 });
      const target = path.join(folder, outboxFileName(new Date()));
      const temporary = `${target}.part`;
      try {
        await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    close: () => transport.close(),
  };
}

/** The outbox folder of a data directory. */
export const outboxFolderOf = (dataDir: string) => path.join(dataDir, 'outbox');

/** The mailer the configuration asks for: SMTP when SMTP_URL is set, else the outbox. */
export const configuredMailer = (config: {
  smtpUrl: string | null;
  mailFrom: string;
  dataDir: string;
}): Mailer =>
  config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(outboxFolderOf(config.dataDir), config.mailFrom);
