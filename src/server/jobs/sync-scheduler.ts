/**
 * The sync scheduler: every `intervalMs` it looks at each league linked to a data provider (inactive ones
 * too: they are only closed to new groups, and their groups still need results) and
 * runs the sync that is due (src/domain/sync-schedule.ts: the season daily, every minute in a live
 * window, back-off after failures), one league after another. Safe on any number of instances: a run is
 * claimed in PostgreSQL (run-sync.ts), and a claim made after another instance's newer run is dropped,
 * so each due run happens once. Failures are recorded on the run and logged (message only); the app
 * never waits for a sync. Replayed tournaments (modules/replay) are their own provider, reporting every
 * second: a second loop ticks them every `replayIntervalMs` (one runner per replay across instances, under
 * its advisory lock). SYNC=false starts neither.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';
import { dueSync, LIVE_WINDOW_LEAD_MINUTES, LIVE_WINDOW_MAX_HOURS, type PastRun } from '../../domain/sync-schedule';
import { closeExpiredRuns, syncLeague, type FetchCompetition, type FetchStandings, type SyncOutcome } from '../modules/sync/run-sync';
import { tickReplays, type TickOutcome } from '../modules/replay/service';

/** A running scheduler; `stop` waits for a tick in progress. */
export interface SyncScheduler {
  /** Looks at every linked league once and runs what is due (tests call it directly). */
  tick(): Promise<{ leagueId: string; outcome: SyncOutcome }[]>;
  /** Ticks the running replays once (tests call it directly). */
  tickReplays(): Promise<TickOutcome[]>;
  stop(): Promise<void>;
}

/** Recent runs looked at per league. */
const HISTORY = 12;

/**
 * Starts the scheduler (first tick after `intervalMs`, default 15 s: live runs come once a minute).
 * @param options.providers the providers that can be used now (football-data.org only with a token):
 *   leagues of other providers are left alone, not failed every hour.
 * @param options.now the clock (tests pass their own).
 */
export function startSyncScheduler(
  db: Db, fetchCompetition: FetchCompetition, logger: FastifyBaseLogger,
  options: { intervalMs?: number; replayIntervalMs?: number; providers: readonly string[]; now?: () => Date; fetchStandings?: FetchStandings },
): SyncScheduler {
  const { intervalMs = 15_000, replayIntervalMs = 1_000, providers, now = () => new Date() } = options;
  let running: Promise<{ leagueId: string; outcome: SyncOutcome }[]> | null = null;
  let stopped = false;

  const tickOnce = async () => {
    // Runs whose lease ran out belong to an instance that stopped (a crash, a kill): closed here, or
    // they would keep their league's schedule waiting for ever.
    await closeExpiredRuns(db);
    const leagues = rowsOf<{ id: string; sync_provider: string }>(await db.execute(sql`
      select id, sync_provider from leagues
       where sync_provider is not null and sync_ref is not null
         and sync_provider in (${sql.join(providers.length > 0 ? providers.map((p) => sql`${p}`) : [sql`null`], sql`, `)})
       order by id`));
    if (leagues.length === 0) return [];
    const ids = sql`array[${sql.join(leagues.map((l) => sql`${l.id}::uuid`), sql`, `)}]`;
    const runs = rowsOf<{ league_id: string; kind: PastRun['kind']; status: PastRun['status']; started_at: string | Date; started_text: string }>(await db.execute(sql`
      select l.id as league_id, r.kind, r.status, r.started_at, r.started_at::text as started_text
        from unnest(${ids}) as l(id)
        cross join lateral (select kind, status, started_at from sync_runs s where s.league_id = l.id order by s.started_at desc limit ${HISTORY}) r
       order by l.id, r.started_at desc`));
    const open = rowsOf<{ league_id: string; kickoff: string | Date }>(await db.execute(sql`
      select league_id, kickoff from matches
       where league_id = any(${ids}) and status in ('scheduled', 'live')
         and kickoff between now() - make_interval(hours => ${LIVE_WINDOW_MAX_HOURS}) and now() + make_interval(mins => ${LIVE_WINDOW_LEAD_MINUTES + 1})`));
    const results: { leagueId: string; outcome: SyncOutcome }[] = [];
    for (const { id } of leagues) {
      if (stopped) break;
      const history = runs.filter((r) => r.league_id === id);
      const kind = dueSync({
        runs: history.map((r) => ({ kind: r.kind, status: r.status, startedAt: new Date(r.started_at) })),
        // openfootball files carry no live scores: their leagues sync daily only.
        openKickoffs: leagues.find((l) => l.id === id)!.sync_provider === 'openfootball' ? [] : open.filter((m) => m.league_id === id).map((m) => new Date(m.kickoff)),
      }, now());
      if (!kind) continue;
      const outcome = await syncLeague(db, id, fetchCompetition, { kind, trigger: 'schedule', lastSeenStart: history[0]?.started_text ?? null, fetchStandings: options.fetchStandings });
      if (outcome.status === 'failed') logger.warn({ leagueId: id, kind, err: outcome.error }, 'league sync failed');
      results.push({ leagueId: id, outcome });
    }
    return results;
  };

  const tick = () => {
    if (running) return running;
    running = tickOnce()
      .catch((error: unknown) => {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'sync scheduler tick failed');
        return [];
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, intervalMs);
  timer.unref();

  let replaying: Promise<TickOutcome[]> | null = null;
  const replayTick = () => {
    replaying ??= tickReplays(db)
      .catch((error: unknown) => {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'replay tick failed');
        return [];
      })
      .finally(() => {
        replaying = null;
      });
    return replaying;
  };
  const replayTimer = setInterval(() => {
    if (!stopped) void replayTick();
  }, replayIntervalMs);
  replayTimer.unref();
  return {
    tick,
    tickReplays: replayTick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(replayTimer);
      await Promise.all([running, replaying]);
    },
  };
}
