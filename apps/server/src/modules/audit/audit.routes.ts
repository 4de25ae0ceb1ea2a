import {
  type AuditEvent,
  type AuditEventsQuery,
  auditEventsPageSchema,
  auditEventsQuerySchema,
  errorEnvelopeSchema,
  isAdmin,
  MESSAGES,
} from '@gear/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/http-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { listAuditEvents } from './audit.repository.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const adminOnly = (request: FastifyRequest) => {
  if (!isAdmin(callerOf(request).userInfo)) throw forbidden(MESSAGES.forbidden);
};

const COLUMNS = [
  'When',
  'Who',
  'Role',
  'For',
  'Action',
  'Order',
  'Outcome',
  'Status',
  'Address',
  'User agent',
];

const rowOf = (event: AuditEvent) =>
  `<tr>${[
    event.at,
    event.actor,
    event.role,
    event.onBehalfOf ?? '',
    event.action,
    event.orderId === null ? '' : String(event.orderId),
    event.outcome,
    event.status === null ? '' : String(event.status),
    event.address ?? '',
    event.userAgent ?? '',
  ]
    .map((cell) => `<td>${escapeHtml(cell)}</td>`)
    .join('')}</tr>`;

const field = (name: keyof AuditEventsQuery, label: string, value: unknown) =>
  `<label>${label} <input name="${name}" value="${escapeHtml(value === undefined ? '' : String(value))}" ` +
  `style="font-size:16px;min-height:44px"></label> `;

function pageOf(query: AuditEventsQuery, events: AuditEvent[], nextBefore: number | null) {
  const filters = new URLSearchParams();
  for (const name of ['orderId', 'userId', 'chartNumber'] as const)
    if (query[name] !== undefined) filters.set(name, String(query[name]));
  const older =
    nextBefore === null
      ? ''
      : `<p><a href="/admin/audit?${new URLSearchParams([...filters, ['before', String(nextBefore)]])}">Older events</a></p>`;
  const table =
    events.length === 0
      ? '<p>No audit events match.</p>'
      : '<div style="overflow-x:auto"><table><caption>Audit events, newest first</caption>' +
        `<thead><tr>${COLUMNS.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead>` +
        `<tbody>${events.map(rowOf).join('')}</tbody></table></div>`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Audit trail</title></head>',
    '<body><main><h1>Audit trail</h1>',
    '<form method="get" action="/admin/audit">',
    field('orderId', 'Order', query.orderId),
    field('userId', 'User id', query.userId),
    field('chartNumber', 'Patient chart number', query.chartNumber),
    '<button type="submit" style="min-height:44px;font-size:16px">Show events</button></form>',
    table,
    older,
    '</main></body></html>',
  ].join('\n');
}

/**
 * The audit trail for administrators (issue 14 item 4, docs/decisions/0214): the events of an order, a user or a
 * patient, newest first, a page at a time, as JSON (GET /api/admin/audit-events) and as a page (GET /admin/audit).
 */
export async function auditRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Admin'];

  api.get(
    '/api/admin/audit-events',
    {
      schema: {
        tags,
        operationId: 'listAuditEvents',
        summary: 'Audit events of an order, a user or a patient (chart number), newest first (admins)',
        querystring: auditEventsQuerySchema,
        response: { 200: auditEventsPageSchema, 400: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request) => {
      adminOnly(request);
      return listAuditEvents(app.db, request.query);
    },
  );

  api.get(
    '/admin/audit',
    {
      schema: {
        tags,
        operationId: 'showAuditTrail',
        summary: 'The audit trail page (admins; an HTML page with the same filters)',
        querystring: auditEventsQuerySchema,
      },
    },
    async (request, reply) => {
      adminOnly(request);
      const { events, nextBefore } = await listAuditEvents(app.db, request.query);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(pageOf(request.query, events, nextBefore));
    },
  );
}
