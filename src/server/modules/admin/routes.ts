/**
 * The administrators' API under /api/admin (Platform Administrators only: 401 signed out, 403 for
 * everyone else): the dashboard; leagues with their sync (list, create, edit, activate/deactivate, runs,
 * sync now); fixtures (list, result, kickoff, postpone/cancel/restore, re-score); the audit log. Every
 * write is recorded in the audit log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDashboardResponse, adminFixturesQuery, adminFixturesResponse, adminLeaguesQuery, adminLeaguesResponse, auditQuery, auditResponse,
  createLeagueRequest, fixtureResponse, leagueParams, leagueResponse, matchParams, matchResultRequest, rescoreRequest, syncNowResponse,
  syncRunsResponse, updateFixtureRequest, updateLeagueRequest, linkLeagueRequest, adminUsersQuery, adminUsersResponse, userParams, adminUserDetailResponse,
  updateUserRequest, adminGroupsQuery, adminGroupsResponse, adminGroupParams, adminGroupDetailResponse, updateAdminGroupRequest,
  createFixtureRequest, mergeTeamsRequest, providerCompetitionsResponse, adminTeamsQuery, adminTeamsResponse, teamParams, teamAliasParams, updateTeamRequest, addAliasRequest, teamResponse, adminStandingsResponse,
} from '../../../contracts/admin';
import { match } from '../../../contracts/leagues';
import type { AppContext } from '../../context';
import { fromNodeHeaders } from 'better-auth/node';
import { requireViewer, type Viewer } from '../../auth/viewer';
import { AppError, errors } from '../../errors';
import { syncLeague } from '../sync/run-sync';
import { adminDashboard } from './dashboard';
import { createAdminLeague, getAdminLeague, leagueSyncRuns, linkAdminLeague, listAdminLeagues, updateAdminLeague } from './leagues';
import { listAudit, recordAudit } from './audit';
import { wallReportParams, wallReportsResponse } from '../../../contracts/wall';
import { deleteReportedPost, dismissReport, openWallReports } from '../wall/reports';
import { createManualFixture } from './manual-fixtures';
import { readTeamCrest, setTeamCrest } from './team-crest';
import { createAvatarStorage } from '../profile/avatar-storage';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '../../../contracts/limits';
import { adminStandings, refreshProviderStandings } from './standings';
import { addTeamAlias, getAdminTeam, listAdminTeams, mergeTeams, removeTeamAlias, updateAdminTeam } from './teams';
import { deleteAdminGroup, getAdminGroup, getAdminUser, listAdminGroups, listAdminUsers, setAdminGroupStatus, updateAdminUser } from './people';
import { replayAdminRoutes } from '../replay/routes';
import { getAdminFixture, listAdminFixtures, rescoreFixture, setMatchResult, updateFixture } from './service';

/** The Platform Administrator of each admin request, checked by the scope's onRequest hook. */
const admins = new WeakMap<FastifyRequest, Viewer>();

/** The signed-in Platform Administrator. @throws AppError unauthenticated, forbidden. */
async function checkAdmin(request: FastifyRequest, reply: FastifyReply, context: AppContext): Promise<Viewer> {
  const viewer = await requireViewer(request, reply, context.auth, context.db);
  if (viewer.role !== 'Platform Administrator') throw errors.forbidden('Only platform administrators can do this.');
  return viewer;
}

/** The administrator the onRequest hook let in (the hook runs before any body is read or validated). */
async function requireAdmin(request: FastifyRequest, _reply: FastifyReply, _context: AppContext): Promise<Viewer> {
  const viewer = admins.get(request);
  if (!viewer) throw errors.unauthenticated();
  return viewer;
}

/** Registers the admin routes, each behind the administrator check, and the public crest images. */
export async function adminRoutes(root: FastifyInstance, context: AppContext) {
  const storage = createAvatarStorage(context.env);
  // Crests are public, like fixtures, and cached for good (versioned addresses).
  root.withTypeProvider<ZodTypeProvider>().get(
    '/teams/:teamId/crest',
    { schema: { tags: ['teams'], params: teamParams, querystring: z.object({ v: z.coerce.number().int().min(0) }) } },
    async (request, reply) => {
      const image = await readTeamCrest(storage, request.params.teamId, request.query.v);
      if (!image) throw errors.notFound('Crest');
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.type('image/webp').send(image);
    },
  );
  await root.register(async (app) => {
    // Who may call is settled first: a stranger's body is never parsed, validated or acted on.
    app.addHook('onRequest', async (request, reply) => {
      admins.set(request, await checkAdmin(request, reply, context));
    });
    await adminScope(app, context, storage);
  });
}

async function adminScope(app: FastifyInstance, context: AppContext, storage: ReturnType<typeof createAvatarStorage>) {
  const { db, sync } = context;
  await replayAdminRoutes(app, context, requireAdmin);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.put(
    '/admin/matches/:matchId/result',
    {
      schema: { tags: ['admin'], params: matchParams, body: matchResultRequest, response: { 200: z.object({ match, rescored: z.number().int() }) } },
      // The result and its scoring are all it writes: scoring tells every instance what moved; this one
      // hears it again after the commit (request.rankingsChange; 'all' if the save failed), once with its
      // own live events (request.rankingsEvents).
      config: { rankingsByScoring: true },
    },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      // Until the save says what it moved: a failure after its scoring began leaves caches told 'all'.
      request.rankingsChange = 'all';
      const { rankings, events, ...saved } = await setMatchResult(db, request.params.matchId, request.body, viewer, { now: new Date() });
      request.rankingsChange = rankings ?? 'all';
      request.rankingsEvents = events;
      return saved;
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
      const viewer = await requireAdmin(request, reply, context);
      const league = await db.transaction(async (tx) => {
        const created = await createAdminLeague(tx, request.body);
        await recordAudit(tx, viewer, { action: 'league.create', subjectType: 'league', subjectId: created.id, subjectLabel: created.name, after: request.body });
        return created;
      });
      // A linked league fills itself: its first sync starts now, in the background (its runs show it).
      if (league.source !== 'manual') sync.background(syncLeague(db, league.id, sync.fetchCompetition, { kind: 'fixtures', trigger: 'admin', fetchStandings: sync.fetchStandings }));
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
      const viewer = await requireAdmin(request, reply, context);
      return db.transaction(async (tx) => {
        const before = await getAdminLeague(tx, request.params.leagueId);
        const league = await updateAdminLeague(tx, request.params.leagueId, request.body);
        const fields = (l: typeof league) => ({ name: l.name, active: l.active, sourceTimeZone: l.sourceTimeZone });
        await recordAudit(tx, viewer, { action: 'league.update', subjectType: 'league', subjectId: league.id, subjectLabel: before.name, before: fields(before), after: fields(league) });
        return { league };
      });
    },
  );
  api.post(
    '/admin/leagues/:leagueId/link',
    { schema: { tags: ['admin'], params: leagueParams, body: linkLeagueRequest, response: { 200: leagueResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      const league = await db.transaction(async (tx) => {
        const { before, after } = await linkAdminLeague(tx, request.params.leagueId, request.body);
        const fields = (l: typeof after) => ({ source: l.source, sourceRef: l.sourceRef, sourceTimeZone: l.sourceTimeZone });
        await recordAudit(tx, viewer, { action: 'league.link', subjectType: 'league', subjectId: after.id, subjectLabel: after.name, before: fields(before), after: fields(after) });
        return after;
      });
      // Its first sync starts now, in the background, as for a league created linked.
      sync.background(syncLeague(db, league.id, sync.fetchCompetition, { kind: 'fixtures', trigger: 'admin', fetchStandings: sync.fetchStandings }));
      return { league };
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
      const viewer = await requireAdmin(request, reply, context);
      const before = await getAdminLeague(db, request.params.leagueId); // 404 for an unknown league
      const outcome = await syncLeague(db, request.params.leagueId, sync.fetchCompetition, { kind: 'fixtures', trigger: 'admin', fetchStandings: sync.fetchStandings });
      await recordAudit(db, viewer, { action: 'league.sync', subjectType: 'league', subjectId: before.id, subjectLabel: before.name, after: outcome });
      return { outcome, league: await getAdminLeague(db, request.params.leagueId) };
    },
  );
  api.get(
    '/admin/fixtures',
    { schema: { tags: ['admin'], querystring: adminFixturesQuery, response: { 200: adminFixturesResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return listAdminFixtures(db, request.query);
    },
  );
  api.patch(
    '/admin/matches/:matchId',
    { schema: { tags: ['admin'], params: matchParams, body: updateFixtureRequest, response: { 200: fixtureResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      return updateFixture(db, viewer, request.params.matchId, request.body);
    },
  );
  api.post(
    '/admin/matches/:matchId/rescore',
    { schema: { tags: ['admin'], params: matchParams, body: rescoreRequest, response: { 200: fixtureResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      return rescoreFixture(db, viewer, request.params.matchId, request.body.reason);
    },
  );
  api.get(
    '/admin/audit',
    { schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return listAudit(db, request.query);
    },
  );
  api.get(
    '/admin/users',
    { schema: { tags: ['admin'], querystring: adminUsersQuery, response: { 200: adminUsersResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return listAdminUsers(db, request.query);
    },
  );
  api.get(
    '/admin/users/:userId',
    { schema: { tags: ['admin'], params: userParams, response: { 200: adminUserDetailResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return getAdminUser(db, request.params.userId);
    },
  );
  api.patch(
    '/admin/users/:userId',
    { schema: { tags: ['admin'], params: userParams, body: updateUserRequest, response: { 200: adminUserDetailResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      const updated = await db.transaction(async (tx) => {
        const before = await getAdminUser(tx, request.params.userId);
        const after = await updateAdminUser(tx, viewer.userId, request.params.userId, request.body);
        const fields = (u: typeof after.user) => ({ role: u.role, disabled: u.disabled });
        await recordAudit(tx, viewer, { action: 'user.update', subjectType: 'user', subjectId: before.user.id, subjectLabel: before.user.username, before: fields(before.user), after: fields(after.user) });
        return after;
      });
      // Disabling ended the person's sessions: refused here before the answer (every instance: auth/revoked-sessions.ts).
      if (request.body.disabled === true) await context.auth.revokedSessions.refresh();
      return updated;
    },
  );
  api.post(
    '/admin/users/:userId/resend-verification',
    { schema: { tags: ['admin'], params: userParams, response: { 200: z.object({ sent: z.boolean() }) } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      const { user } = await getAdminUser(db, request.params.userId);
      if (user.emailVerified) return { sent: false };
      // Better Auth's own mail (and its per-address quota), linking back to this app. Without the
      // administrator's cookie: with a session, Better Auth only mails that session's own address.
      const { cookie: _cookie, ...headers } = request.headers;
      await context.auth.api.sendVerificationEmail({ body: { email: user.email }, headers: fromNodeHeaders(headers) });
      await recordAudit(db, viewer, { action: 'user.resend_verification', subjectType: 'user', subjectId: user.id, subjectLabel: user.username });
      return { sent: true };
    },
  );
  api.get(
    '/admin/groups',
    { schema: { tags: ['admin'], querystring: adminGroupsQuery, response: { 200: adminGroupsResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return listAdminGroups(db, request.query);
    },
  );
  api.get(
    '/admin/groups/:groupId',
    { schema: { tags: ['admin'], params: adminGroupParams, response: { 200: adminGroupDetailResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return getAdminGroup(db, request.params.groupId);
    },
  );
  api.patch(
    '/admin/groups/:groupId',
    { schema: { tags: ['admin'], params: adminGroupParams, body: updateAdminGroupRequest, response: { 200: adminGroupDetailResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      return db.transaction(async (tx) => {
        const before = await getAdminGroup(tx, request.params.groupId);
        const after = await setAdminGroupStatus(tx, request.params.groupId, request.body.status);
        await recordAudit(tx, viewer, { action: 'group.update', subjectType: 'group', subjectId: before.group.id, subjectLabel: before.group.name, before: { status: before.group.status }, after: { status: after.group.status } });
        return after;
      });
    },
  );
  api.delete(
    '/admin/groups/:groupId',
    { schema: { tags: ['admin'], params: adminGroupParams } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      await db.transaction(async (tx) => {
        const before = await getAdminGroup(tx, request.params.groupId);
        await deleteAdminGroup(tx, request.params.groupId);
        await recordAudit(tx, viewer, { action: 'group.delete', subjectType: 'group', subjectId: before.group.id, subjectLabel: before.group.name, before: { ...before.group, members: before.members.length } });
      });
      return reply.code(204).send();
    },
  );
  api.get(
    '/admin/teams',
    { schema: { tags: ['admin'], querystring: adminTeamsQuery, response: { 200: adminTeamsResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return listAdminTeams(db, request.query);
    },
  );
  api.patch(
    '/admin/teams/:teamId',
    { schema: { tags: ['admin'], params: teamParams, body: updateTeamRequest, response: { 200: teamResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      return db.transaction(async (tx) => {
        const before = await getAdminTeam(tx, request.params.teamId);
        const team = await updateAdminTeam(tx, request.params.teamId, request.body);
        const fields = (x: typeof team) => ({ name: x.name, shortName: x.shortName, code: x.code, crestUrl: x.crestUrl });
        await recordAudit(tx, viewer, { action: 'team.update', subjectType: 'team', subjectId: team.id, subjectLabel: before.name, before: fields(before), after: fields(team) });
        return { team };
      });
    },
  );
  api.post(
    '/admin/teams/:teamId/aliases',
    { schema: { tags: ['admin'], params: teamParams, body: addAliasRequest, response: { 200: teamResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      return db.transaction(async (tx) => {
        const before = await getAdminTeam(tx, request.params.teamId);
        const team = await addTeamAlias(tx, request.params.teamId, request.body.alias);
        await recordAudit(tx, viewer, { action: 'team.alias_add', subjectType: 'team', subjectId: team.id, subjectLabel: team.name, before: { aliases: before.aliases }, after: { aliases: team.aliases } });
        return { team };
      });
    },
  );
  api.post(
    '/admin/teams/:teamId/merge',
    { schema: { tags: ['admin'], params: teamParams, body: mergeTeamsRequest, response: { 200: teamResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      return db.transaction(async (tx) => {
        const duplicate = await getAdminTeam(tx, request.body.duplicateId);
        const team = await mergeTeams(tx, request.params.teamId, request.body.duplicateId);
        await recordAudit(tx, viewer, { action: 'team.merge', subjectType: 'team', subjectId: team.id, subjectLabel: team.name, before: { duplicate }, after: { aliases: team.aliases, matches: team.matches } });
        return { team };
      });
    },
  );
  api.delete(
    '/admin/teams/:teamId/aliases/:alias',
    { schema: { tags: ['admin'], params: teamAliasParams, response: { 200: teamResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      return db.transaction(async (tx) => {
        const before = await getAdminTeam(tx, request.params.teamId);
        const team = await removeTeamAlias(tx, request.params.teamId, request.params.alias);
        await recordAudit(tx, viewer, { action: 'team.alias_remove', subjectType: 'team', subjectId: team.id, subjectLabel: team.name, before: { aliases: before.aliases }, after: { aliases: team.aliases } });
        return { team };
      });
    },
  );
  api.get(
    '/admin/leagues/:leagueId/standings',
    { schema: { tags: ['admin'], params: leagueParams, response: { 200: adminStandingsResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      return adminStandings(db, request.params.leagueId);
    },
  );
  api.post(
    '/admin/leagues/:leagueId/standings/refresh',
    { schema: { tags: ['admin'], params: leagueParams, response: { 200: adminStandingsResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      const league = await getAdminLeague(db, request.params.leagueId);
      // The computed tables are computed on every read; the provider's are fetched now (football-data.org).
      const fetched = await refreshProviderStandings(db, league.id, sync.fetchStandings).catch((error: unknown) => {
        throw errors.providerUnavailable(error instanceof Error ? error.message : String(error));
      });
      await recordAudit(db, viewer, { action: 'league.standings_refresh', subjectType: 'league', subjectId: league.id, subjectLabel: league.name, after: { providerTables: fetched } });
      return adminStandings(db, league.id);
    },
  );
  api.get(
    '/admin/provider-competitions',
    { schema: { tags: ['admin'], response: { 200: providerCompetitionsResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      if (!sync.listCompetitions) throw new AppError(409, 'provider_not_configured', 'football-data.org is not configured: set FOOTBALL_DATA_TOKEN.');
      const competitions = await sync.listCompetitions().catch((error: unknown) => {
        throw errors.providerUnavailable(error instanceof Error ? error.message : String(error));
      });
      return { competitions };
    },
  );
  api.post(
    '/admin/leagues/:leagueId/fixtures',
    { schema: { tags: ['admin'], params: leagueParams, body: createFixtureRequest, response: { 201: fixtureResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      const fixture = await db.transaction(async (tx) => {
        const matchId = await createManualFixture(tx, request.params.leagueId, request.body);
        const created = await getAdminFixture(tx, matchId);
        await recordAudit(tx, viewer, {
          action: 'match.create', subjectType: 'match', subjectId: matchId,
          subjectLabel: `${created.homeTeam.name} v ${created.awayTeam.name} (${created.kickoff.slice(0, 10)})`, after: request.body,
        });
        return created;
      });
      return reply.code(201).send({ fixture, rescored: 0 });
    },
  );

  // Crests: uploaded by administrators as raw image bytes (the avatar upload's rules: JPEG, PNG or WebP,
  // at most 2 MB).
  await app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser([...AVATAR_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) => done(null, body));
    upload.addContentTypeParser('*', (_request, _payload, done) => done(errors.avatarInvalid()));
    upload.setErrorHandler((error: { code?: string }) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw errors.avatarTooLarge();
      throw error;
    });
    upload.withTypeProvider<ZodTypeProvider>().put(
      '/admin/teams/:teamId/crest',
      {
        bodyLimit: AVATAR_MAX_BYTES,
        schema: { tags: ['admin'], params: teamParams, consumes: [...AVATAR_CONTENT_TYPES], response: { 200: teamResponse } },
      },
      async (request) => {
        const viewer = admins.get(request);
        if (!viewer) throw errors.unauthenticated();
        if (!Buffer.isBuffer(request.body)) throw errors.avatarInvalid();
        const before = await getAdminTeam(db, request.params.teamId);
        await setTeamCrest(db, storage, request.params.teamId, request.body);
        const team = await getAdminTeam(db, request.params.teamId);
        await recordAudit(db, viewer, { action: 'team.update', subjectType: 'team', subjectId: team.id, subjectLabel: team.name, before: { crestUrl: before.crestUrl }, after: { crestUrl: team.crestUrl } });
        return { team };
      },
    );
  });
  // Reported wall posts: the open reports, delete the post or dismiss the report (audited: wall/reports.ts).
  api.get('/admin/wall-reports', { schema: { tags: ['admin'], response: { 200: wallReportsResponse } } }, async () => ({ reports: await openWallReports(db) }));
  api.delete(
    '/admin/wall-reports/:reportId/post',
    { schema: { tags: ['admin'], params: wallReportParams } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      await deleteReportedPost(db, viewer, request.params.reportId);
      return reply.status(204).send();
    },
  );
  api.post(
    '/admin/wall-reports/:reportId/dismiss',
    { schema: { tags: ['admin'], params: wallReportParams } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      await dismissReport(db, viewer, request.params.reportId);
      return reply.status(204).send();
    },
  );
}
