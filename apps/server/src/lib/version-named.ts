import { MESSAGES } from '@gear/domain';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error.ts';

/** An order version in If-Match: `5`, `"5"` or `W/"5"` (RFC 9110 entity tags; the version is the tag). */
const IF_MATCH = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/;

/**
 * The version of the order a change was based on (docs/decisions/0065): the `version` the call's body (or, for a call
 * without a body, its query) carries, else the If-Match header. undefined when the call names none (the change core
 * answers 428). An If-Match that is not one version is a bad request.
 */
export function versionNamed(request: FastifyRequest, sent: number | undefined): number | undefined {
  if (sent !== undefined) return sent;
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = IF_MATCH.exec(Array.isArray(header) ? header.join(',') : header);
  const version = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(version) || version > 2_147_483_647)
    throw badRequest(MESSAGES.invalidInput, [{ field: 'If-Match', defaultMessage: MESSAGES.invalidInput }]);
  return version;
}
