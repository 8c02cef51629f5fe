/**
 * Groups: POST /api/groups, POST /api/groups/join, GET /api/groups (mine), GET /api/groups/:groupId,
 * GET /api/groups/:groupId/ranking, GET /api/groups/:groupId/stats, GET and PUT /api/groups/:groupId/scoring. All need a signed-in
 * member (see policy.ts); changing the scoring rules needs the owner or an admin.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createGroupRequest, discoverQuery, joinGroupResponse, discoverResponse, groupPreviewResponse, groupListResponse, groupParams, groupResponse, joinGroupRequest, rankingQuery,
  rankingResponse, type RankingResponse,
} from '../../../contracts/groups';
import { scoringRulesRequest, scoringRulesResponse } from '../../../contracts/scoring-rules';
import { groupStatsResponse, matchdayWinnersResponse, type GroupStatsResponse } from '../../../contracts/stats';
import {
  activityResponse, confirmRequest, memberParams, memberRoleRequest, membersResponse, transferRequest, updateGroupRequest,
} from '../../../contracts/group-admin';
import {
  deleteGroup, groupActivityLog, leaveGroup, listMembers, regenerateInviteCode, removeMember, resetPredictions, setMemberRole,
  transferOwnership, updateGroup,
} from './administration';
import type { AppContext } from '../../context';
import { requireSessionUser, requireViewer } from '../../auth/viewer';
import { rankingPageEncoded, rankingRowOf } from './ranking-page';
import { requireMember } from './policy';
import { getScoringRules, updateScoringRules } from './scoring-rules';
import { groupMatchdayWinners } from './stats';
import { discoverGroups, joinPublicGroup, previewGroup } from './discover';
import { createGroup, getGroup, joinGroup, listMyGroups } from './service';
import { enforcePersonLimit, JOIN_LIMIT } from '../../http/person-limit';

/** Registers the group routes (create, join, list mine, read, ranking); all need a signed-in member. */
export async function groupRoutes(app: FastifyInstance, { db, readDb, rankingDb, auth, env, rankingCache, statsCache }: AppContext) {
  const rateLimit = env.RATE_LIMIT;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/groups',
    { schema: { tags: ['groups'], body: createGroupRequest, response: { 201: groupResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      const group = await createGroup(db, viewer, request.body);
      return reply.status(201).send({ group });
    },
  );
  api.post(
    '/groups/join',
    {
      // Guessing invite codes is the one way into a private group: keep it slow, per address (a guesser's
      // sessions are as many as their accounts) and per person (below).
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (request) => `address:${request.ip}` } },
      schema: { tags: ['groups'], body: joinGroupRequest, response: { 200: joinGroupResponse } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await enforcePersonLimit(db, JOIN_LIMIT, viewer.userId, { enabled: rateLimit });
      return joinGroup(db, viewer, request.body.inviteCode);
    },
  );
  api.get('/groups', { schema: { tags: ['groups'], response: { 200: groupListResponse } } }, async (request, reply) => {
    const viewer = await requireViewer(request, reply, auth, db);
    return { groups: await listMyGroups(db, viewer) };
  });
  api.get(
    '/groups/:groupId',
    { schema: { tags: ['groups'], params: groupParams, response: { 200: groupResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { group: await getGroup(db, viewer, request.params.groupId) };
    },
  );
  api.get(
    '/groups/:groupId/ranking',
    { schema: { tags: ['groups'], params: groupParams, querystring: rankingQuery, response: { 200: rankingResponse } } },
    async (request, reply) => {
      const viewer = await requireSessionUser(request, reply, auth);
      const { groupId } = request.params;
      // A recent cached ranking lists every member: finding the viewer in it is the membership check (a
      // member removed through another instance reads it until that instance's notice arrives; removed by
      // hand in the database, for at most twice the cache's time to live, three times for a ranking computed
      // from the one before after a goal: ranking-cache.ts).
      // Otherwise the policy decides, before any ranking is computed.
      const recent = await rankingCache.peek(groupId)?.catch(() => undefined);
      if (!recent || !rankingRowOf(recent, viewer.userId)) await requireMember(db, viewer, groupId);
      // Fresh, or stale while one refresh runs: a ranking read is at most the time to live plus one computation old.
      const ranking = await rankingCache.get(rankingDb(), groupId);
      // Sent as text, or as the bytes compressed once for this ranking: the rows were checked against the
      // contract once per cached ranking (ranking-page.ts).
      const { body, encoding } = rankingPageEncoded(ranking, request.query.page, viewer.userId, request.headers['accept-encoding']);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(body as unknown as RankingResponse);
    },
  );
  api.get(
    '/groups/:groupId/scoring',
    { schema: { tags: ['groups'], params: groupParams, response: { 200: scoringRulesResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { scoring: await getScoringRules(db, viewer, request.params.groupId, new Date()) };
    },
  );
  api.put(
    '/groups/:groupId/scoring',
    { schema: { tags: ['groups'], params: groupParams, body: scoringRulesRequest, response: { 200: scoringRulesResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { scoring: await updateScoringRules(db, viewer, request.params.groupId, request.body, new Date()) };
    },
  );
  api.get(
    '/groups/:groupId/stats',
    { schema: { tags: ['groups'], params: groupParams, response: { 200: groupStatsResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await requireMember(db, viewer, request.params.groupId);
      // Built to the contract's type once per cached computation (stats.ts), sent as text.
      const json = await statsCache.get(rankingDb(), request.params.groupId);
      return reply.type('application/json; charset=utf-8').send(json as unknown as GroupStatsResponse);
    },
  );
  api.get(
    '/groups/:groupId/matchday-winners',
    { schema: { tags: ['groups'], params: groupParams, response: { 200: matchdayWinnersResponse } } },
    async (request, reply) => {
      const viewer = await requireSessionUser(request, reply, auth);
      return groupMatchdayWinners(readDb, viewer, request.params.groupId);
    },
  );
  // Administration (owner and admins; see administration.ts for who may do what).
  api.patch(
    '/groups/:groupId',
    { schema: { tags: ['groups'], params: groupParams, body: updateGroupRequest, response: { 200: groupResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { group: await updateGroup(db, viewer, request.params.groupId, request.body) };
    },
  );
  api.post(
    '/groups/:groupId/invite-code',
    { schema: { tags: ['groups'], params: groupParams, response: { 200: groupResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { group: await regenerateInviteCode(db, viewer, request.params.groupId) };
    },
  );
  api.post(
    '/groups/:groupId/reset-predictions',
    { schema: { tags: ['groups'], params: groupParams, body: confirmRequest } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await resetPredictions(db, viewer, request.params.groupId, request.body.confirm);
      return reply.status(204).send();
    },
  );
  api.get(
    '/groups/:groupId/members',
    { schema: { tags: ['groups'], params: groupParams, response: { 200: membersResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { members: await listMembers(db, viewer, request.params.groupId) };
    },
  );
  api.put(
    '/groups/:groupId/members/:userId/role',
    { schema: { tags: ['groups'], params: memberParams, body: memberRoleRequest } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await setMemberRole(db, viewer, request.params.groupId, request.params.userId, request.body.role);
      return reply.status(204).send();
    },
  );
  api.delete(
    '/groups/:groupId/members/:userId',
    { schema: { tags: ['groups'], params: memberParams } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await removeMember(db, viewer, request.params.groupId, request.params.userId);
      return reply.status(204).send();
    },
  );
  api.post(
    '/groups/:groupId/transfer',
    { schema: { tags: ['groups'], params: groupParams, body: transferRequest } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await transferOwnership(db, viewer, request.params.groupId, request.body.userId);
      return reply.status(204).send();
    },
  );
  api.post(
    '/groups/:groupId/leave',
    { schema: { tags: ['groups'], params: groupParams } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return leaveGroup(db, viewer, request.params.groupId);
    },
  );
  api.delete(
    '/groups/:groupId',
    { schema: { tags: ['groups'], params: groupParams, body: confirmRequest } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await deleteGroup(db, viewer, request.params.groupId, request.body.confirm);
      return reply.status(204).send();
    },
  );
  api.get(
    '/groups/:groupId/activity',
    { schema: { tags: ['groups'], params: groupParams, response: { 200: activityResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { activity: await groupActivityLog(db, viewer, request.params.groupId) };
    },
  );
  api.get(
    '/groups/:groupId/preview',
    { schema: { tags: ['groups'], params: groupParams, response: { 200: groupPreviewResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { group: await previewGroup(readDb, viewer, request.params.groupId, new Date()) };
    },
  );
  api.get(
    '/groups/discover',
    { schema: { tags: ['groups'], querystring: discoverQuery, response: { 200: discoverResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return discoverGroups(readDb, viewer, request.query, new Date());
    },
  );
  api.post(
    '/groups/:groupId/join',
    {
      // Probing group ids for public groups: as slow as guessing invite codes.
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: (request) => `address:${request.ip}` } },
      schema: { tags: ['groups'], params: groupParams, response: { 200: joinGroupResponse } },
    },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await enforcePersonLimit(db, JOIN_LIMIT, viewer.userId, { enabled: rateLimit });
      return joinPublicGroup(db, viewer, request.params.groupId);
    },
  );
}
