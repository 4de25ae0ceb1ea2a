import { z } from 'zod';

/**
 * A row id in a path. The API's request and response schemas are the contract in packages/domain/src/contract
 * (docs/decisions/0075); only path parameters of the server's own are declared here.
 */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
