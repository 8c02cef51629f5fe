/**
 * The administrators' replay routes, registered inside the admin scope (its onRequest hook lets only
 * Platform Administrators in): create a replay, list them, pause / resume / stop one, delete one with its
 * league and groups. Every write is recorded in the audit log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createReplayRequest, replayActionParams, replayParams, replayResponse, replaysResponse, type CreateReplayRequest } from '../../../contracts/replay';
import type { AppContext } from '../../context';
import type { Viewer } from '../../auth/viewer';
import { errors } from '../../errors';
import { ImportError } from '../../providers/fixture-source';
import { readReplaySource, type ReplaySource } from '../../providers/replay/source';
import { recordAudit } from '../admin/audit';
import { controlReplay, createReplay, deleteReplay, getReplay, listReplays } from './service';

/** The furthest ahead a replay may start, in ms (a year). */
const LATEST_START_MS = 366 * 24 * 60 * 60 * 1000;

/** The request's source as the provider reads it. */
function sourceOf(body: CreateReplayRequest['source']): ReplaySource {
  if (body.kind === 'bundled') return { kind: 'bundled', name: body.name };
  if (body.kind === 'url') return { kind: 'file', ref: body.url, timeZone: body.timeZone };
  return { kind: 'document', document: body.document, name: body.name, timeZone: body.timeZone };
}

/** Registers the replay routes on the admin scope; `requireAdmin` gives the administrator the scope let in. */
export async function replayAdminRoutes(
  app: FastifyInstance, context: AppContext, requireAdmin: (request: FastifyRequest, reply: FastifyReply, context: AppContext) => Promise<Viewer>,
): Promise<void> {
  const { db } = context;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/admin/replays',
    { schema: { tags: ['admin'], response: { 200: replaysResponse } } },
    async (request, reply) => {
      await requireAdmin(request, reply, context);
      const names = new Map((await db.query.leagues.findMany({ columns: { id: true, name: true }, where: (l, { eq }) => eq(l.provider, 'replay') })).map((l) => [l.id, l.name]));
      return { replays: (await listReplays(db)).map((replay) => ({ ...replay, leagueName: names.get(replay.leagueId) ?? '' })) };
    },
  );
  api.post(
    '/admin/replays',
    // An uploaded tournament may be a whole season's file (a Premier League season is ~100 KB).
    { bodyLimit: 2 * 1024 * 1024, schema: { tags: ['admin'], body: createReplayRequest, response: { 201: replayResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      const now = Date.now();
      const startsAt = new Date(request.body.startsAt);
      if (startsAt.getTime() < now - 60_000 || startsAt.getTime() > now + LATEST_START_MS) {
        throw errors.validation('startsAt: a replay starts now or later, at most a year ahead');
      }
      let read: Awaited<ReturnType<typeof readReplaySource>>;
      try {
        read = await readReplaySource(sourceOf(request.body.source));
      } catch (error) {
        if (error instanceof ImportError) throw errors.replaySource(error.message);
        throw error;
      }
      if (read.competition.matches.every((m) => m.fullTime === null)) throw errors.replaySource('it has no played match');
      const replay = await createReplay(db, {
        competition: read.competition, source: read.label, speed: request.body.speed, startsAt, leagueName: request.body.leagueName,
      });
      await recordAudit(db, viewer, {
        action: 'replay.create', subjectType: 'league', subjectId: replay.leagueId, subjectLabel: replay.name,
        after: { source: replay.source, speed: replay.speed, startsAt: replay.startsAt, matches: read.competition.matches.length },
      });
      const { name: _name, ...info } = replay;
      return reply.code(201).send({ replay: info });
    },
  );
  api.post(
    '/admin/replays/:leagueId/:action',
    { schema: { tags: ['admin'], params: replayActionParams, response: { 200: replayResponse } } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      const { before, after } = await controlReplay(db, request.params.leagueId, request.params.action);
      await recordAudit(db, viewer, {
        action: `replay.${request.params.action}`, subjectType: 'league', subjectId: after.leagueId, subjectLabel: after.source,
        before: { state: before.state }, after: { state: after.state },
      });
      return { replay: after };
    },
  );
  api.delete(
    '/admin/replays/:leagueId',
    { schema: { tags: ['admin'], params: replayParams } },
    async (request, reply) => {
      const viewer = await requireAdmin(request, reply, context);
      const replay = await getReplay(db, request.params.leagueId);
      const name = await deleteReplay(db, request.params.leagueId);
      await recordAudit(db, viewer, { action: 'replay.delete', subjectType: 'league', subjectId: request.params.leagueId, subjectLabel: name, before: replay });
      return reply.code(204).send();
    },
  );
}
