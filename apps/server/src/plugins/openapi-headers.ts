import type { FastifySchema } from 'fastify';

/**
 * The request headers the API reads outside a route's own schema, described in the OpenAPI document
 * (docs/decisions/0228), so that other people's tools know to send them. Authorization is the document's bearer
 * security scheme; cookies are the browser's.
 */
interface HeaderDoc {
  name: string;
  description: string;
  schema: Record<string, unknown>;
  /** Which operations read it. */
  appliesTo: (method: string, url: string) => boolean;
}

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The order proofs and the sign-in, whose attempts are counted against a budget (decisions 0141, 0211, 0222). */
export const CHALLENGE_OPERATIONS = [
  'GET /gear/order/:id',
  'GET /gear/order',
  'GET /gear/orderId',
  'GET /gear/order/validation/:id',
  'POST /api/session',
];

/** Routes that change no order, so take no order version nor save key. */
const NO_ORDER_VERSION = [/^\/api\//, /^\/gear\/captcha\//, /^\/gear\/intake\//];

const changesAnOrder = (method: string, url: string) =>
  CHANGING.has(method) && !NO_ORDER_VERSION.some((pattern) => pattern.test(url));

export const DOCUMENTED_HEADERS: HeaderDoc[] = [
  {
    name: 'x-gear-captcha',
    description:
      'A solved proof-of-work challenge (the ALTCHA payload; challenges from GET /gear/captcha/challenge), sent ' +
      'after a 429: past the budget of attempts on an order, an activation number or a login name, an attempt that ' +
      'carries one is still evaluated (and counted). Each solution is accepted once (docs/decisions/0222).',
    schema: { type: 'string', maxLength: 4096 },
    appliesTo: (method, url) => CHALLENGE_OPERATIONS.includes(`${method} ${url}`),
  },
  {
    name: 'if-match',
    description:
      'The version of the order this change is based on (`5`, `"5"` or `W/"5"`), when the body or query does not ' +
      'carry `version`. A change that names no version answers 428; one based on an older version 409 ' +
      '(docs/decisions/0065).',
    schema: { type: 'string', maxLength: 40 },
    appliesTo: changesAnOrder,
  },
  {
    name: 'idempotency-key',
    description:
      'A key of your choosing (8 to 100 letters, digits or `-_.:`) that makes a retried change safe: the same ' +
      'change sent again under the same key answers what the first one saved instead of changing the order again; ' +
      'the key with a different change answers 422 (docs/decisions/0080, 0200). Not used by uploads.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' },
    appliesTo: (method, url) => changesAnOrder(method, url) && url !== '/gear/uploadInsuranceAttachment',
  },
];

interface TransformInput {
  schema: FastifySchema;
  url: string;
  route: { method: string | string[] };
}

type JsonObject = { type?: string; properties?: Record<string, unknown>; required?: string[] };

/**
 * Wraps the swagger transform: adds the headers a route reads (above) to the header parameters its schema already
 * declares. The route's own declarations win.
 */
export function withDocumentedHeaders<T extends TransformInput, R extends { schema: unknown }>(
  transform: (input: T) => R,
): (input: T) => R {
  return (input) => {
    const output = transform(input);
    const methods = Array.isArray(input.route.method) ? input.route.method : [input.route.method];
    const wanted = DOCUMENTED_HEADERS.filter((header) =>
      methods.some((method) => header.appliesTo(method.toUpperCase(), input.url)),
    );
    if (wanted.length === 0 || output.schema === null || typeof output.schema !== 'object') return output;
    const schema = output.schema as { headers?: JsonObject; hide?: boolean };
    const headers: JsonObject = { type: 'object', ...schema.headers };
    const properties = { ...headers.properties };
    for (const header of wanted)
      properties[header.name] ??= { ...header.schema, description: header.description };
    return { ...output, schema: { ...schema, headers: { ...headers, properties } } };
  };
}
