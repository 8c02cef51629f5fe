/**
 * A member's jokers: GET /api/groups/:groupId/jokers (members: their own), PUT and DELETE
 * /api/groups/:groupId/jokers/:matchId (place or move; take back) while the match is open. See service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupParams } from '../../../contracts/groups';
import { jokerParams, myJokersResponse, placeJokerRequest } from '../../../contracts/jokers';
import type { AppContext } from '../../context';
import { requireViewer } from '../../auth/viewer';
import { myJokers, placeJoker, takeBackJoker } from './service';

/** Registers the joker routes; all need a signed-in member. A joker moves only among open matches: no ranking moves. */
export async function jokerRoutes(app: FastifyInstance, { db, auth }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/groups/:groupId/jokers',
    { schema: { tags: ['jokers'], params: groupParams, response: { 200: myJokersResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { jokers: await myJokers(db, viewer, request.params.groupId, new Date()) };
    },
  );
  api.put(
    '/groups/:groupId/jokers/:matchId',
    { config: { rankingNeutral: true }, schema: { tags: ['jokers'], params: jokerParams, body: placeJokerRequest, response: { 200: myJokersResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      const { groupId, matchId } = request.params;
      return { jokers: await placeJoker(db, viewer, groupId, matchId, request.body?.from ?? null) };
    },
  );
  api.delete(
    '/groups/:groupId/jokers/:matchId',
    { config: { rankingNeutral: true }, schema: { tags: ['jokers'], params: jokerParams, response: { 200: myJokersResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { jokers: await takeBackJoker(db, viewer, request.params.groupId, request.params.matchId) };
    },
  );
}
