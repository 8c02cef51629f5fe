/** GET /api/health: liveness, version and build. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../contracts/health';
import { APP_VERSION } from '../../version';

/** Registers GET /health: `{status: "ok", version, build}`, no sign-in needed. */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { tags: ['system'], response: { 200: healthResponse } } },
    async () => ({ status: 'ok' as const, version: APP_VERSION.version, build: APP_VERSION.build }),
  );
}
