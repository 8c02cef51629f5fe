/**
 * Recording live events: a row in live_events and a NOTIFY on LIVE_CHANNEL carrying it, in the caller's
 * transaction, so every app instance hears the event exactly when the change it describes commits (and
 * never for a change rolled back). Instances fan it out to their open streams (event-hub.ts).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Conn } from '../../db/client';
import type { RankingsChange } from '../scoring/rankings-changed';

/** The PostgreSQL notification channel of live events. */
export const LIVE_CHANNEL = 'palpite_live';

/** How long events are kept for streams that reconnect with Last-Event-ID. */
export const LIVE_EVENT_RETENTION_MINUTES = 60;

/**
 * A live event as announced and replayed: its number, league, group (a 'wall' event's; else null), kind
 * and data; announced 'match' events may say what they moved in the rankings (`rankings`, for the
 * instances' caches; absent: anything, as in replayed events).
 */
export interface LiveEventRecord {
  id: number;
  leagueId: string;
  groupId?: string | null;
  kind: 'match' | 'wall';
  payload: unknown;
  rankings?: RankingsChange;
}

/** What a 'wall' event says: a post of the group was written, changed, deleted or reacted to (the page refetches). */
export interface LiveWallEvent { groupId: string; postId: string; action: 'posted' | 'edited' | 'deleted' | 'reacted' }

/**
 * Records a 'wall' event for a group's streams only, notified to every instance at commit.
 * @param conn the transaction that changed the wall.
 */
export async function publishWallEvent(conn: Conn, event: LiveWallEvent): Promise<void> {
  await conn.execute(sql`
    with recorded as (
      insert into live_events (league_id, group_id, kind, payload)
      select g.league_id, g.id, 'wall', ${JSON.stringify(event)}::jsonb from groups g where g.id = ${event.groupId}::uuid
      returning id, league_id, group_id, kind, payload
    )
    select pg_notify(${LIVE_CHANNEL}, json_build_object('id', id, 'leagueId', league_id, 'groupId', group_id, 'kind', kind, 'payload', payload)::text)
      from recorded`);
}

/**
 * Records a `match` event for each match (its state as stored now: status, goals, shoot-out, live clock,
 * scorers, kickoff) and notifies
 * every instance at commit. One statement whatever the number of matches.
 * @param conn the transaction that changed the matches (or the database, after the change).
 * @param options.rankings what the change moved in the rankings (default 'all'), in the notice only.
 * @returns the events' ids (live_events.id), which their notices carry once the change commits.
 */
export async function publishMatchEvents(conn: Conn, matchIds: readonly string[], options: { rankings?: RankingsChange } = {}): Promise<number[]> {
  if (matchIds.length === 0) return [];
  const ids = sql.join([...new Set(matchIds)].map((id) => sql`${id}::uuid`), sql`, `);
  return rowsOf<{ id: number | string }>(await conn.execute(sql`
    with recorded as (
      insert into live_events (league_id, kind, payload)
      select m.league_id, 'match', jsonb_build_object(
               'matchId', m.id, 'leagueId', m.league_id, 'status', m.status, 'homeGoals', m.home_goals, 'awayGoals', m.away_goals,
               'homeGoalsExtraTime', m.home_goals_extra_time, 'awayGoalsExtraTime', m.away_goals_extra_time,
               'homePenalties', m.home_penalties, 'awayPenalties', m.away_penalties, 'live', m.live, 'goals', coalesce(m.goals, '[]'::jsonb),
               'kickoff', to_char(m.kickoff at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        from matches m where m.id in (${ids})
       order by m.id
      returning id, league_id, kind, payload
    )
    select id, pg_notify(${LIVE_CHANNEL}, json_build_object('id', id, 'leagueId', league_id, 'kind', kind, 'payload', payload, 'rankings', ${options.rankings ?? 'all'}::text)::text)
      from recorded`)).map((row) => Number(row.id));
}

/**
 * The events of some leagues after `afterId`, oldest first (at most `limit`), and whether a stream
 * resuming at `resumeFrom` (≥ afterId) must resynchronise instead: more were missed than `limit`, or
 * events after `resumeFrom` may have been pruned (the oldest kept is newer than the next number, or none
 * is kept although numbers were issued since).
 */
export async function eventsAfter(conn: Conn, leagueIds: readonly string[], afterId: number, resumeFrom = afterId, limit = 500): Promise<{ events: LiveEventRecord[]; gap: boolean }> {
  const rows = leagueIds.length === 0 ? [] : rowsOf<{ id: number | string; league_id: string; group_id: string | null; kind: 'match' | 'wall'; payload: unknown }>(await conn.execute(sql`
    select id, league_id, group_id, kind, payload from live_events
     where league_id in (${sql.join(leagueIds.map((id) => sql`${id}::uuid`), sql`, `)}) and id > ${afterId}
     order by id limit ${limit + 1}`));
  const [bounds] = rowsOf<{ oldest: number | string | null; issued: number | string | null }>(await conn.execute(sql`
    select (select min(id) from live_events) as oldest,
           (select case when is_called then last_value end from live_events_id_seq) as issued`));
  const oldest = bounds?.oldest === null || bounds?.oldest === undefined ? null : Number(bounds.oldest);
  const issued = bounds?.issued === null || bounds?.issued === undefined ? 0 : Number(bounds.issued);
  const events = rows.slice(0, limit).map((row) => ({
    id: Number(row.id), leagueId: row.league_id, groupId: row.group_id, kind: row.kind, payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  }));
  // Numbers are never reused but may skip (a rolled-back insert): a skip only costs a needless refetch.
  // A resume point past every number issued (a restored database): the page's view cannot be trusted.
  const pruned = resumeFrom > issued || (oldest === null ? issued > resumeFrom : oldest > resumeFrom + 1);
  return { events, gap: rows.length > limit || pruned };
}

/** Deletes events older than the retention. @returns how many were deleted. */
export async function pruneLiveEvents(conn: Conn): Promise<number> {
  const deleted = rowsOf<{ n: number }>(await conn.execute(sql`
    with gone as (delete from live_events where created_at < now() - make_interval(mins => ${LIVE_EVENT_RETENTION_MINUTES}) returning 1)
    select count(*)::int as n from gone`));
  return Number(deleted[0]?.n ?? 0);
}
