import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { MAX_UPLOAD_BYTES, MESSAGES, messages, RETRY_AFTER_SECONDS } from '@gear/domain';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { localEmrPatientSource } from './adapters/emr/emr-source.ts';
import { configuredMailer, outboxFolderOf } from './adapters/mail/mailer.ts';
import { placesFromSettings } from './adapters/places/places.ts';
import { configuredFileStorage } from './adapters/storage/configured-storage.ts';
import { sweepUnreferencedFiles } from './adapters/storage/database-storage.ts';
import { outboxSubscriptionList } from './adapters/subscription/subscription-list.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { loggableError } from './lib/loggable-error.ts';
import { snapshotAwareSerializerCompiler } from './lib/serializer.ts';
import { activationRoutes } from './modules/activation/activation.routes.ts';
import { outboxRoutes } from './modules/admin-outbox/outbox.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { billRoutes } from './modules/bill/bill.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { bundleRoutes } from './modules/bundle/bundle.routes.ts';
import { cancelRoutes } from './modules/cancel/cancel.routes.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { captchaAccepted } from './modules/captcha/captcha.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { clientLogRoutes } from './modules/client-log/client-log.routes.ts';
import { collectionRoutes } from './modules/collection/collection.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { discountRoutes } from './modules/discount/discount.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { dxCodeRoutes } from './modules/dx-codes/dx-codes.routes.ts';
import { handoffRoutes } from './modules/handoff/handoff.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { insuranceRoutes } from './modules/insurance/insurance.routes.ts';
import { intakeRoutes } from './modules/intake/intake.routes.ts';
import { sweepChangeAnswers } from './modules/order/change-answers.repository.ts';
import { orderRoutes } from './modules/order/order.routes.ts';
import { registerSaveKeys } from './modules/order/save-key.ts';
import { orderHistoryRoutes, orderListRoutes } from './modules/order-history/order-history.routes.ts';
import { startStatusTidyQueue } from './modules/order-history/status-tidy-queue.ts';
import { amountDueRoutes } from './modules/order-status/amount-due.ts';
import { orderStatusRoutes } from './modules/order-status/order-status.routes.ts';
import { chartNumberLookup } from './modules/patient/patient.repository.ts';
import { patientRoutes } from './modules/patient/patient.routes.ts';
import { patientManagementRoutes } from './modules/patient-management/patient-management.routes.ts';
import { localGateway } from './modules/payment/gateway/local-gateway.ts';
import { startInstalmentQueue } from './modules/payment/instalment-queue.ts';
import { paymentRoutes } from './modules/payment/payment.routes.ts';
import type { PaymentDeps } from './modules/payment/payment.service.ts';
import { pitlRoutes } from './modules/pitl/pitl.routes.ts';
import { placesRoutes } from './modules/places/places.routes.ts';
import { practitionerRoutes } from './modules/practitioner/practitioner.routes.ts';
import { pricingRoutes } from './modules/pricing/pricing.routes.ts';
import { recollectRoutes } from './modules/recollect/recollect.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { removalRoutes } from './modules/removal/removal.routes.ts';
import { requisitionRoutes } from './modules/requisition/requisition.routes.ts';
import { reviewRoutes } from './modules/review/review.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { createSessionService } from './modules/session/session.service.ts';
import { portalTracking, rateTableCarrier } from './modules/shipping/carrier.ts';
import { shippingRoutes } from './modules/shipping/shipping.routes.ts';
import { trackingRoutes } from './modules/shipping/tracking.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { startStatusEmailQueue } from './modules/status-emails/status-email-queue.ts';
import { statusEmailSettingsRoutes } from './modules/status-emails/status-email-settings.routes.ts';
import { registerAuditTrail } from './plugins/audit.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerNoStore } from './plugins/no-store.ts';
import { withDocumentedHeaders } from './plugins/openapi-headers.ts';
import { fixNullableSiblings } from './plugins/openapi-nullable.ts';
import { withOperationIds } from './plugins/openapi-operation-ids.ts';
import { databaseRateLimitStore, sweepRateLimitHits } from './plugins/rate-limit-store.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerSupportedTextCheck } from './plugins/supported-text.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    lifecycle: Lifecycle;
  }
}

/**
 * Where the process is in a graceful shutdown (docs/decisions/0156): `draining` turns /readyz 503 while requests are
 * still served; `closing` refuses requests that arrive after the server stopped accepting (503, Retry-After).
 */
export interface Lifecycle {
  draining: boolean;
  closing: boolean;
}

/**
 * Development logs, read by a person at a terminal, are printed by pino-pretty (a development dependency, so only where
 * it is installed); production logs, and any log that goes to a file or a collector, stay one JSON object a line.
 */
function readableInTerminal(config: Config): boolean {
  if (config.production || !process.stdout.isTTY) return false;
  try {
    import.meta.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Request logs carry the method, the path (never the query: it may hold a date of birth) and the id. Errors are
 * logged by kind and code, never by message; bodies, queries and parameters are removed wherever they would appear
 * (docs/decisions/0210).
 */
const logger = (config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] =>
  config.logLevel === 'silent'
    ? false
    : {
        level: config.logLevel,
        ...(stream ? { stream } : readableInTerminal(config) ? { transport: { target: 'pino-pretty' } } : {}),
        redact: {
          paths: [
            'req.headers.authorization',
            'req.headers.cookie',
            'res.headers["set-cookie"]',
            'body',
            'query',
            'params',
            'payload',
            '*.body',
            '*.query',
            '*.params',
            '*.payload',
          ],
          remove: true,
        },
        serializers: {
          req: (req: { method: string; url: string; id: string }) => ({
            id: req.id,
            method: req.method,
            path: req.url.split('?')[0],
          }),
          err: loggedErrorOf,
          error: loggedErrorOf,
        },
      };

/** pino's error fields, with the message withheld (docs/decisions/0210). */
const loggedErrorOf = (error: unknown) => {
  const summary = loggableError(error);
  return { ...summary, type: summary.kind, message: '(withheld)', stack: (summary.frames ?? []).join('\n') };
};

/** How a test or bench builds the app: its log may go to a stream it reads. */
export interface BuildOptions {
  logStream?: DestinationStream;
}

export async function buildApp(config: Config, db: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger(config, options.logStream),
    // A hop count trusts that many proxies from the socket inwards (what Fastify does for a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // A request arriving on a kept-alive connection while the server closes gets the one envelope with Retry-After
    // (the hook below), not Fastify's bare 503.
    return503OnClosing: false,
  });
  app.decorate('db', db);
  app.decorate('lifecycle', { draining: false, closing: false });
  app.addHook('onRequest', async (_request, reply) => {
    if (!app.lifecycle.closing) return;
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .send({ error: 'Service Unavailable', message: MESSAGES.temporarilyUnavailable });
  });
  app.addHook('preClose', async () => {
    app.lifecycle.draining = true;
    app.lifecycle.closing = true;
  });
  app.decorate('config', config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(snapshotAwareSerializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // While draining, every answer closes its connection, so no client sends its next request on a kept-alive
    // connection just as the server closes it (docs/decisions/0156).
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });

  registerErrorHandling(app, messages(config.supportPhone).unexpectedError);
  registerSupportedTextCheck(app);
  registerNoStore(app);
  await registerSecurityHeaders(app);
  registerSaveKeys(app);
  await app.register(fastifyCookie);
  registerAuditTrail(app);
  const sessions = createSessionService(db, config.sessionSecret, undefined, {
    adminTotpRequired: config.adminTotpRequired,
  });
  registerAuth(app, sessions, config.sessionSecret);
  await app.register(fastifyRateLimit, { global: false, store: databaseRateLimitStore(db) });
  // ID-card uploads (spec 2 §9): one file of at most 12582912 bytes per request.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Gear portal API', version: '1.0.0' },
      servers: [{ url: '/', description: 'This portal' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // The headers a route reads outside its schema (If-Match, Idempotency-Key, X-Gear-Captcha; decision 0228).
    // Every operation has an operationId: the route's own, else one made of its method and path (decision 0228).
    transform: withOperationIds(withDocumentedHeaders(jsonSchemaTransform)),
    // OpenAPI 3.0's nullable always beside a type (Redocly's recommended rules; decision 0228).
    transformObject: (input) => fixNullableSiblings(jsonSchemaTransformObject(input)),
  });
  // The API documentation: off in production unless API_DOCS=true (issue 14, Low; docs/decisions/0218).
  if (config.apiDocs)
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list' },
      staticCSP: true,
    });

  await app.register(healthRoutes);
  await app.register(sessionRoutes(sessions, config.production));
  await app.register(captchaRoutes);
  await app.register(practitionerRoutes);
  await app.register(orderRoutes);
  await app.register(activationRoutes);
  await app.register(registrationRoutes);
  await app.register(dxCodeRoutes);
  await app.register(catalogueRoutes);
  await app.register(requisitionRoutes);
  await app.register(billingRoutes);
  await app.register(bundleRoutes);
  await app.register(pricingRoutes);
  await app.register(discountRoutes);
  await app.register(collectionRoutes());
  await app.register(shippingRoutes());
  await app.register(removalRoutes);
  // Payments (decision 0120): the local gateway on this database, the carrier's rates, the captcha's once-only check.
  const payments: PaymentDeps = {
    gateway: localGateway(db),
    carrier: rateTableCarrier(),
    captchaAccepted,
    fingerprintKey: config.sessionSecret,
  };
  await app.register(reviewRoutes(payments));
  if (config.instalmentJob) {
    // Decision 0160: the hourly run is a pg-boss job on this database; one is asked for at start.
    // A queue that cannot start (the database unreachable) leaves the portal serving; the next start tries again.
    try {
      const queue = await startInstalmentQueue(db, payments.gateway, {
        log: (message) => app.log.warn(message),
      });
      await queue.runNow();
      app.addHook('onClose', async () => queue.stop());
    } catch (error) {
      app.log.warn(`instalment queue not started: ${error instanceof Error ? error.name : 'unknown'}`);
    }
  }
  await app.register(paymentRoutes(payments));
  await app.register(cancelRoutes(payments.gateway));
  await app.register(recollectRoutes(payments.gateway));
  await app.register(pitlRoutes(payments.gateway));
  await app.register(amountDueRoutes(payments));
  await app.register(billRoutes(payments));
  await app.register(statusEmailSettingsRoutes);
  await app.register(clientLogRoutes);
  await app.register(patientManagementRoutes);
  await app.register(
    patientRoutes({
      emr: localEmrPatientSource(chartNumberLookup(db)),
      subscriptions: outboxSubscriptionList(db),
    }),
  );
  const files = await configuredFileStorage(config, db);
  if (files.moved > 0) app.log.info({ moved: files.moved }, 'files moved from disk into the database');
  // Hourly: stored files nothing points at, and answers kept for repeated saves past a day (decisions 0200, 0201).
  const sweep = setInterval(
    () => {
      const sweeps = [
        sweepChangeAnswers(db),
        sweepRateLimitHits(db),
        ...(config.fileStorage === 'database' ? [sweepUnreferencedFiles(db)] : []),
      ];
      Promise.all(sweeps).catch((error: { code?: string }) =>
        app.log.warn({ code: error?.code }, 'sweep failed'),
      );
    },
    60 * 60 * 1000,
  );
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  await app.register(insuranceRoutes(files.storage));
  await app.register(orderStatusRoutes(files.storage, portalTracking(config.publicUrl), payments));
  await app.register(intakeRoutes({ storage: files.storage, senders: config.intakeSenders }));
  await app.register(trackingRoutes);
  const mailer = configuredMailer(config);
  app.addHook('onClose', async () => mailer.close());
  if (config.instalmentJob) {
    // Decision 0301: the patients' status emails, written by the intake, sent by a pg-boss job on this database (the
    // background jobs run where the instalment job runs: INSTALMENT_JOB, off in tests, which run the job themselves).
    try {
      const queue = await startStatusEmailQueue(db, mailer, {
        publicUrl: config.publicUrl,
        supportPhone: config.supportPhone,
        log: (fields, message) => app.log.warn(fields, message),
      });
      await queue.runNow();
      app.addHook('onClose', async () => queue.stop());
    } catch (error) {
      app.log.warn(`status email queue not started: ${error instanceof Error ? error.name : 'unknown'}`);
    }
  }
  if (config.instalmentJob) {
    // Decision 0333: the clean-up of the kept order statuses, asked for by the lists that keep them, is a pg-boss job
    // (not a request's work), run where the other background jobs run.
    try {
      const queue = await startStatusTidyQueue(db, { log: (message) => app.log.warn(message) });
      app.addHook('onClose', async () => queue.stop());
    } catch (error) {
      app.log.warn(`status tidy queue not started: ${error instanceof Error ? error.name : 'unknown'}`);
    }
  }
  await app.register(handoffRoutes(mailer));
  await app.register(contactRoutes(mailer));
  await app.register(placesRoutes(placesFromSettings(config.places)));
  await app.register(documentRoutes);
  await app.register(auditRoutes);
  await app.register(orderHistoryRoutes);
  await app.register(orderListRoutes);
  await app.register(outboxRoutes(mailer, config.smtpUrl ? null : outboxFolderOf(config.dataDir)));
  await app.register(siteRoutes(config.webDistDir));
  return app;
}
