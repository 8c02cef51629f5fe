/** GET /api/health (liveness: the process answers, with its version and build) and GET /api/ready (readiness). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse, readyResponse } from '../../../contracts/health';
import type { AppContext } from '../../app';
import { APP_VERSION } from '../../version';
import { readiness } from './ready';

/**
 * Registers GET /health: `{status: "ok", version, build}`; and GET /ready: 200 `{status: "ready", checks}`
 * when the database answers, the migrations are applied and the jobs run, else 503 `not_ready`. No
 * sign-in needed (load balancers and orchestrators call them); neither reveals anything private.
 */
export async function healthRoutes(app: FastifyInstance, { db, jobs }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/health',
    { schema: { tags: ['system'], response: { 200: healthResponse } } },
    async () => ({ status: 'ok' as const, version: APP_VERSION.version, build: APP_VERSION.build }),
  );
  api.get(
    '/ready',
    { schema: { tags: ['system'], response: { 200: readyResponse, 503: readyResponse } } },
    async (_request, reply) => {
      const verdict = await readiness(db, jobs);
      return reply.status(verdict.ready ? 200 : 503).header('cache-control', 'no-store')
        .send({ status: verdict.ready ? 'ready' : 'not_ready', checks: verdict.checks, stalledJobs: verdict.stalledJobs, draining: verdict.draining });
    },
  );
}
