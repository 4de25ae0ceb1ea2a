import { z } from 'zod';
import { databaseId, orderVersion } from './values.ts';

/** 'new', 0 or null: the bundle starts a new order. */
const newOrderId = z.union([z.literal('new'), z.literal(0), z.null()]).transform(() => null);

/**
 * Body of PUT /gear/bundle/{gearBundleId}/order (spec 1 §7: gearBundleId, gearOrderId, practAgreement). gearOrderId
 * names an order of the bundle's practitioner to add the products to (its version optional), or none for a new order,
 * which then needs the practitioner step's agreement.
 */
export const bundleOrderBodySchema = z.object({
  gearBundleId: databaseId,
  gearOrderId: z.union([databaseId, newOrderId]).default(null),
  practAgreement: z.boolean().nullable().default(null),
  version: orderVersion.optional(),
});

export type BundleOrderBody = z.infer<typeof bundleOrderBodySchema>;
export type BundleOrderRequest = z.input<typeof bundleOrderBodySchema>;
