import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

/** One email as an SMTP server received it. */
export interface ReceivedMail {
  from: string | null;
  to: string[];
  /** The whole message as sent (headers and body). */
  raw: string;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:{port}, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
}

/**
 * A real SMTP server on loopback for the test file (smtp-server), started before the app is built: it receives the
 * portal's email, and refuses (550) recipients whose address contains 'bounce', as a mail server refuses an unknown
 * mailbox.
 */
export function useSmtpReceiver(): SmtpReceiver {
  const receiver: SmtpReceiver = { url: '', received: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.includes('bounce')) {
        const refusal = Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 });
        callback(refusal);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        receiver.received.push({
          from: from ? from.address : null,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.server.address() as AddressInfo;
    receiver.url = `smtp://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return receiver;
}
