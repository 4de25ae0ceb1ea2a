import { z } from 'zod';

/**
 * GET /livez and GET /readyz (issue 21 §3, docs/decisions/0155): what an orchestrator or a load balancer asks. No data
 * in them: only whether the process lives and whether it can serve.
 */
export const livenessSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Liveness' });

export const readinessSchema = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    checks: z.object({
      /** The database answered SELECT 1 within the timeout. */
      database: z.boolean(),
      /** The database holds every migration this build carries. */
      migrations: z.boolean(),
      /** The process is not shutting down (a SIGTERM turns this false first). */
      accepting: z.boolean(),
    }),
  })
  .meta({ id: 'Readiness' });

export type Readiness = z.infer<typeof readinessSchema>;
