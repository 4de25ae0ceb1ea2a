import {
  errorEnvelopeSchema,
  MESSAGES,
  mayOrderFor,
  patientStatusEmailsBodySchema,
  patientStatusEmailsSchema,
  showsPatientSearch,
  type UserInfo,
} from '@gear/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { practitioners } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { findPractitioner } from '../practitioner/practitioner.repository.ts';

const params = z.object({ gsdl: z.string().min(1).max(20) });
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

/** The practitioner, for one who may act for them (their own number, onBehalfOf, or an admin); patients 403. */
async function practitionerFor(db: Db, user: UserInfo, gsdlNo: string) {
  if (!showsPatientSearch(user)) throw forbidden(MESSAGES.forbidden);
  const practitioner = await findPractitioner(db, gsdlNo);
  if (!practitioner) throw notFound(MESSAGES.practitionerNotFound(gsdlNo));
  if (!mayOrderFor(user, practitioner)) throw forbidden(MESSAGES.forbidden);
  return practitioner;
}

async function settingOf(db: Db, gsdlNo: string) {
  const [row] = await db
    .select({ gsdlNo: practitioners.gsdlNo, patientStatusEmails: practitioners.patientStatusEmails })
    .from(practitioners)
    .where(eq(practitioners.gsdlNo, gsdlNo));
  if (!row) throw notFound(MESSAGES.practitionerNotFound(gsdlNo));
  return row;
}

/** The practitioner's choice of patient status emails (decision 0301), on the Patient Management page. */
export async function statusEmailSettingsRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/gear/practitioner/:gsdl/patient-status-emails',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Practitioner'],
        operationId: 'patientStatusEmails',
        summary: 'Whether the practitioner’s patients get status emails (issue 17; decision 0301)',
        params,
        response: { 200: patientStatusEmailsSchema, ...refusals },
      },
    },
    async (request) => {
      const practitioner = await practitionerFor(app.db, callerOf(request).userInfo, request.params.gsdl);
      return settingOf(app.db, practitioner.gsdlNo);
    },
  );
  api.put(
    '/gear/practitioner/:gsdl/patient-status-emails',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['Practitioner'],
        operationId: 'savePatientStatusEmails',
        summary: 'Turn the practitioner’s patients’ status emails on or off (issue 17; decision 0301)',
        description:
          'For the practitioner, staff acting for them, or an admin; patients and other practitioners 403. Emails ' +
          'already written by the intake are still sent; new facts follow the choice.',
        params,
        body: patientStatusEmailsBodySchema,
        response: { 200: patientStatusEmailsSchema, ...refusals },
      },
    },
    async (request) => {
      const practitioner = await practitionerFor(app.db, callerOf(request).userInfo, request.params.gsdl);
      await app.db
        .update(practitioners)
        .set({ patientStatusEmails: request.body.patientStatusEmails })
        .where(eq(practitioners.gsdlNo, practitioner.gsdlNo));
      await recordAudit(app.db, {
        action: 'patientStatusEmailsSaved',
        detail: { gsdlNo: practitioner.gsdlNo, patientStatusEmails: request.body.patientStatusEmails },
      });
      return settingOf(app.db, practitioner.gsdlNo);
    },
  );
}
