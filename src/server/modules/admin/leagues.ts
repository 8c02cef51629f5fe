/**
 * The administrators' leagues: the list (search, sort, 50 a page) with each league's counts and last
 * sync run, creation (by hand, or linked to football-data.org or an openfootball URL), edits
 * (name, active, time zone), the sync runs of a league, and "sync now". Callers check the role.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE, type AdminLeague, type AdminLeaguesResponse, type CreateLeagueRequest, type LeagueSource, type LinkLeagueRequest, type SyncRun,
  type UpdateLeagueRequest,
} from '../../../contracts/admin';
import { rowsOf, type Conn } from '../../db/client';
import { errors } from '../../errors';

interface LeagueRow {
  id: string; name: string; season: string; kind: 'league' | 'tournament'; active: boolean;
  sync_provider: string | null; sync_ref: string | null; sync_time_zone: string | null;
  import_ref: string | null; import_time_zone: string | null; imported_at: string | Date | null;
  matches: number; finished: number; groups: number;
  run_id: string | null; run_kind: SyncRun['kind'] | null; run_trigger: SyncRun['trigger'] | null; run_status: SyncRun['status'] | null;
  run_started: string | Date | null; run_finished: string | Date | null; run_created: number | null; run_updated: number | null;
  run_unchanged: number | null; run_rescored: number | null; run_error: string | null;
  replay_state: 'running' | 'paused' | 'stopped' | 'finished' | null; replay_speed: number | string | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** A sync_runs row as the contract's SyncRun. */
export function presentRun(row: {
  id: string; kind: SyncRun['kind']; trigger: SyncRun['trigger']; status: SyncRun['status']; started_at: string | Date; finished_at: string | Date | null;
  created: number; updated: number; unchanged: number; rescored: number; error: string | null;
}): SyncRun {
  return {
    id: row.id, kind: row.kind, trigger: row.trigger, status: row.status, startedAt: iso(row.started_at),
    finishedAt: row.finished_at ? iso(row.finished_at) : null, created: Number(row.created), updated: Number(row.updated),
    unchanged: Number(row.unchanged), rescored: Number(row.rescored), error: row.error,
  };
}

function presentLeague(row: LeagueRow): AdminLeague {
  return {
    id: row.id, name: row.name, season: row.season, kind: row.kind, active: row.active,
    source: (row.sync_provider ?? 'manual') as LeagueSource, sourceRef: row.sync_ref, sourceTimeZone: row.sync_time_zone,
    importRef: row.import_ref, importTimeZone: row.import_time_zone, importedAt: row.imported_at ? iso(row.imported_at) : null,
    matches: Number(row.matches), finished: Number(row.finished), groups: Number(row.groups),
    lastRun: row.run_id ? presentRun({
      id: row.run_id, kind: row.run_kind!, trigger: row.run_trigger!, status: row.run_status!, started_at: row.run_started!, finished_at: row.run_finished,
      created: row.run_created!, updated: row.run_updated!, unchanged: row.run_unchanged!, rescored: row.run_rescored!, error: row.run_error,
    }) : null,
    replay: row.replay_state ? { state: row.replay_state, speed: Number(row.replay_speed) } : null,
  };
}

/** Leagues with counts and last run, filtered by `where`. */
function leagueSelect(where: SQL, orderLimit: SQL = sql``) {
  return sql`
    select l.id, l.name, l.season, l.kind, l.active, l.sync_provider, l.sync_ref, l.sync_time_zone, l.import_ref, l.import_time_zone, l.imported_at,
           (select count(*) from matches m where m.league_id = l.id)::int as matches,
           (select count(*) from matches m where m.league_id = l.id and m.status = 'finished')::int as finished,
           (select count(*) from groups g where g.league_id = l.id)::int as groups,
           r.id as run_id, r.kind as run_kind, r.trigger as run_trigger, r.status as run_status, r.started_at as run_started,
           r.finished_at as run_finished, r.created as run_created, r.updated as run_updated, r.unchanged as run_unchanged,
           r.rescored as run_rescored, r.error as run_error, rp.state as replay_state, rp.speed as replay_speed
      from leagues l
      left join replays rp on rp.league_id = l.id
      left join lateral (select * from sync_runs s where s.league_id = l.id order by s.started_at desc limit 1) r on true
     where ${where}
     ${orderLimit}`;
}

const SORT_COLUMNS = { name: sql`lower(l.name)`, season: sql`l.season`, matches: sql`matches`, groups: sql`groups` } as const;

/** One page of leagues, searched by name or season (case-insensitive), sorted. */
export async function listAdminLeagues(
  db: Conn, query: { search?: string; sort: keyof typeof SORT_COLUMNS; order: 'asc' | 'desc'; page: number },
): Promise<AdminLeaguesResponse> {
  const pattern = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern ? sql`(l.name ilike ${pattern} or l.season ilike ${pattern} or coalesce(l.sync_ref, '') ilike ${pattern})` : sql`true`;
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  const rows = rowsOf<LeagueRow>(await db.execute(leagueSelect(where,
    sql`order by ${SORT_COLUMNS[query.sort]} ${direction}, l.id limit ${ADMIN_PAGE_SIZE} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`)));
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from leagues l where ${where}`));
  return { leagues: rows.map(presentLeague), total: Number(count?.n ?? 0), page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** One league. @throws AppError league_not_found. */
export async function getAdminLeague(db: Conn, leagueId: string): Promise<AdminLeague> {
  const [row] = rowsOf<LeagueRow>(await db.execute(leagueSelect(sql`l.id = ${leagueId}::uuid`)));
  if (!row) throw errors.leagueNotFound();
  return presentLeague(row);
}

/** Every league linked to a provider, active first, by name (the dashboard). */
export async function syncedLeagues(db: Conn): Promise<AdminLeague[]> {
  return rowsOf<LeagueRow>(await db.execute(leagueSelect(sql`l.sync_provider is not null`, sql`order by l.active desc, lower(l.name), l.id`))).map(presentLeague);
}

/**
 * Creates a league. A linked one is named after its source ('PL') until its first sync brings the
 * competition's own name and season.
 */
export async function createAdminLeague(db: Conn, body: CreateLeagueRequest): Promise<AdminLeague> {
  const ref = body.source === 'openfootball' ? sourceOnServer(body.sourceRef) : body.source === 'football-data' ? body.sourceRef : null;
  const values = body.source === 'manual'
    ? { name: body.name, season: body.season, kind: body.kind, provider: 'manual', syncProvider: null, syncRef: null, timeZone: null }
    : { name: ref!, season: '—', kind: 'league' as const, provider: body.source, syncProvider: body.source, syncRef: ref,
        timeZone: body.source === 'openfootball' ? body.sourceTimeZone : null };
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`
    insert into leagues (name, season, kind, provider, external_id, sync_provider, sync_ref, sync_time_zone)
    values (${values.name}, ${values.season}, ${values.kind}, ${values.provider}, ${`admin:${randomUUID()}`}, ${values.syncProvider}, ${values.syncRef}, ${values.timeZone})
    returning id`));
  return getAdminLeague(db, row!.id);
}

/** An openfootball source as the sync reads it: a URL as it is, a path made absolute from the server's working folder. */
function sourceOnServer(source: string): string {
  return /^https?:\/\//i.test(source) ? source : resolve(source);
}

/**
 * Links a league that is not linked yet (entered by hand, or imported with `npm run import`) to an
 * openfootball source and the zone of its times: the scheduler syncs it from then on (into this league:
 * its matches, groups and predictions stay).
 * @returns the league before and after.
 * @throws AppError league_not_found; league_linked when it is linked already.
 */
export async function linkAdminLeague(db: Conn, leagueId: string, body: LinkLeagueRequest): Promise<{ before: AdminLeague; after: AdminLeague }> {
  const before = await getAdminLeague(db, leagueId);
  const linked = rowsOf<{ id: string }>(await db.execute(sql`
    update leagues set sync_provider = 'openfootball', sync_ref = ${sourceOnServer(body.sourceRef)}, sync_time_zone = ${body.sourceTimeZone}, updated_at = now()
     where id = ${leagueId}::uuid and sync_provider is null
    returning id`));
  if (linked.length === 0) throw errors.leagueLinked();
  return { before, after: await getAdminLeague(db, leagueId) };
}

/** Edits a league's name, active flag or time zone. @throws AppError league_not_found. */
export async function updateAdminLeague(db: Conn, leagueId: string, body: UpdateLeagueRequest): Promise<AdminLeague> {
  const sets: SQL[] = [sql`updated_at = now()`];
  if (body.name !== undefined) sets.push(sql`name = ${body.name}`);
  if (body.active !== undefined) sets.push(sql`active = ${body.active}`);
  if (body.sourceTimeZone !== undefined) sets.push(sql`sync_time_zone = ${body.sourceTimeZone}`);
  const updated = rowsOf<{ id: string }>(await db.execute(sql`update leagues set ${sql.join(sets, sql`, `)} where id = ${leagueId}::uuid returning id`));
  if (updated.length === 0) throw errors.leagueNotFound();
  return getAdminLeague(db, leagueId);
}

/** A league's last 50 sync runs, newest first. @throws AppError league_not_found. */
export async function leagueSyncRuns(db: Conn, leagueId: string): Promise<SyncRun[]> {
  await getAdminLeague(db, leagueId);
  return rowsOf<Parameters<typeof presentRun>[0]>(await db.execute(sql`
    select id, kind, trigger, status, started_at, finished_at, created, updated, unchanged, rescored, error
      from sync_runs where league_id = ${leagueId}::uuid order by started_at desc limit 50`)).map(presentRun);
}
