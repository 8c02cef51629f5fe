/**
 * GET /metrics: this instance's metrics in Prometheus's text format (observability/metrics.ts). With
 * METRICS_TOKEN set, only for `Authorization: Bearer <token>` (401 otherwise); without it, open, for a
 * scraper on a private network. Outside /api and the OpenAPI document: it is for machines.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { errors } from '../errors';

/** Whether `header` carries the bearer `token` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Registers GET /metrics. */
export async function metricsRoutes(app: FastifyInstance, { env, metrics }: AppContext) {
  app.get('/metrics', { schema: { hide: true }, config: { rankingNeutral: true } }, async (request, reply) => {
    if (env.METRICS_TOKEN && !bearerMatches(request.headers.authorization, env.METRICS_TOKEN)) throw errors.unauthenticated();
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
