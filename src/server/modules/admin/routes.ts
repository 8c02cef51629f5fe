/**
 * The administrators' API under /api/admin (Platform Administrators only: 401 signed out, 403 for
 * everyone else): match results, the dashboard, and leagues with their sync (list, create, edit,
 * activate/deactivate, runs, sync now).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDashboardResponse, adminLeaguesQuery, adminLeaguesResponse, createLeagueRequest, leagueParams, leagueResponse, matchParams,
  matchResultRequest, syncNowResponse, syncRunsResponse, updateLeagueRequest,
} from '../../../contracts/admin';
import { match } from '../../../contracts/leagues';
import type { AppContext } from '../../app';
import { requireViewer, type Viewer } from '../../auth/viewer';
import { errors } from '../../errors';
import { syncLeague } from '../sync/run-sync';
import { adminDashboard } from './dashboard';
import { createAdminLeague, getAdminLeague, leagueSyncRuns, listAdminLeagues, updateAdminLeague } from './leagues';
import { setMatchResult } from './service';

/** The signed-in Platform Administrator. @throws AppError unauthenticated, forbidden. */
async function requireAdmin(request: FastifyRequest, reply: FastifyReply, context: AppContext): Promise<Viewer> {
  const viewer = await requireViewer(request, reply, context.auth, context.db);
  if (viewer.role !== 'Platform Administrator') throw errors.forbidden('Only platform administrators can do this.');
  return viewer;
}

/** Registers the admin routes. */
export async function adminRoutes(app: FastifyInstance, context: AppContext) {
  const { db, sync } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/admin/matches/:matchId/result',
    { schema: { tags: ['admin'], params: matchParams, body: matchResultRequest, response: { 200: z.object({ match, rescored: z.number().int() }) } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return setMatchResult(db, request.params.matchId, request.body);
    },
  );
  api.get(
    '/admin/dashboard',
    { schema: { tags: ['admin'], response: { 200: adminDashboardResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return adminDashboard(db, sync.missing);
    },
  );
  api.get(
    '/admin/leagues',
    { schema: { tags: ['admin'], querystring: adminLeaguesQuery, response: { 200: adminLeaguesResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return listAdminLeagues(db, request.query);
    },
  );
  api.post(
    '/admin/leagues',
    { schema: { tags: ['admin'], body: createLeagueRequest, response: { 201: leagueResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      const league = await createAdminLeague(db, request.body);
      // A linked league fills itself: its first sync starts now, in the background (its runs show it).
      if (league.source !== 'manual') sync.background(syncLeague(db, league.id, sync.fetchCompetition, { kind: 'fixtures', trigger: 'admin' }));
      return reply.code(201).send({ league });
    },
  );
  api.get(
    '/admin/leagues/:leagueId',
    { schema: { tags: ['admin'], params: leagueParams, response: { 200: leagueResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return { league: await getAdminLeague(db, request.params.leagueId) };
    },
  );
  api.patch(
    '/admin/leagues/:leagueId',
    { schema: { tags: ['admin'], params: leagueParams, body: updateLeagueRequest, response: { 200: leagueResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return { league: await updateAdminLeague(db, request.params.leagueId, request.body) };
    },
  );
  api.get(
    '/admin/leagues/:leagueId/sync-runs',
    { schema: { tags: ['admin'], params: leagueParams, response: { 200: syncRunsResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return { runs: await leagueSyncRuns(db, request.params.leagueId) };
    },
  );
  api.post(
    '/admin/leagues/:leagueId/sync',
    { schema: { tags: ['admin'], params: leagueParams, response: { 200: syncNowResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      await getAdminLeague(db, request.params.leagueId); // 404 for an unknown league
      const outcome = await syncLeague(db, request.params.leagueId, sync.fetchCompetition, { kind: 'fixtures', trigger: 'admin' });
      return { outcome, league: await getAdminLeague(db, request.params.leagueId) };
    },
  );
}
