import type { FieldError } from '@gear/domain';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
};

export const reasonFor = (statusCode: number) => reasons[statusCode] ?? 'Error';

/** A refusal the client should see: its message goes to the browser as the error envelope. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** The envelope's `error` when the spec names the refusal (spec 3 §8 'RequisitionPaymentException'). */
    readonly errorName?: string,
  ) {
    super(message);
  }
}

/** A refusal the spec names by its exception (spec 3 §8): the name goes in the envelope's `error`. */
export const namedRefusal = (statusCode: number, errorName: string, message: string, errors?: FieldError[]) =>
  new HttpError(statusCode, message, errors, errorName);

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
/** A well-formed request that breaks the rules of its form: the fields' messages, 422. */
export const unprocessable = (message: string, errors?: FieldError[]) => new HttpError(422, message, errors);
export const preconditionRequired = (message: string) => new HttpError(428, message);
/** A service the portal relies on (the mail server) refused or failed: 502 with the user's message. */
export const badGateway = (message: string) => new HttpError(502, message);

/** Refuses the request with 400 when there are field errors: the first one's message, all of them listed. */
export function refuseIfAny(errors: readonly FieldError[]): void {
  const [first] = errors;
  if (first) throw badRequest(first.defaultMessage, [...errors]);
}

/** Field errors of a part of the body, named from the body's top (`insurance.subscriberId`). */
export const prefixed = (errors: readonly FieldError[], prefix: string): FieldError[] =>
  errors.map((error) => ({ ...error, field: `${prefix}.${error.field}` }));
