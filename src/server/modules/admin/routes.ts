/** PUT /api/admin/matches/:matchId/result: platform administrators only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { matchParams, matchResultRequest } from '../../../contracts/admin';
import { match } from '../../../contracts/leagues';
import type { AppContext } from '../../app';
import { requireViewer } from '../../auth/viewer';
import { errors } from '../../errors';
import { setMatchResult } from './service';

/** Registers the admin routes; every one answers 401 signed out and 403 for non-administrators. */
export async function adminRoutes(app: FastifyInstance, { db, auth }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/admin/matches/:matchId/result',
    {
      schema: {
        tags: ['admin'],
        params: matchParams,
        body: matchResultRequest,
        response: { 200: z.object({ match, rescored: z.number().int() }) },
      },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      if (viewer.role !== 'Platform Administrator') throw errors.forbidden('Only platform administrators can set results.');
      return setMatchResult(db, request.params.matchId, request.body);
    },
  );
}
