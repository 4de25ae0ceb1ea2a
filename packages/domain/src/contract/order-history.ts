import { z } from 'zod';
import { LISTED_ORDER_STATUSES } from '../status/listed-status.ts';
import { databaseId, storableText } from './values.ts';

/** The order history's page size: what fits a screen without scrolling far (docs/decisions/0281). */
export const ORDER_HISTORY_PAGE_SIZE = 25;
/** Longest search text: an order id, a requisition, activation or accession number, or a patient's name. */
export const ORDER_HISTORY_SEARCH_MAX_LENGTH = 100;

/** How many orders, newest first, one page filtered by status looks at before it answers (decision 0272). */
export const ORDER_HISTORY_STATUS_SCAN = 2000;

const isoDate = z.iso.date();

/**
 * GET /api/admin/orders (spec 1 §2.1 /order-history, admin only; docs/decisions/0281): every order, newest first,
 * filtered by practitioner and by the date the order was started (from and to inclusive, UTC days), searched by q
 * (an order id, a requisition or activation number, an accession number, or a patient's name: last name, first
 * name, or 'first last', each from its start). `before` is the order id the previous page ended at. `status` keeps
 * the orders whose derived status it is (decision 0272): a page then looks at most ORDER_HISTORY_STATUS_SCAN orders
 * and may hold fewer rows than `limit` while `nextBefore` says where to look on.
 */
export const orderHistoryQuerySchema = z
  .object({
    q: storableText.trim().max(ORDER_HISTORY_SEARCH_MAX_LENGTH).optional(),
    gsdlNo: z
      .string()
      .trim()
      .toUpperCase()
      .max(5)
      .regex(/^[A-Z0-9]*$/)
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    status: z
      .enum(LISTED_ORDER_STATUSES, { error: 'Choose a status from the list.' })
      .optional()
      .describe('Only orders in this derived status (spec 3 §4 order status page list; decision 0272)'),
    before: z.coerce.number().pipe(databaseId).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(ORDER_HISTORY_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    error: 'The end date must not be before the start date.',
  });
export type OrderHistoryQuery = z.infer<typeof orderHistoryQuerySchema>;
export type OrderHistoryRequest = z.input<typeof orderHistoryQuerySchema>;

export const orderHistoryRowSchema = z
  .object({
    gearOrderId: z.number(),
    practitioner: z
      .object({ gsdlNo: z.string(), firstName: z.string(), lastName: z.string(), degree: z.string() })
      .nullable(),
    patient: z.object({ nameFirst: z.string().nullable(), nameLast: z.string().nullable() }).nullable(),
    createdAt: z.string().describe('When the order was started (UTC)'),
    updatedAt: z.string().describe('Its last change (UTC)'),
    submittedAt: z.string().nullable().describe('When the practitioner confirmed it; null while in progress'),
    canceled: z.boolean(),
    status: z
      .enum(LISTED_ORDER_STATUSES)
      .describe('Derived on every read, never stored (spec 3 §4 order status page list; decision 0272)'),
    requisitions: z.array(
      z.object({
        gearReqId: z.number(),
        reqNumber: z.string().nullable(),
        activationCode: z.string().nullable(),
        accessionNo: z.string().nullable(),
        productName: z.string(),
        quantity: z.number(),
      }),
    ),
    totalPaidCents: z.number().describe('Payments authorized, captured, recorded or scheduled, in cents'),
    /**
     * Every test not canceled is billed to the practitioner's account (Physician Account): the practice pays the
     * lab's invoice, so nothing is paid through the portal.
     */
    billedToPractice: z.boolean(),
  })
  .meta({ id: 'OrderHistoryRow' });
export type OrderHistoryRow = z.infer<typeof orderHistoryRowSchema>;

export const orderHistoryPageSchema = z
  .object({
    orders: z.array(orderHistoryRowSchema),
    /** The `before` of the next (older) page; null on the last page. */
    nextBefore: z.number().nullable(),
    /**
     * With a status filter: the oldest order this page looked at (it looked at every order from the newest, or from
     * `before`, down to this one); null without a filter.
     */
    searchedTo: z.number().nullable(),
  })
  .meta({ id: 'OrderHistoryPage' });
export type OrderHistoryPage = z.infer<typeof orderHistoryPageSchema>;

/**
 * The two parts of the orders page, in this order (issue 15; docs/decisions/0310): orders not placed yet (the
 * practitioner has not confirmed them, spec 1 §4.1 step 11, and they were not canceled: drafts), then every other.
 */
export const ORDER_LIST_SECTIONS = ['drafts', 'placed'] as const;
export type OrderListSection = (typeof ORDER_LIST_SECTIONS)[number];

/**
 * GET /api/orders (issue 15 'an orders page'; docs/decisions/0310): the orders of the practitioners the caller may
 * order for (their own number and onBehalfOf; admins every practitioner), drafts first, then placed orders, each
 * part newest first. `q` and `status` as in the order history; `gsdlNo` narrows to one practitioner the caller may
 * order for. The keyset cursor is `section` + `before`: the part and the order id the previous page ended at.
 */
export const orderListQuerySchema = z.object({
  q: storableText.trim().max(ORDER_HISTORY_SEARCH_MAX_LENGTH).optional(),
  gsdlNo: z
    .string()
    .trim()
    .toUpperCase()
    .max(5)
    .regex(/^[A-Z0-9]*$/, { error: 'A GSDL number is up to 5 letters and digits.' })
    .optional(),
  status: z
    .enum(LISTED_ORDER_STATUSES, { error: 'Choose a status from the list.' })
    .optional()
    .describe('Only orders in this derived status (spec 3 §4 order status page list; decision 0272)'),
  section: z
    .enum(ORDER_LIST_SECTIONS, { error: 'The page to continue from is not known.' })
    .default('drafts')
    .describe('The part of the list the page starts in: drafts (not placed yet), then placed'),
  before: z.coerce.number().pipe(databaseId).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ORDER_HISTORY_PAGE_SIZE),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
export type OrderListRequest = z.input<typeof orderListQuerySchema>;

export const orderListCursorSchema = z.object({
  section: z.enum(ORDER_LIST_SECTIONS),
  before: z.number(),
});
export type OrderListCursor = z.infer<typeof orderListCursorSchema>;

export const orderListPageSchema = z
  .object({
    orders: z.array(
      z
        .object({
          ...orderHistoryRowSchema.shape,
          draft: z.boolean().describe('Not placed yet: not confirmed by the practitioner and not canceled'),
        })
        .meta({ id: 'OrderListRow' }),
    ),
    /** Where the next page starts (pass its section and before); null on the last page. */
    next: orderListCursorSchema.nullable(),
    /** With a status filter: the last order this page looked at; null without a filter. */
    searchedTo: orderListCursorSchema.nullable(),
  })
  .meta({ id: 'OrderListPage' });
export type OrderListPage = z.infer<typeof orderListPageSchema>;
export type OrderListRow = OrderListPage['orders'][number];
