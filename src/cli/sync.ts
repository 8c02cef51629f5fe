/**
 * `npm run sync -- <leagueId>` syncs an existing linked league now.
 * `npm run sync -- football-data:<CODE>` creates the league of that competition's current season when
 * missing (teams, fixtures, results) and syncs it now; `npm run sync -- openfootball:<URL-or-path> --tz <zone>`
 * does the same for an openfootball file.
 *
 * A progress line per step. The database is DATABASE_URL's, or the embedded one in DATA_DIR (like the
 * import: the server must be stopped). Exit codes: 0 done, 1 the sync failed (recorded on the run), 2 bad usage.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Db } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { parseEnv } from '../server/env';
import { leagueExternalId } from '../server/modules/import/service';
import { seasonStartYear, syncLeague, type FetchCompetition } from '../server/modules/sync/run-sync';
import { createSyncContext } from '../server/modules/sync/sync-context';
import { SYNC_PROVIDERS } from '../server/modules/sync/sources';
import { consoleOutput, parseOneArgument } from './program';

const USAGE = 'Usage: npm run sync -- <leagueId> | football-data:<CODE> | openfootball:<URL-or-path> --tz <IANA zone>';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The league linked to `provider:ref` for the competition's current season: the one already linked to it
 * (by an administrator or an earlier run), or one created from the competition fetched once (that fetch
 * is reused by the sync, so no second request is made).
 */
async function linkedLeague(db: Db, fetch: FetchCompetition, provider: string, ref: string, timeZone: string | null, log: (line: string) => void) {
  log(`fetching ${provider}:${ref}`);
  const competition = await fetch({ leagueId: '', syncProvider: provider, syncRef: ref, syncTimeZone: timeZone, syncSeason: null });
  const season = provider === 'football-data' ? seasonStartYear(competition.season) : null;
  const [existing] = rowsOf<{ id: string }>(await db.execute(sql`
    select id from leagues where sync_provider = ${provider} and sync_ref = ${ref}
       and (sync_season = ${season} or (sync_season is null and (season = ${competition.season} or name = sync_ref)))
     order by created_at limit 1`));
  if (existing) {
    log(`found league ${competition.name} ${competition.season} (${existing.id})`);
    return { leagueId: existing.id, fetched: (async () => competition) satisfies FetchCompetition };
  }
  const [league] = rowsOf<{ id: string }>(await db.execute(sql`
    insert into leagues (name, season, kind, provider, external_id, sync_provider, sync_ref, sync_time_zone, sync_season)
    values (${competition.name}, ${competition.season}, ${competition.kind}, ${provider}, ${leagueExternalId(competition)}, ${provider}, ${ref}, ${timeZone}, ${season})
    on conflict (provider, external_id) do update set sync_provider = excluded.sync_provider, sync_ref = excluded.sync_ref,
      sync_time_zone = excluded.sync_time_zone, sync_season = excluded.sync_season, updated_at = now()
    returning id`));
  log(`created league ${competition.name} ${competition.season} (${league!.id})`);
  return { leagueId: league!.id, fetched: (async () => competition) satisfies FetchCompetition };
}

async function main(): Promise<number> {
  const parsed = parseOneArgument(process.argv.slice(2), { tz: { type: 'string' } }, USAGE, consoleOutput);
  if (typeof parsed === 'number') return parsed;
  const { argument: target, values } = parsed;
  const separator = target.indexOf(':');
  const provider = !UUID.test(target) && separator > 0 ? target.slice(0, separator) : null;
  if (!UUID.test(target) && !(provider && (SYNC_PROVIDERS as readonly string[]).includes(provider))) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
  const log = (line: string) => console.log(line);
  let database;
  try {
    database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`Sync failed, nothing was written: ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    const sync = createSyncContext(database.db, env);
    let leagueId = target;
    let fetch = sync.fetchCompetition;
    if (provider) {
      const linked = await linkedLeague(database.db, sync.fetchCompetition, provider, target.slice(separator + 1), values.tz ?? null, log);
      leagueId = linked.leagueId;
      fetch = linked.fetched;
    }
    const outcome = await syncLeague(database.db, leagueId, fetch, { kind: 'fixtures', trigger: 'cli', onStep: log, fetchStandings: sync.fetchStandings });
    if (outcome.status === 'succeeded') {
      for (const warning of outcome.warnings) console.warn(`warning: ${warning}`);
      return 0;
    }
    if (outcome.status === 'busy') console.error('Another sync of this league is running; try again when it ends.');
    if (outcome.status === 'skipped') console.error(`Nothing to do: ${outcome.reason}.`);
    return 1;
  } catch (error) {
    console.error(`Sync failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
