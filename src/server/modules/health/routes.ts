/**
 * GET /api/health (liveness: the process answers, with its version and build) and GET /api/ready
 * (readiness); and one log line each time the embedded database's disk fills up or has room again.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse, readyResponse } from '../../../contracts/health';
import { onStorageChange } from '../../db/embedded-storage';
import type { AppContext } from '../../context';
import { APP_VERSION } from '../../version';
import { readiness } from './ready';

/**
 * Registers GET /health: `{status: "ok", version, build}`; and GET /ready: 200 `{status: "ready", checks}`
 * when the database answers, the migrations are applied, the jobs run and the embedded database's disk
 * has room, else 503 `not_ready` (with `storage.reason` when the disk is the cause). No sign-in needed
 * (load balancers and orchestrators call them); neither reveals anything private.
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
      return reply.status(verdict.ready ? 200 : 503).header('cache-control', 'no-store').send({
        status: verdict.ready ? 'ready' : 'not_ready', checks: verdict.checks, stalledJobs: verdict.stalledJobs, draining: verdict.draining,
        ...(verdict.storage ? { storage: verdict.storage } : {}),
      });
    },
  );
  const stopWatching = onStorageChange(db, (status) => {
    if (status.state === 'ok') app.log.info({ freeMb: status.freeMb }, 'the disk holding DATA_DIR has room again: writes accepted');
    else app.log.warn({ state: status.state, freeMb: status.freeMb, reserveMb: status.reserveMb }, status.reason ?? 'the disk holding DATA_DIR is full');
  });
  app.addHook('onClose', async () => stopWatching());
}
