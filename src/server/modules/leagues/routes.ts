/** GET /api/leagues and GET /api/leagues/:leagueId/matches: public. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leagueListResponse, leagueMatchesResponse, leagueParams } from '../../../contracts/leagues';
import type { AppContext } from '../../app';
import { getLeagueMatches, listLeagues } from './service';

/** Registers the public league routes: the list, and one league with its matches (404 league_not_found). */
export async function leagueRoutes(app: FastifyInstance, { db }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/leagues', { schema: { tags: ['leagues'], response: { 200: leagueListResponse } } }, async () => ({
    leagues: await listLeagues(db),
  }));
  api.get(
    '/leagues/:leagueId/matches',
    { schema: { tags: ['leagues'], params: leagueParams, response: { 200: leagueMatchesResponse } } },
    async (request) => getLeagueMatches(db, request.params.leagueId),
  );
}
