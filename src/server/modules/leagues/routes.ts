/** GET /api/leagues, GET /api/leagues/:leagueId/matches and GET /api/leagues/:leagueId/standings: public. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leagueListResponse, leagueMatchesResponse, leagueParams } from '../../../contracts/leagues';
import type { AppContext } from '../../context';
import { getLeagueMatches, listLeagues } from './service';
import { standingsResponse } from '../../../contracts/standings';
import { leagueStandings } from './standings';

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
  api.get(
    '/leagues/:leagueId/standings',
    { schema: { tags: ['leagues'], params: leagueParams, response: { 200: standingsResponse } } },
    async (request) => leagueStandings(db, request.params.leagueId),
  );
}
