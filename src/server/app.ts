/**
 * Builds the Fastify app (fastify/demo layout: app.ts builds, main.ts listens). Every route is under
 * /api, validated with the zod contracts of src/contracts and described in /api/openapi.json; the
 * built web app is served from dist/web for every other path. One error handler turns errors into
 * `{error: {id, message}}` and keeps 5xx details in the log.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Agent } from 'node:https';
import proxyAddr from '@fastify/proxy-addr';
import type { Writable } from 'node:stream';
import { resolve, sep } from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import helmet from 'helmet';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySse from '@fastify/sse';
import {
  hasZodFastifySchemaValidationErrors, jsonSchemaTransform, serializerCompiler, validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { isStorageFull, STORAGE_RETRY_AFTER_SECONDS, storageStatus } from './db/embedded-storage';
import type { Env } from './env';
import type { AppContext } from './context';
import { AppError, errors } from './errors';
import { createAuth, type PasswordHashing } from './auth/auth';
import { authRoutes } from './auth/routes';
import { resolveAuthSecret } from './auth/secret';
import { createMailer, type Mailer } from './mail/mailer';
import { healthRoutes } from './modules/health/routes';
import { leagueRoutes } from './modules/leagues/routes';
import { groupRoutes } from './modules/groups/routes';
import { bonusRoutes } from './modules/bonus/routes';
import { jokerRoutes } from './modules/jokers/routes';
import { exportRoutes } from './modules/exports/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { wallRoutes } from './modules/wall/routes';
import { sharedGroupOf, shareCardFor, shareCardTags } from './http/share-card';
import { siteOrigin } from './http/site-origin';
import { predictionRoutes } from './modules/predictions/routes';
import { adminRoutes } from './modules/admin/routes';
import { meRoutes } from './modules/me/routes';
import { siteRoutes } from './modules/site/routes';
import { profileRoutes } from './modules/profile/routes';
import { homeRoutes } from './modules/home/routes';
import { APP_VERSION } from './version';
import { startScoringFolder } from './jobs/scoring-folder';
import { foldPaceFor } from './modules/scoring/fold';
import { startSyncScheduler } from './jobs/sync-scheduler';
import { createSyncContext } from './modules/sync/sync-context';
import { loggerOptions } from './logger';
import { mailOrigin } from './auth/mail-origin';
import { registerRequestGuards } from './http/request-guards';
import { registerOriginCheck } from './http/origin-check';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors';
import { createDatabaseOutage, RETRY_AFTER_SECONDS } from './http/database-outage';
import { carriesCookie, entryStyles, firstScreenReads, preloadLinkHeader, readBuildManifest, screenCode } from './http/preload-hints';
import { preferredLanguage } from './http/language';
import { createSharedRateLimitStore } from './http/shared-rate-limit';
import { rateLimitKey } from './http/rate-limit-key';
import { createGroupCache, createRankingCache, type RankingCache } from './modules/groups/ranking-cache';
import { startRankingRefresh, type RankingRefresh } from './modules/groups/ranking-refresh';
import { groupRanking, warmRankingCode, warmRankingRows, warmRankingStatements } from './modules/groups/ranking';
import { warmMembershipCheck } from './modules/groups/policy';
import { rankingPageEncoded } from './modules/groups/ranking-page';
import { groupStatsJson } from './modules/groups/stats';
import { readStatsSnapshot, writeStatsSnapshot } from './modules/groups/stats-snapshot';
import { inBackground } from './db/embedded-activity';
import { notifyRankingsChanged, onRankingsChanged, parseRankingsNotice, RANKINGS_CHANNEL, type RankingsChange } from './modules/scoring/rankings-changed';
import { createEventHub, type EventHub } from './modules/live/event-hub';
import type { LiveEventRecord } from './modules/live/publish';
import type { LiveMatchEvent } from '../contracts/live';
import { sendGoalNotices, type DeliveryContext } from './modules/notifications/deliver';
import { createPushSender } from './modules/notifications/push-sender';
import { notificationRoutes } from './modules/notifications/routes';
import { resolveVapidKeys } from './modules/notifications/vapid';
import { startReminderJob } from './jobs/reminder-job';
import { createJobMonitor } from './jobs/job-monitor';
import { createMetrics } from './observability/metrics';
import { metricsRoutes } from './observability/routes';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';

/** A request id a proxy may hand us: short, and only characters safe in a log line and a header. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;
import { liveRoutes } from './modules/live/routes';

/** A stats page this long (characters of JSON: ~400 members over a season, ~200 ms to compute) is served as it was after a change while it is refreshed. */
const LARGE_STATS_BYTES = 20_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's live event hub (its open streams: `liveEvents.size`). */
    liveEvents: EventHub;
    /** This instance's ranking cache (what it holds, and its bases: tests look). */
    rankingCache: RankingCache;
  }
  interface FastifyRequest {
    /**
     * What a rankingsByScoring route's change moved in the rankings (scoring/score-matches.ts): 'all' while
     * its save may have begun, then what the committed save says; unset when it wrote nothing.
     */
    rankingsChange?: RankingsChange;
    /**
     * The live events (live_events.id) that say a rankingsByScoring route's committed change to every
     * instance: this one applies the change once, by the first of them or of its own signal after the commit.
     */
    rankingsEvents?: number[];
  }
  interface FastifyContextConfig {
    /** A write that can never move a ranking (saving predictions of open matches): cached rankings stay. */
    rankingNeutral?: boolean;
    /**
     * A write whose every change of the rankings is a result scored (scoring/score-matches.ts), which
     * signals it itself with what it moved, in process and on every instance at the commit (live match
     * events): the hook's signal, a change of anything, would also throw away the rankings a goal's
     * refresh is computed from (ranking-cache.ts base).
     */
    rankingsByScoring?: boolean;
    /** The route is authorised by a token it is given, not by the session cookie: no cross-site check (http/origin-check.ts). */
    crossSite?: boolean;
  }
}

/**
 * After a change (a result, a goal, a member removed), rankings and stats are computed on the primary for
 * this long: a read replica a moment behind would give the old ranking, which would then be cached and
 * shown until the next change (docs/scaling.md, "read replica").
 */
export const REPLICA_CATCH_UP_MS = 3_000;
/** How long an instance's start waits for its ranking statements to be planned, in ms (app.ts). */
const WARM_UP_WAIT_MS = 3_000;

/**
 * Live event ids an instance remembers to apply a result saved through it once (buildApp): its route's
 * signal and its own events come within milliseconds of each other. An import may bring hundreds at once;
 * an id pushed out costs one needless invalidation.
 */
const RECENT_EVENTS = 1_000;

export interface BuildAppOptions {
  env: Env;
  database: Database;
  /** Replaces the mailer (tests capture mail this way); default: SMTP or the outbox, per env. */
  mailer?: Mailer;
  /** Folder of the built web app; default dist/web. Not served when it does not exist. */
  webDir?: string;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: Writable;
  /** The https.Agent Web Push messages go through (tests: one that trusts a local push service). */
  pushAgent?: Agent;
  /**
   * Whether the ranking statements are prepared on the database's connections before the app is ready
   * (default true; tests, which start hundreds of apps, leave it off unless they test it).
   */
  warmStatements?: boolean;
  /**
   * Whether the start also computes the largest groups' rankings and keeps them in the cache
   * (warmRankingRows; default true, with warmStatements): benchmarks turn it off to time the first read of
   * a group the start does not compute.
   */
  warmRankings?: boolean;
  /**
   * How passwords are hashed and checked (default Better Auth's scrypt): tests pass a cheaper one
   * (tests/helpers/password-hashing.ts). An option of the code, never of the environment.
   */
  passwordHashing?: PasswordHashing;
}

/** Builds the app, ready to `listen` or `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  // Whose X-Request-Id is kept: a trusted proxy's only (the peer of the connection, as TRUST_PROXY names it).
  const trustedPeer = env.TRUST_PROXY === true ? () => true : env.TRUST_PROXY === false ? () => false : proxyAddr.compile(env.TRUST_PROXY);
  const app = Fastify({
    logger: loggerOptions({ level: env.LOG_LEVEL, format: env.LOG_FORMAT, production: env.NODE_ENV === 'production', tty: Boolean(process.stdout.isTTY), stream: options.logStream }),
    // Requests are logged at debug below (a newcomer's terminal shows start-up, mail links and errors).
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: env.TRUST_PROXY,
    // Every request has an id, in its log lines and in the X-Request-Id header of its answer: a trusted
    // proxy's when it sent a sane one, else a new UUID.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) && trustedPeer(request.socket.remoteAddress ?? '', 0) ? given : randomUUID();
    },
    // What is refused before any route runs (a URL that does not decode, header fields over 16 KB…)
    // answers in the app's shape too (http/framework-errors.ts).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  // A lost database is one event: requests answer 503 database_unavailable, one line when it goes and one
  // when it is back; background work logs through `backgroundLog`, quiet meanwhile (http/database-outage.ts).
  const outage = createDatabaseOutage({
    log: app.log,
    probe: () => Promise.all([database.db.execute(sql`select 1`), database.readDb === database.db ? null : database.readDb.execute(sql`select 1`)]),
  });
  app.addHook('onClose', async () => outage.stop());
  const backgroundLog = outage.quiet(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const jobs = createJobMonitor();
  const metrics = createMetrics({ poolStats: database.poolStats, openStreams: () => (app.hasDecorator('liveEvents') ? app.liveEvents.size : 0), jobs });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug({ req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
    metrics.observeRequest(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1_000);
  });
  registerRequestGuards(app);

  const baseURL = env.APP_URL ?? `http://localhost:${env.PORT}`;
  const mailer = options.mailer ?? createMailer({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR, from: env.MAIL_FROM, logger: app.log });
  const authSecret = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  const auth = createAuth({
    db: database.db,
    baseURL,
    secret: authSecret,
    mailer,
    adminEmails: env.ADMIN_EMAILS,
    fixedOrigin: env.APP_URL !== undefined,
    rateLimit: env.RATE_LIMIT,
    logger: backgroundLog,
    requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION,
    passwordHashing: options.passwordHashing,
    mailOrigin: (request) => mailOrigin({ appUrl: env.APP_URL, port: env.PORT }, request),
  });
  // Sessions ended on any instance are refused at once despite their signed copies (auth/revoked-sessions.ts).
  await auth.revokedSessions.listen(database, (error) => backgroundLog.warn({ err: error }, 'ended sessions: listening or reading failed; retrying'));
  app.addHook('onClose', async () => auth.revokedSessions.close());
  // Cached rankings and stats pages go as soon as any instance signals a change that may move them
  // (below); their time to live (RANKING_CACHE_MS, 30 s) only bounds how long a change nobody signalled
  // (a hand-made edit in the database, a lost notice) goes unseen. Refreshing on a short time to live instead cost every
  // instance one ranking statement a second per group read: 0.36 s for a 10,000-member group on
  // PostgreSQL, 0.65 s on the one thread of the embedded database (p99 479 ms there).
  // A read that finds no current ranking joins the refresh's next statement when a refresh is to compute
  // its group (ranking-refresh.ts claim), else computes it.
  const rankingCache = createRankingCache({
    ttlMs: env.RANKING_CACHE_MS,
    load: (db, groupId) => rankingRefresh?.claim(groupId) ?? groupRanking(db, groupId),
  });
  // Stats move exactly when rankings move; a 1,000-member group's stats take ~100 ms to compute, so after a
  // change a large group's stats page (LARGE_STATS_BYTES) is served as it was while one refresh runs.
  // Those large pages are also stored (group_stats_snapshots): an instance just started serves the stored
  // page while one refresh runs, so no reader waits for a large group's computation (~100 ms on the
  // embedded database at 1,000 members), not even the first after a restart.
  const statsCache = createGroupCache({
    ttlMs: env.RANKING_CACHE_MS,
    maxEntries: 1_000, keepAfterChange: (json) => json.length > LARGE_STATS_BYTES, load: groupStatsJson,
    stored: {
      read: (groupId) => readStatsSnapshot(database.db, groupId),
      write: async (groupId, json) => void await inBackground(() => writeStatsSnapshot(database.db, groupId, json)),
      onError: (error) => backgroundLog.warn({ err: error }, 'stored stats page: read or write failed'),
    },
  });
  let changedAt = Number.NEGATIVE_INFINITY;
  const rankingDb = () => (Date.now() - changedAt < REPLICA_CATCH_UP_MS ? database.db : database.readDb);
  // After a change of every ranking, the groups read lately are computed again many per statement rather
  // than one per read (ranking-refresh.ts). Not on the embedded database: there every statement holds the
  // one thread, and chunks of 200 groups kept a goal's save waiting 9 s and the health route's p99 at 8.8 s
  // (against 0.3 s and 0.4 s without; docs/benchmarks.md).
  const rankingRefresh: RankingRefresh | null = database.kind === 'postgres'
    ? startRankingRefresh(rankingDb, rankingCache, {
      chunk: 1_000,
      baseMaxAgeMs: env.RANKING_CACHE_MS,
      onError: (error) => backgroundLog.warn({ err: error }, 'ranking refresh failed; groups are computed on their reads'),
    })
    : null;
  if (rankingRefresh) app.addHook('onClose', async () => rankingRefresh.stop());
  app.decorate('rankingCache', rankingCache);
  // The ranking statements planned before the first request: the one-group statement (and the membership
  // check before it) on every connection of each pool, the refresh's (PostgreSQL only, one pass at a time)
  // on two. Planning the rest in the background instead slowed an instance's first reads 5× (they ran
  // beside it). The instance answers after WARM_UP_WAIT_MS at most (a database slow to answer must not
  // hold its start): what is not planned by then is planned in the background, or by the first reads; a
  // failure is only logged.
  if (options.warmStatements ?? true) {
    const handles = database.readDb === database.db ? [database.db] : [database.readDb, database.db];
    let closing = false;
    app.addHook('onReady', async () => {
      const warm = Promise.all(handles.map(async (handle) => {
        // The membership check reads the primary (the routes' requireMember), never the replica; before the
        // ranking statements, so that those then find every connection idle and land on each.
        if (handle === database.db) await warmMembershipCheck(handle, database.connections);
        await warmRankingStatements(handle, database.connections, 'one');
        if (database.kind === 'postgres') await warmRankingStatements(handle, Math.min(2, database.connections), 'many');
        // Last, the largest groups' rankings on the handle ranking reads take when no change is heard
        // (PostgreSQL: the pool's next read takes the connection that ran the last), kept in the cache
        // unless a change came during their computation, or shortly before it with a replica (which may not
        // hold that change yet: rankingDb reads the primary then): those groups' first reads are served
        // from them, the costliest to compute and the most read.
        if (handle === database.readDb && (options.warmRankings ?? true)) {
          const since = rankingCache.clock();
          const startedAt = Date.now();
          const warmed = await warmRankingRows(handle);
          if (database.readDb === database.db || startedAt - changedAt >= REPLICA_CATCH_UP_MS) {
            for (const { groupId, ranking } of warmed) rankingCache.offer(groupId, ranking, since, startedAt);
          }
        }
      })).catch((error: unknown) => { if (!closing) backgroundLog.warn({ err: error }, 'ranking statements not prepared ahead'); });
      // Meanwhile, the ranking's own code and its page's, on made-up members (nothing read): compiled
      // before the first read, which took ~5 ms more at 1,000 members without it.
      const sample = warmRankingCode();
      for (const page of [1, 2, 3]) rankingPageEncoded(sample, page, sample.rows[sample.rows.length - 1]!.userId, undefined);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([warm, new Promise((resolve) => { timer = setTimeout(resolve, WARM_UP_WAIT_MS); })]);
      clearTimeout(timer);
    });
    app.addHook('onClose', async () => { closing = true; });
  }
  /**
   * Drops the cached rankings and stats pages of one group, or of every group without one, and then
   * refreshes the rankings held; `refresh` false (this process's own signal, which a result's transaction
   * sends before it commits) only notes them for the refresh after the commit. `kind` 'live' (scores in
   * play alone moved): the rankings cached stay as the refresh's bases (ranking-cache.ts base).
   */
  const invalidateCaches = (groupId?: string, refresh = true, kind: RankingsChange = 'all') => {
    changedAt = Date.now();
    const held = groupId === undefined && rankingRefresh ? rankingCache.held() : [];
    rankingCache.invalidate(groupId, kind);
    if (groupId === undefined && rankingRefresh) rankingRefresh.changed(held, refresh);
    statsCache.invalidate(groupId);
  };
  // Who signals a change: this process (results scored, totals rebuilt, an import: rankingsChanged); every
  // instance on the database (RANKINGS_CHANNEL: after this instance's API writes, below; at the commit of
  // an import or a rebuild of the totals anywhere; results scored anywhere also arrive as live events,
  // further down). A notice this instance's hook sent is ignored here (it dropped its caches when it sent
  // it). When the listening connection was lost, notices may have been missed: the caches go.
  const stopListening = onRankingsChanged((kind) => invalidateCaches(undefined, false, kind));
  app.addHook('onClose', async () => void stopListening());
  const instanceId = randomUUID();
  const stopNotices = await database.listen(RANKINGS_CHANNEL, (payload) => {
    const notice = parseRankingsNotice(payload);
    if (notice.origin !== instanceId) invalidateCaches(notice.groupId, true, notice.kind);
  }, {
    onError: (error) => backgroundLog.warn({ err: error }, 'ranking notices: listening connection lost; reconnecting'),
    onReconnect: () => invalidateCaches(),
  });
  app.addHook('onClose', async () => stopNotices());
  // A result saved through this instance reaches it twice after the commit: its route's signal (onSend,
  // below) and its live events. The first applies the change; the second would only drop what was computed
  // since (on PostgreSQL, restart the refresh under way: its first chunk refused and run again). Kept: the
  // ids of the last live events heard, and of events whose change a route applied before they came (the
  // two arrive milliseconds apart); an id forgotten costs one needless invalidation, no stale ranking.
  const heardEvents = new Set<number>();
  const appliedEvents = new Set<number>();
  const remember = (ids: Set<number>, id: number) => {
    ids.add(id);
    if (ids.size > RECENT_EVENTS) ids.delete(ids.values().next().value!);
  };
  // A write through this instance may move any ranking (a member removed, a username, a result): cached
  // rankings go here and on every other instance; except after writes that cannot move one (routes with
  // config.rankingNeutral; a result saved says itself what it moved: config.rankingsByScoring) and refused
  // ones (4xx: nothing written). A server error may follow a commit
  // (an avatar's old file failing to go), so it counts as a write. A write to one group's routes
  // (/api/groups/:groupId/…: its members, name, status, scoring rules) moves that group's pages only.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || (reply.statusCode >= 400 && reply.statusCode < 500)) return;
    if (request.routeOptions.config?.rankingNeutral) return;
    // A result saved: the other instances hear it from its live match event; this one at once unless its
    // own events came first, with what it moved (told before the commit too, a read meanwhile may have
    // cached the result before). The route says 'all' once the administrator is known, until its save
    // says otherwise: a failure after scoring began (rolled back) then lets a held-back refresh go; a
    // refused request changes nothing.
    if (request.routeOptions.config?.rankingsByScoring) {
      if (!request.rankingsChange) return;
      const ownEvents = request.rankingsEvents ?? [];
      // Its live events came first: the change is applied.
      if (ownEvents.length > 0 && ownEvents.every((id) => heardEvents.has(id))) return;
      for (const id of ownEvents) if (!heardEvents.has(id)) remember(appliedEvents, id);
      invalidateCaches(undefined, true, request.rankingsChange);
      return;
    }
    // Sign-ins, sign-ups and sessions (Better Auth's routes) never move a ranking: a busy evening's logins keep the cache.
    if (request.url.startsWith('/api/auth/')) return;
    const groupId = writtenGroup(request.routeOptions.url, request.params);
    invalidateCaches(groupId);
    // The routes' transactions have committed (answers are sent after them). Sent before the answer, so a
    // shutdown waits for it; a failed notice leaves the others their time to live.
    await notifyRankingsChanged(database.db, instanceId, groupId)
      .catch((error: unknown) => backgroundLog.warn({ err: error }, 'ranking notice failed; other instances catch up within RANKING_CACHE_MS'));
  });
  const sync = createSyncContext(database.db, env);
  app.addHook('onClose', async () => sync.settle());
  // Reminders and notifications: Web Push signed with the VAPID keys (env, or generated once and kept in
  // the database), mails with signed unsubscribe links.
  const vapid = await resolveVapidKeys(database.db, env);
  const delivery: DeliveryContext = {
    mailer, appUrl: baseURL.replace(/\/$/, ''), secret: authSecret, log: backgroundLog,
    push: createPushSender(vapid, env.VAPID_SUBJECT ?? `mailto:${env.CONTACT_EMAIL}`, backgroundLog, { agent: options.pushAgent }),
  };
  if (env.REMINDERS) {
    const reminders = startReminderJob(database.db, delivery, env.REMINDER_INTERVAL_MS, backgroundLog, undefined, jobs);
    app.addHook('onClose', async () => reminders.stop());
  }
  // Live events from every instance (LISTEN); open streams end before the server closes. A goal also
  // goes to the phones of those who predicted the match and asked for it (claimed once across instances).
  const onLiveEvent = (event: LiveEventRecord) => {
    // A wall's event moves no ranking.
    if (event.kind === 'wall') return;
    // Not when this instance's route that saved it applied its change already.
    if (!appliedEvents.delete(event.id)) {
      remember(heardEvents, event.id);
      invalidateCaches(undefined, true, event.rankings === 'live' ? 'live' : 'all');
    }
    if (event.kind !== 'match') return;
    sendGoalNotices(database.db, delivery, event.payload as LiveMatchEvent)
      .catch((error: unknown) => backgroundLog.warn({ err: error }, 'goal notices failed'));
  };
  const events = await createEventHub(database, backgroundLog, {
    onEvent: onLiveEvent, recheckMs: env.LIVE_RECHECK_MS,
    // Results scored meanwhile may have gone unheard (a result route's own signal is its live event).
    onReconnect: () => invalidateCaches(),
  });
  app.decorate('liveEvents', events);
  app.addHook('preClose', async () => events.endAll());
  app.addHook('onClose', async () => events.close());
  const context: AppContext = {
    db: database.db, readDb: database.readDb, rankingDb, auth, env, mailer, rankingCache, statsCache, sync, events, notifications: { vapidPublicKey: vapid.publicKey, secret: authSecret },
    jobs, metrics,
  };

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Palpite API', version: APP_VERSION.version, description: 'Football prediction pools.' },
      servers: [{ url: baseURL }],
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: { id: error.id, message: error.message } });
    }
    // The embedded database's disk is full (db/embedded-storage.ts): writes refused until space is freed.
    if (isStorageFull(error)) {
      const full = errors.storageFull();
      return reply.status(full.statusCode).header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS)).send({ error: { id: full.id, message: full.message } });
    }
    // A connection to the database lost or refused: logged once for the whole outage, not here.
    if (outage.failed(error)) {
      const unavailable = errors.databaseUnavailable();
      return reply.status(unavailable.statusCode).header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: { id: unavailable.id, message: unavailable.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .map((issue) => `${issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext}: ${issue.message}`)
        .join('; ');
      return reply.status(400).send({ error: { id: 'validation_failed', message } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ error: { id: 'rate_limited', message: error.message } });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large…
      return reply.status(status).send({ error: { id: status === 404 ? 'not_found' : 'validation_failed', message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { id: 'internal', message: 'Something went wrong on our side.' } });
  });

  const https = baseURL.startsWith('https://');
  // Security headers by helmet, its middleware built once (@fastify/helmet rebuilt it, CSP parsing
  // included, on every request: a tenth of a ranking read's CPU).
  const secureHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        // Served over plain http on a LAN, upgrading would break every asset.
        upgradeInsecureRequests: https ? [] : null,
        // Team crests may be provider images (football-data.org's https crests) besides our own.
        imgSrc: ["'self'", 'data:', 'https:'],
      },
    },
    hsts: https,
  });
  app.addHook('onRequest', (request, reply, done) => {
    secureHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });

  // Most people predict on a phone: brotli/gzip for the app bundle and the JSON alike. An API answer (a
  // ranking page, a round's matches: 1–60 KB) is compressed in one call rather than through a zlib stream
  // per response: brotli (quality 4) of an 11 KB ranking page took ~2.2 ms through a stream, most of it the
  // stream's setup, and ~0.18 ms in one call (2026-11-28, the 2-core VM); the plugin's default on two
  // cores goes to streams above 8 KB.
  await app.register(fastifyCompress, { global: true, threshold: 1024, syncThreshold: 64 * 1024 });

  // Server-Sent Events for the live routes, a heartbeat comment every LIVE_HEARTBEAT_MS (30 s).
  await app.register(fastifySse, { heartbeatInterval: env.LIVE_HEARTBEAT_MS });
  // API_RATE_LIMIT_PER_MINUTE requests a minute per signed-in person (their session), or per address for
  // anyone else (http/rate-limit-key.ts: people behind one router never share a budget), counted across
  // every instance in the database (added there once a second). Better Auth keeps its own, stricter,
  // per-address limits on sign-in, sign-up and mail (auth/auth.ts); reading one's own session is left to this one.
  const sharedLimits = env.RATE_LIMIT ? createSharedRateLimitStore({
    db: database.db, secret: authSecret, onError: (error) => backgroundLog.warn({ err: error }, 'rate limit counts not shared this time'),
  }) : null;
  if (sharedLimits) app.addHook('onClose', async () => sharedLimits.close());
  const sessionKey = { cookieName: (await auth.$context).authCookies.sessionToken.name, secret: authSecret };
  const limitRequests = async (scope: FastifyInstance) => {
    if (!sharedLimits) return;
    await scope.register(fastifyRateLimit, {
      max: env.API_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute', store: sharedLimits.Store,
      keyGenerator: (request) => rateLimitKey(request, sessionKey),
    });
  };
  await app.register(async (scope) => {
    await limitRequests(scope);
    await scope.register(authRoutes, {
      auth, baseURL,
      databaseDown: () => database.db.execute(sql`select 1`).then(() => false, () => true),
      storageFull: () => (storageStatus(database.db)?.state ?? 'ok') !== 'ok',
    });
  });
  await app.register(
    async (api) => {
      registerOriginCheck(api, env.APP_URL);
      await limitRequests(api);
      await api.register(healthRoutes, context);
      await api.register(meRoutes, context);
      await api.register(leagueRoutes, context);
      await api.register(groupRoutes, context);
      await api.register(bonusRoutes, context);
      await api.register(jokerRoutes, context);
      await api.register(exportRoutes, context);
      await api.register(calendarRoutes, context);
      await api.register(wallRoutes, context);
      await api.register(predictionRoutes, context);
      await api.register(adminRoutes, context);
      await api.register(siteRoutes, context);
      await api.register(profileRoutes, context);
      await api.register(homeRoutes, context);
      await api.register(liveRoutes, context);
      await api.register(notificationRoutes, context);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await app.register(metricsRoutes, context);

  const webDir = resolve(options.webDir ?? 'dist/web');
  const hasWeb = existsSync(resolve(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text asset: sent as they are to clients that accept them.
      preCompressed: true,
      // Vite names assets by content hash: cache them for good; everything else (index.html) revalidates.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', filePath.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const buildManifest = hasWeb ? readBuildManifest(webDir) : null;
  const indexHtml = hasWeb ? readFileSync(resolve(webDir, 'index.html'), 'utf8') : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/') || path === '/api' || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: { id: 'not_found', message: `No route for ${request.method} ${path}.` } });
    }
    const asset = /\.[a-z0-9]+$/i.test(path) && path !== '/index.html';
    const file = asset ? assetPath(webDir, path) : null;
    if (file && existsSync(file)) return reply.sendFile(path.slice(1));
    if (asset) return reply.status(404).send({ error: { id: 'not_found', message: `No file ${path}.` } });
    // Client-side routes of the single-page app; a signed-in browser is told which reads to start at once.
    const signedIn = carriesCookie(request.headers.cookie, sessionKey.cookieName);
    const hint = signedIn
      ? preloadLinkHeader(firstScreenReads(path, signedIn), screenCode(buildManifest, path, preferredLanguage(request.headers['accept-language'])), entryStyles(buildManifest))
      : null;
    if (hint) reply.header('link', hint);
    // The hint depends on these request headers: a cache between us and the browser must not hand one visitor's to another.
    reply.header('vary', 'Cookie, Accept-Language');
    // An invite link or a group's page: the page carries its card for chat apps' crawlers (http/share-card.ts).
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    if (indexHtml && sharedGroupOf(path, query)) {
      return shareCardFor(database.readDb, path, query).then((card) => {
        const origin = siteOrigin(env.APP_URL, request);
        const html = indexHtml.replace('</head>', `  ${shareCardTags(card, origin, `${origin}${request.url}`)}\n  </head>`);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      });
    }
    return reply.sendFile('index.html');
  });

  // Folds queued results into member totals in the background (several instances may run it).
  const folder = startScoringFolder(database.db, backgroundLog, env.SCORING_FOLD_INTERVAL_MS, foldPaceFor(database.kind, database.db), jobs);
  app.addHook('onClose', async () => folder.stop());
  // Keeps linked leagues' fixtures and results current (SYNC=false: off; several instances may run it).
  if (env.SYNC) {
    const scheduler = startSyncScheduler(database.db, sync.fetchCompetition, backgroundLog, { providers: sync.providers, fetchStandings: sync.fetchStandings });
    app.addHook('onClose', async () => scheduler.stop());
  }

  return app;
}

/** The file a URL path names inside `webDir`, or null for a malformed path or one escaping it. */
function assetPath(webDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = resolve(webDir, `.${decoded}`);
  return file.startsWith(`${webDir}${sep}`) ? file : null;
}

/**
 * The one group a write can have changed, for the caches: the :groupId of a route under
 * /api/groups/:groupId (the route's pattern, e.g. '/api/groups/:groupId/members/:userId'); undefined
 * for any other route (every group's pages go).
 */
function writtenGroup(routeUrl: string | undefined, params: unknown): string | undefined {
  if (!routeUrl?.startsWith('/api/groups/:groupId')) return undefined;
  const groupId = (params as { groupId?: unknown } | undefined)?.groupId;
  return typeof groupId === 'string' ? groupId : undefined; // in any case: the caches key groups in lower case
}
