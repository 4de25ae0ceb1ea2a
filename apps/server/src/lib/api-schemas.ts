import type { GearOrder } from '@gear/domain';
import { z } from 'zod';

/** Response schemas: they document the API (OpenAPI at /api/docs) and shape what is serialised. */
export const userInfoSchema = z
  .object({
    type: z.enum(['myGDX', 'prc']),
    gsdlNo: z.string().nullable(),
    onBehalfOf: z.string().describe('Comma list of GSDL numbers the user acts for'),
    adminUser: z.enum(['true', 'false']),
  })
  .meta({ id: 'UserInfo' });

const addressSchema = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
});

export const practitionerSchema = z
  .object({
    gsdlNo: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    degree: z.string(),
    authorizingDoctorGsdlNo: z.string().nullable(),
    billingMethods: z.array(z.enum(['Client', 'Insurance', 'Patient', 'Medicare'])),
    cmsCreditStatus: z.object({ creditStatus: z.string().nullable() }),
    capAuthorized: z.boolean(),
    shipToOfficePermitted: z.boolean(),
    covidRegistrationAccount: z.boolean(),
    doNotQuotePrices: z.boolean(),
    lkCloudSiteServiceKey: z.boolean(),
    cardOnFile: z.boolean(),
    cmsAttributes: z.array(z.number()),
    office: z.object({
      name: z.string(),
      address: addressSchema,
      phoneNumber: z.string(),
      reqLayoutId: z.number().nullable(),
      shippingCardOnFile: z.boolean(),
    }),
  })
  .meta({ id: 'Practitioner' });

const workflowStepSchema = z.object({
  id: z.number(),
  completed: z.boolean(),
  notApplicable: z.boolean(),
  notStarted: z.boolean(),
  skipped: z.boolean(),
  gearReqId: z.number().nullable(),
  userType: z.enum(['myGDX', 'prc']).nullable(),
  stepDate: z.string().nullable(),
  status: z.object({ id: z.number(), name: z.string() }),
});

/** gearOrder (spec 1 §3); requisitions and patient documents are described loosely until their steps land. */
export const orderSchema = z
  .looseObject({
    id: z.union([z.number(), z.literal('new')]),
    version: z.number(),
    practitioner: practitionerSchema.nullable(),
    practAgreement: z.boolean().nullable(),
    requisitions: z.array(z.unknown()).describe('Requisition[] (spec 1 §3)'),
    workflow: z.object({
      steps: z.array(workflowStepSchema),
      practitionerConfirmed: z.boolean(),
      patientConfirmed: z.boolean(),
      complete: z.boolean(),
    }),
  })
  .meta({ id: 'GearOrder' });

export const errorEnvelopeSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    errors: z.array(z.object({ field: z.string(), defaultMessage: z.string() })).optional(),
  })
  .meta({ id: 'ErrorEnvelope' });

export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** The order schema is loose (it passes every field of GearOrder through); this tells the type checker so. */
export const asOrderResponse = async (order: GearOrder | Promise<GearOrder>) =>
  (await order) as GearOrder & Record<string, unknown>;
