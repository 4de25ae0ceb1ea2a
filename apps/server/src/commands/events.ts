/**
 * Signs and sends laboratory and carrier events to a running portal (README 'Lab and carrier events'; decision 0251).
 *
 *   npm run events -- send FILE.json [--sender lab] [--url http://localhost:3000]
 *   npm run events -- hl7 FILE.hl7 [--sender lab] [--url …]
 *   npm run events -- event TYPE field=value … [--sender carrier] [--url …]
 *
 * The secret is the sender's in INTAKE_SENDERS, or the demo sender's outside production.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { SENDER_HEADER, SIGNATURE_HEADER, signatureHeader } from '../modules/intake/intake-signature.ts';

interface Options {
  sender: string;
  url: string;
  rest: string[];
}

function optionsOf(args: string[]): Options {
  const rest: string[] = [];
  let sender = '';
  let url = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--sender') sender = args[++i] ?? '';
    else if (arg === '--url') url = args[++i] ?? url;
    else rest.push(arg);
  }
  return { sender, url: url.replace(/\/$/, ''), rest };
}

/** field=value pairs as an event: numbers stay numbers, issues=a|b is a list, issues= an empty one. */
export function eventOf(type: string, pairs: string[], now = new Date()): Record<string, unknown> {
  const event: Record<string, unknown> = { type, id: `cli-${randomUUID()}`, occurredAt: now.toISOString() };
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`Expected field=value, got '${pair}'`);
    const key = pair.slice(0, at);
    const value = pair.slice(at + 1);
    if (key === 'issues') event[key] = value === '' ? [] : value.split('|');
    else if (/^(orderId|gearReqId|requisitionStatusId)$/.test(key)) event[key] = Number(value);
    else if (key === 'resultPdf') event.resultPdfBase64 = readFileSync(value).toString('base64');
    else event[key] = value;
  }
  if (type === 'lab.discarded' && !('issues' in event)) event.issues = [];
  return event;
}

const senderOfType = (type: string) => (type.startsWith('lab.') ? 'lab' : 'carrier');

async function send(url: string, sender: string, secret: string, body: string, contentType: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      [SENDER_HEADER]: sender,
      [SIGNATURE_HEADER]: signatureHeader(secret, body),
    },
    body,
  });
  const text = await response.text();
  console.log(`${response.status} ${response.statusText}`);
  console.log(contentType.includes('hl7') ? text.replace(/\r/g, '\n') : text);
  if (!response.ok) process.exitCode = 1;
}

async function main() {
  const { sender: given, url, rest } = optionsOf(process.argv.slice(2));
  const [command, ...args] = rest;
  const senders = loadConfig(process.env).intakeSenders;
  const secretOf = (sender: string) => {
    const secret = senders[sender];
    if (!secret) throw new Error(`No secret for sender '${sender}' (set INTAKE_SENDERS=name:secret).`);
    return secret;
  };
  if (command === 'send' && args[0]) {
    const parsed = JSON.parse(readFileSync(args[0], 'utf8')) as unknown;
    const events = Array.isArray(parsed) ? parsed : (parsed as { events: unknown[] }).events;
    const sender = given || senderOfType(String((events[0] as { type?: string })?.type ?? ''));
    await send(
      `${url}/api/intake/events`,
      sender,
      secretOf(sender),
      JSON.stringify({ events }),
      'application/json',
    );
  } else if (command === 'hl7' && args[0]) {
    const sender = given || 'lab';
    const message = readFileSync(args[0], 'utf8').replace(/\r?\n/g, '\r');
    await send(`${url}/api/intake/hl7`, sender, secretOf(sender), message, 'x-application/hl7-v2+er7');
  } else if (command === 'event' && args[0]) {
    const [type, ...pairs] = args;
    const sender = given || senderOfType(type as string);
    const body = JSON.stringify({ events: [eventOf(type as string, pairs)] });
    await send(`${url}/api/intake/events`, sender, secretOf(sender), body, 'application/json');
  } else {
    console.log(
      [
        'Usage:',
        '  npm run events -- send FILE.json [--sender lab|carrier] [--url URL]',
        '  npm run events -- hl7 FILE.hl7 [--sender lab] [--url URL]',
        '  npm run events -- event TYPE field=value … [--sender …] [--url URL]',
        'Types: shipment.created carrier.scan carrier.delivered tracking.canceled lab.received lab.status',
        '       lab.discarded lab.results (resultPdf=FILE.pdf)',
      ].join('\n'),
    );
    process.exitCode = command ? 1 : 0;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
