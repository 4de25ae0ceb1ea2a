import { z } from 'zod';

/** A field's message in the spec's own envelope shape (spec 1 §7 'errors[{field, defaultMessage}]'). */
export const fieldErrorSchema = z.object({
  field: z.string().describe("The field's path in the request body, dotted (insurance.subscriberId)"),
  defaultMessage: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** The one error envelope of every non-2xx answer (ARCHITECTURE.md, 'Rules of the house'). */
export const errorEnvelopeSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
