/**
 * Scoring after a result change (a final whistle, a corrected score, a postponement): the matches'
 * result_version is bumped, the new result is snapshotted in scoring_results and the matches are queued
 * for folding (fold.ts) from the version their totals hold. Matches with few predictions are
 * folded at once in the caller's transaction; a match with more than SYNC_FOLD_LIMIT predictions (a
 * World Cup final across many groups) is left to the background folder, so saving the result stays
 * fast, while rankings already count it (they add unfolded predictions on read); unless its change folds
 * nothing (a live score: no outcome counts before full time), which leaves the queue at once. Never a query per
 * prediction: every step is a set-based statement. Each change is also recorded as a live `match` event,
 * announced to every instance's open event streams at commit (modules/live). Bonus questions the results
 * decide are decided and scored in the same transaction (modules/bonus/resolve.ts).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Conn } from '../../db/client';
import { dequeueIfNothingToFold, foldStep, lockMatchForFolding } from './fold';
import { rankingsChanged, type RankingsChange } from './rankings-changed';
import { publishMatchEvents } from '../live/publish';
import { resolveLeagueBonus } from '../bonus/resolve';

/** Above this many predictions a match is folded in the background instead of in the caller's transaction. */
export const SYNC_FOLD_LIMIT = 2_000;

/**
 * Marks the matches' results as changed and scores their predictions (at once when small).
 * @param conn a transaction (preferably the one that changed the result) or the database.
 * @param options.syncLimit folds at once the matches with at most this many predictions (default SYNC_FOLD_LIMIT).
 * @returns how many predictions were scored now (the rest are queued).
 */
export async function scoreMatches(conn: Conn, matchIds: readonly string[], options: { syncLimit?: number } = {}): Promise<number> {
  return (await scoreMatchesSaying(conn, matchIds, options)).scored;
}

/**
 * scoreMatches, also returning what the change moved in the rankings, as it told the caches: 'live' when
 * every match was in play with a score before and after and no bonus question was decided (the rankings'
 * official parts are as they were), else 'all'; null when no match was found (nothing said); and the ids
 * of the live match events that say it to every instance at the commit (publishMatchEvents).
 * @param options.rankings 'all': say 'all' whatever the matches (the caller changed more than results).
 */
export async function scoreMatchesSaying(
  conn: Conn, matchIds: readonly string[], options: { syncLimit?: number; rankings?: 'all' } = {},
): Promise<{ scored: number; rankings: RankingsChange | null; events: number[] }> {
  const syncLimit = options.syncLimit ?? SYNC_FOLD_LIMIT;
  if (matchIds.length === 0) return { scored: 0, rankings: null, events: [] };
  const ids = sql.join([...new Set(matchIds)].map((id) => sql`${id}::uuid`), sql`, `);
  // Each match's scores in play now and at the result its totals were last asked to hold (the snapshot of
  // the version before: absent, as if not in play).
  const bumped = rowsOf<{ id: string; result_version: number; league_id: string; live_score: boolean }>(await conn.execute(sql`
    update matches set result_version = result_version + 1 where id in (${ids})
    returning id, result_version, league_id,
              coalesce(status = 'live' and home_goals is not null and away_goals is not null and (
                select s.status = 'live' and s.home_goals is not null and s.away_goals is not null from scoring_results s
                 where s.match_id = matches.id and s.version = matches.result_version - 1), false) as live_score`));
  if (bumped.length === 0) return { scored: 0, rankings: null, events: [] };
  await conn.execute(sql`
    insert into scoring_results (match_id, version, stage, status, home_goals, away_goals, home_goals_extra_time, away_goals_extra_time)
    select id, result_version, stage, status, home_goals, away_goals, home_goals_extra_time, away_goals_extra_time
      from matches where id in (${ids})`);
  let scored = 0;
  for (const { id, result_version: version } of [...bumped].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    // Under the folding lock: a folder finishing this match's pass cannot take it off the queue between
    // our bump and our queueing (it would then hold totals at a result it never folded to).
    await lockMatchForFolding(conn, id);
    // Not queued: every prediction is folded at the previous version. Queued: the pass under way goes on.
    await conn.execute(sql`
      insert into scoring_queue (match_id, from_version) values (${id}::uuid, ${Number(version) - 1})
      on conflict (match_id) do update set queued_at = now()`);
    const [size] = rowsOf<{ n: number }>(await conn.execute(sql`
      select count(*)::int as n from (select 1 from predictions where match_id = ${id}::uuid limit ${syncLimit + 1}) s`));
    if (Number(size?.n ?? 0) > syncLimit) {
      // A live score changing folds nothing: its pass ends here, at once, instead of leaving the match
      // queued for the folder, which every ranking computed meanwhile would read (pendingRowsSql: the
      // match's predictions in each group, for no difference).
      await dequeueIfNothingToFold(conn, id);
      continue;
    }
    for (let step = 0; step < 10; step++) {
      const result = await foldStep(conn, id, syncLimit + 1);
      scored += result.folded;
      if (result.done) break;
    }
  }
  // Bonus questions the new results decide (or, corrected, decide otherwise), in the same transaction;
  // after the folding locks, the order in which a member's removal takes them and the group rows.
  let decided = 0;
  for (const leagueId of [...new Set(bumped.map((row) => row.league_id))].sort()) decided += (await resolveLeagueBonus(conn, leagueId, new Date())).length;
  // In play with a score before and after, every one, and no bonus point moved: no official part of a
  // ranking moved (nothing folds before full time), so the caches keep them to rank the new scores from
  // (groups/ranking.ts liveRankings).
  const kind: RankingsChange = options.rankings !== 'all' && decided === 0 && bumped.every((row) => row.live_score === true) ? 'live' : 'all';
  // Told before the caller commits: a ranking cached meanwhile may hold the old result until the match
  // event below, heard by every instance at the commit, empties the caches again (on the instance that
  // saved a result through the API, its route's own signal after the commit, if that comes first).
  rankingsChanged(kind);
  // Open pages hear the new state when this transaction commits (every instance: NOTIFY).
  const events = await publishMatchEvents(conn, bumped.map((row) => row.id), { rankings: kind });
  return { scored, rankings: kind, events };
}
