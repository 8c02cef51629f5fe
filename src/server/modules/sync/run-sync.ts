/**
 * One sync run of a league linked to a data provider: claim the run (at most one per league at a time
 * across every app instance: a unique index on the running row, with a lease so a run whose instance
 * died is taken over), fetch the competition from its source, write it with the importer (set-based
 * upserts; a changed result re-scores in the same transaction, a postponement voids, a new kickoff
 * reopens), and record the counts or the error on the run. Idempotent: a second run with nothing new
 * changes nothing (every match counted unchanged).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { ImportedCompetition } from '../../providers/fixture-source';
import { importCompetition } from '../import/service';
import { storeProviderStandings } from './provider-standings';
import type { SyncKind } from '../../../domain/sync-schedule';

/** How long a run may take before another instance may take it as dead, in seconds. */
export const SYNC_LEASE_SECONDS = 10 * 60;

/** A league's link to its source, as stored on the league. */
export interface LeagueSource {
  leagueId: string;
  syncProvider: string;
  syncRef: string;
  syncTimeZone: string | null;
  /** football-data.org: the season's start year once known (null: the current season, at the first sync). */
  syncSeason: number | null;
}

/** Fetches a league's competition from its source (providers: sources.ts). */
export type FetchCompetition = (source: LeagueSource) => Promise<ImportedCompetition>;
/** Fetches a league's tables from its source, or null when the source publishes none (openfootball). */
export type FetchStandings = (source: LeagueSource) => Promise<unknown[] | null>;

/** What a run did. */
export type SyncOutcome =
  | { status: 'succeeded'; runId: string; created: number; updated: number; unchanged: number; rescored: number; warnings: string[] }
  | { status: 'failed'; runId: string; error: string }
  /** Another run of the league is under way (on this or another instance): nothing was done. */
  | { status: 'busy' }
  /** The league does not exist or has no source: nothing was done. */
  | { status: 'skipped'; reason: string };

/** The year a season label starts in ('2025-26' → 2025, '2026' → 2026), or null. */
export function seasonStartYear(label: string): number | null {
  const match = /^(\d{4})/.exec(label);
  return match ? Number(match[1]) : null;
}

/**
 * Closes (as failed, 'interrupted (lease expired)') the running runs whose lease ran out: their instance
 * stopped. All leagues', or one league's.
 */
export async function closeExpiredRuns(db: Db, leagueId?: string): Promise<void> {
  await db.execute(sql`
    update sync_runs set status = 'failed', finished_at = now(), error = 'interrupted (lease expired)'
     where status = 'running' and lease_until < now() ${leagueId ? sql`and league_id = ${leagueId}::uuid` : sql``}`);
}

/**
 * Runs one sync of a league now (an inactive league too: it is only closed to new groups).
 * @param options.kind recorded on the run ('fixtures' or 'live'); options.trigger 'schedule' | 'admin' | 'cli'.
 * @param options.onStep called with a short line per step (the CLI prints them).
 * @returns the outcome; provider and import errors are recorded on the run and returned, never thrown.
 */
export async function syncLeague(
  db: Db, leagueId: string, fetchCompetition: FetchCompetition,
  options: {
    kind: SyncKind;
    trigger: 'schedule' | 'admin' | 'cli';
    onStep?: (line: string) => void;
    /** After a run that changed a result, the provider's tables are fetched and kept (a failure there is only a step line). */
    fetchStandings?: FetchStandings;
    /**
     * When the newest run the caller saw started (the scheduler), as PostgreSQL's text of started_at (a JS
     * Date would lose the microseconds), or null when it saw none: if any run of the league started after
     * it (another instance was quicker), nothing is done ('busy'). Undefined: run anyway.
     */
    lastSeenStart?: string | null;
  },
): Promise<SyncOutcome> {
  const step = options.onStep ?? (() => {});
  const [league] = rowsOf<{ id: string; sync_provider: string | null; sync_ref: string | null; sync_time_zone: string | null; sync_season: number | null }>(
    await db.execute(sql`select id, sync_provider, sync_ref, sync_time_zone, sync_season from leagues where id = ${leagueId}::uuid`));
  if (!league) return { status: 'skipped', reason: 'no such league' };
  if (!league.sync_provider || !league.sync_ref) return { status: 'skipped', reason: 'the league has no data source (entered by hand)' };

  // A run whose lease ran out belongs to an instance that stopped: close it so a new one may start.
  await closeExpiredRuns(db, leagueId);
  const seen = options.lastSeenStart === undefined ? sql`true`
    : options.lastSeenStart === null ? sql`not exists (select 1 from sync_runs r where r.league_id = ${leagueId}::uuid)`
    : sql`not exists (select 1 from sync_runs r where r.league_id = ${leagueId}::uuid and r.started_at > ${options.lastSeenStart}::timestamptz)`;
  const [claimed] = rowsOf<{ id: string }>(await db.execute(sql`
    insert into sync_runs (league_id, kind, trigger, lease_until)
    select ${leagueId}::uuid, ${options.kind}, ${options.trigger}, now() + make_interval(secs => ${SYNC_LEASE_SECONDS})
     where ${seen}
    on conflict (league_id) where status = 'running' do nothing
    returning id`));
  if (!claimed) return { status: 'busy' };
  const runId = claimed.id;
  // The lease is renewed while the run lasts (provider waits can take minutes), so no other instance
  // takes over a run that is alive.
  const renewal = setInterval(() => {
    void db.execute(sql`update sync_runs set lease_until = now() + make_interval(secs => ${SYNC_LEASE_SECONDS}) where id = ${runId}::uuid and status = 'running'`)
      .catch(() => undefined);
  }, (SYNC_LEASE_SECONDS * 1000) / 5);
  renewal.unref();

  try {
    step(`fetching ${league.sync_provider}:${league.sync_ref}`);
    const source: LeagueSource = {
      leagueId, syncProvider: league.sync_provider, syncRef: league.sync_ref, syncTimeZone: league.sync_time_zone,
      syncSeason: league.sync_season === null ? null : Number(league.sync_season),
    };
    const competition = await fetchCompetition(source);
    step(`writing ${competition.matches.length} matches of ${competition.name} ${competition.season}`);
    const summary = await importCompetition(db, competition, { provider: league.sync_provider, leagueId });
    // A league created by an administrator is named after its source ('PL') until this first sync, which
    // also pins a football-data.org league to the season it fetched (later syncs ask for that season).
    await db.execute(sql`update leagues set name = ${competition.name} where id = ${leagueId}::uuid and name = sync_ref`);
    const startYear = seasonStartYear(competition.season);
    if (league.sync_provider === 'football-data' && source.syncSeason === null && startYear !== null) {
      await db.execute(sql`update leagues set sync_season = ${startYear} where id = ${leagueId}::uuid and sync_season is null`);
    }
    if (options.fetchStandings && (summary.created > 0 || summary.updated > 0)) {
      try {
        const tables = await options.fetchStandings({ ...source, syncSeason: source.syncSeason ?? startYear });
        if (tables) {
          await storeProviderStandings(db, leagueId, tables);
          step(`standings: ${tables.length} table(s) kept`);
        }
      } catch (error) {
        step(`standings not fetched: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    await db.execute(sql`
      update sync_runs set status = 'succeeded', finished_at = now(), created = ${summary.created}, updated = ${summary.updated},
             unchanged = ${summary.unchanged}, rescored = ${summary.rescored}
       where id = ${runId}::uuid and status = 'running'`);
    step(`done: ${summary.created} new, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.rescored} predictions re-scored`);
    return { status: 'succeeded', runId, created: summary.created, updated: summary.updated, unchanged: summary.unchanged, rescored: summary.rescored, warnings: competition.warnings };
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1_000);
    await db.execute(sql`update sync_runs set status = 'failed', finished_at = now(), error = ${message} where id = ${runId}::uuid and status = 'running'`);
    step(`failed: ${message}`);
    return { status: 'failed', runId, error: message };
  } finally {
    clearInterval(renewal);
  }
}
