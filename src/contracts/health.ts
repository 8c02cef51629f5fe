/** GET /api/health (liveness) and GET /api/ready (readiness). */
import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  build: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** GET /api/ready: 200 when this instance can serve, 503 otherwise, with each check's verdict. */
export const readyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: z.boolean(), migrations: z.boolean(), jobs: z.boolean() }),
  /** Background jobs that have not run on schedule. */
  stalledJobs: z.array(z.string()),
  /** The instance is shutting down (SIGTERM): it still answers for a moment, but send it nothing new. */
  draining: z.boolean(),
  /**
   * The embedded database's disk (absent on PostgreSQL): `state` ok, full (writes refused) or failed
   * (stopped until it reopens), free space and the reserve in MB, and the reason in plain English.
   */
  storage: z.object({
    state: z.enum(['ok', 'full', 'failed']),
    freeMb: z.number(),
    reserveMb: z.number(),
    reason: z.string().optional(),
  }).optional(),
});
export type ReadyResponse = z.infer<typeof readyResponse>;
