import { isAdmin, MESSAGES } from '@gear/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Mailer } from '../../adapters/mail/mailer.ts';
import { listOutbox, readOutboxMessage } from '../../adapters/mail/outbox.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { callerOf } from '../../plugins/auth.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1>`,
    body,
    '</main></body></html>',
  ].join('\n');

const adminOnly = (request: FastifyRequest) => {
  if (!isAdmin(callerOf(request).userInfo)) throw forbidden(MESSAGES.forbidden);
};

/**
 * The local mailbox of `npm start` (docs/decisions/0090): admins read the email the portal wrote to the outbox
 * folder (no SMTP_URL). Pages, not JSON: a newcomer signed in as an admin opens /admin/outbox in the browser.
 */
export function outboxRoutes(mailer: Mailer, folder: string | null) {
  return async function routes(app: FastifyInstance) {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['Admin'];

    api.get(
      '/admin/outbox',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          operationId: 'listOutbox',
          summary: 'The local outbox of email, newest first (admins; an HTML page)',
        },
      },
      async (request, reply) => {
        adminOnly(request);
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        if (folder === null)
          return page(
            'Outbox',
            `<p>Email is sent to ${escapeHtml(mailer.describe)} (SMTP_URL); nothing is kept here.</p>`,
          );
        const entries = await listOutbox(folder);
        const rows = entries.map(
          (entry) =>
            `<tr><td>${escapeHtml(entry.date ?? '')}</td><td>${escapeHtml(entry.to ?? '')}</td>` +
            `<td><a href="/admin/outbox/${entry.name}">${escapeHtml(entry.subject || '(no subject)')}</a></td></tr>`,
        );
        const table =
          entries.length === 0
            ? '<p>The outbox is empty.</p>'
            : '<table><caption>Email written to the outbox</caption>' +
              '<thead><tr><th scope="col">Date</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>' +
              `<tbody>${rows.join('')}</tbody></table>`;
        return page('Outbox', `<p>Email is written to ${escapeHtml(mailer.describe)}.</p>${table}`);
      },
    );

    api.get(
      '/admin/outbox/:name',
      {
        config: { access: 'signedIn' },
        schema: {
          tags,
          operationId: 'showOutboxMessage',
          summary: 'One email of the local outbox (admins; an HTML page, or the .eml file with ?download)',
          params: z.object({ name: z.string().max(64) }),
          querystring: z.object({ download: z.string().optional() }),
        },
      },
      async (request, reply) => {
        adminOnly(request);
        const message = folder === null ? null : await readOutboxMessage(folder, request.params.name);
        if (message === null) throw notFound('We could not find that email.');
        reply.header('cache-control', 'no-store');
        if (request.query.download !== undefined)
          return reply
            .type('message/rfc822')
            .header('content-disposition', `attachment; filename="${request.params.name}"`)
            .send(message);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            page(
              'Outbox message',
              `<p><a href="/admin/outbox">Back to the outbox</a> · <a href="/admin/outbox/${request.params.name}?download">Download the .eml file</a></p>` +
                `<pre>${escapeHtml(message)}</pre>`,
            ),
          );
      },
    );
  };
}
