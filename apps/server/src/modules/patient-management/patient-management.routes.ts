import {
  errorEnvelopeSchema,
  gsdlNoSchema,
  MESSAGES,
  managedPatientSchema,
  PATIENT_FILE_LIMITS,
  PATIENT_MANAGEMENT_MESSAGES,
  patientDeleteAnswerSchema,
  patientDeleteBodySchema,
  patientImportPreviewSchema,
  patientListQuerySchema,
  patientOrderSummarySchema,
  patientOrdersQuerySchema,
} from '@gear/domain';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import {
  deleteManagedPatients,
  exportManagedPatients,
  listManagedPatients,
  type PatientFile,
  patientOrders,
  uploadPatientFile,
} from './patient-management.service.ts';

const tags = ['Patient management'];
const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};

const tooLarge = () =>
  new HttpError(413, PATIENT_MANAGEMENT_MESSAGES.fileTooLarge, [
    { field: 'file', defaultMessage: PATIENT_MANAGEMENT_MESSAGES.fileTooLarge },
  ]);

/** The multipart form of the upload: the file (cut off by the parser past the cap) and gsdlNo. */
async function readUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: PatientFile | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: PATIENT_FILE_LIMITS.maxBytes, files: 1 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw tooLarge();
      if (part.fieldname === 'file' && file === null)
        file = { fileName: part.filename, bytes: Buffer.concat(chunks) };
    }
  } catch (error) {
    if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof HttpError) throw error;
    if ((error as FastifyError).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw badRequest(PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile, [
        { field: 'file', defaultMessage: PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile },
      ]);
    throw error;
  }
  if (file === null)
    throw badRequest(PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile, [
      { field: 'file', defaultMessage: PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile },
    ]);
  const gsdlNo = gsdlNoSchema.safeParse(fields.gsdlNo ?? '');
  if (!gsdlNo.success)
    throw badRequest(MESSAGES.invalidInput, [{ field: 'gsdlNo', defaultMessage: MESSAGES.invalidInput }]);
  return { file, gsdlNo: gsdlNo.data };
}

/** Patient management (spec 3 §2, §5, §7; decisions 0270, 0271). */
export async function patientManagementRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/gear/patient-management/list',
    {
      schema: {
        tags,
        operationId: 'listManagedPatients',
        summary: "A page of a practitioner's patients, searched by name and date of birth",
        description:
          'gsdlNo as spec 3 §7; query (name words and a date of birth, as the patient step reads them), offset and ' +
          'limit (at most 100) page the list in name order. The caller must be allowed to order for the practitioner ' +
          '(admins for any); patients 403.',
        querystring: patientListQuerySchema,
        response: { 200: z.array(managedPatientSchema), ...refusals },
      },
    },
    (request) => listManagedPatients(app.db, callerOf(request).userInfo, request.query),
  );

  api.get(
    '/gear/patient-management/export',
    {
      schema: {
        tags,
        operationId: 'exportManagedPatients',
        summary: "A practitioner's patients as CSV in the upload's layout, formula cells neutralised",
        querystring: patientListQuerySchema.pick({ gsdlNo: true, query: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), ...refusals },
      },
    },
    async (request, reply) => {
      const csv = await exportManagedPatients(app.db, callerOf(request).userInfo, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="patients-${request.query.gsdlNo}.csv"`)
        .send(csv);
    },
  );

  api.get(
    '/gear/patient-management/orders',
    {
      schema: {
        tags,
        operationId: 'managedPatientOrders',
        summary: "A patient's orders with this practitioner and what is known of each today",
        querystring: patientOrdersQuerySchema,
        response: { 200: z.array(patientOrderSummarySchema), ...refusals },
      },
    },
    (request) => patientOrders(app.db, callerOf(request).userInfo, request.query),
  );

  api.post(
    '/gear/patient-management/uploadCSV',
    {
      schema: {
        tags,
        operationId: 'uploadPatientFile',
        summary: "Add the patients of a .csv or .txt file to a practitioner's list",
        description:
          `Multipart: file and gsdlNo (spec 3 §7). At most ${PATIENT_FILE_LIMITS.maxBytes} bytes (413) and ` +
          `${PATIENT_FILE_LIMITS.maxRows} patients. Without dryRun the lines that are neither duplicates (same name ` +
          'and date of birth) nor in error are added in one transaction and the patients added are answered; ' +
          'with dryRun=true nothing is written and the preview is answered.',
        querystring: z.object({
          dryRun: z
            .enum(['true', 'false'])
            .optional()
            .transform((value) => value === 'true'),
        }),
        consumes: ['multipart/form-data'],
        response: {
          200: z.union([z.array(managedPatientSchema), patientImportPreviewSchema]),
          ...refusals,
          413: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest(PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile, [
          { field: 'file', defaultMessage: PATIENT_MANAGEMENT_MESSAGES.noPatientsInFile },
        ]);
      const { file, gsdlNo } = await readUpload(request);
      return uploadPatientFile(app.db, callerOf(request).userInfo, {
        gsdlNo,
        file,
        dryRun: request.query.dryRun,
      });
    },
  );

  api.delete(
    '/gear/patient-management/delete',
    {
      schema: {
        tags,
        operationId: 'deleteManagedPatients',
        summary: "Remove patients from practitioners' lists",
        description:
          'A JSON map of gsdlNo to arrays of patient ids (spec 3 §7). Every practitioner named must be one the caller ' +
          'may order for (403, nothing deleted). A patient with an open order, or not on that list, is not deleted ' +
          'and is named in notDeleted with the reason.',
        body: patientDeleteBodySchema,
        response: { 200: patientDeleteAnswerSchema, ...refusals },
      },
    },
    (request) => deleteManagedPatients(app.db, callerOf(request).userInfo, request.body),
  );
}
