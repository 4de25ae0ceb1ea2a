import { carrierStatusTitle, errorEnvelopeSchema } from '@gear/domain';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { carrierScans, shipments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The local carrier's tracking page (decision 0251): the scans the carrier sent to the intake for a tracking number,
 * newest first. Like a carrier's own page it needs only the number, and shows no order or patient data.
 */
export async function trackingRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/tracking/:trackingNumber',
    {
      config: { access: 'public' },
      schema: {
        tags: ['Shipping'],
        operationId: 'getTrackingPage',
        summary: "A shipment's recorded carrier scans (the local carrier's tracking page; HTML)",
        params: z.object({
          trackingNumber: z
            .string()
            .min(1)
            .max(64)
            .regex(/^[A-Za-z0-9-]+$/),
        }),
        response: {
          200: z.string().describe('An HTML page'),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { trackingNumber } = request.params;
      const [shipment] = await app.db
        .select({ id: shipments.id, status: shipments.status, deliveryDate: shipments.deliveryDate })
        .from(shipments)
        .where(eq(shipments.trackingNumber, trackingNumber));
      if (!shipment) throw notFound('No shipment has this tracking number.');
      const scans = await app.db
        .select({
          status: carrierScans.status,
          location: carrierScans.location,
          description: carrierScans.description,
          scannedAt: carrierScans.scannedAt,
        })
        .from(carrierScans)
        .where(eq(carrierScans.shipmentId, shipment.id))
        .orderBy(asc(carrierScans.scannedAt));
      const rows = scans
        .reverse()
        .map(
          (scan) =>
            `<tr><td><time datetime="${scan.scannedAt.toISOString()}">${escapeHtml(scan.scannedAt.toISOString().slice(0, 16).replace('T', ' '))} UTC</time></td>` +
            `<td>${escapeHtml(carrierStatusTitle(scan.status))}</td><td>${escapeHtml(scan.location ?? '')}</td><td>${escapeHtml(scan.description ?? '')}</td></tr>`,
        )
        .join('\n');
      const title = `Tracking ${trackingNumber}`;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return [
        '<!doctype html>',
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        `<title>${escapeHtml(title)}</title></head>`,
        `<body><main><h1>${escapeHtml(title)}</h1>`,
        `<p>Status: <strong>${escapeHtml(carrierStatusTitle(shipment.status))}</strong>${shipment.deliveryDate ? `, delivered on ${escapeHtml(shipment.deliveryDate)}` : ''}.</p>`,
        '<table><caption>Scans, newest first</caption>',
        '<thead><tr><th scope="col">When</th><th scope="col">Status</th><th scope="col">Location</th><th scope="col">Details</th></tr></thead>',
        `<tbody>${rows}</tbody></table>`,
        '</main></body></html>',
      ].join('\n');
    },
  );
}
