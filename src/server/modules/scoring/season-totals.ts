/**
 * Season totals: each member's rounds up to their league's mark summed into one row
 * (member_season_totals), with the mark round's own figures beside the sums (mark_*), so that a ranking
 * reads one row per member, plus the rounds after the mark, instead of every round of the season
 * (groups/ranking.ts). The trigger member_round_totals_season (migration 0029; its function redefined with
 * the jokers in 0037 and the mark round's figures in 0040) keeps the rows equal to their rounds whoever
 * writes member_round_totals; this module moves the marks, checks the rows and rebuilds them.
 *
 * A league's mark follows its latest finished round once nothing of that round is left to play (no match
 * of it scheduled or in play), else the round before: a round being played stays out of the season rows,
 * so its results fold without the trigger's work, and once done a ranking reads it from the season row
 * alone (its movement takes the mark round's figures away: the ranking before the latest round). The
 * mark moves only while the league is quiet (nothing in play, nothing queued for folding), so the rows it
 * sums are not the ones a final whistle is folding; a ranking stays exact whichever mark it finds, since
 * the mark and its sums change in one transaction.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Conn, type Db } from '../../db/client';
import { inBackground } from '../../db/embedded-activity';

/**
 * The advisory lock (SEASON_LOCK_KEY, 0) of the season rows: every writer of round totals takes it shared
 * before its statement touches a row (a BEFORE STATEMENT trigger), and so does a rebuild of season rows;
 * only a move of a mark takes it exclusive, in a transaction of its own that writes no round totals, so no
 * transaction ever holds it shared and then asks for it exclusive. One lock for every league: the trigger
 * needs no lookup of its rows' leagues, and a move (once per round and league, while the league is quiet)
 * keeps writers of every league waiting for its few moments.
 */
export const SEASON_LOCK_KEY = 7_240_613;

/** The figures a season row and a round row share, in the order the statements below list them. */
const FIGURES = ['points', 'exact', 'goal_difference', 'winner', 'opposite', 'scored', 'jokers'] as const;
const sums = sql.raw(FIGURES.map((name) => `sum(t.${name})::int as ${name}`).join(', '));
const names = sql.raw(FIGURES.join(', '));
/** The figures a season row also holds for its mark round alone (mark_points …), as in member_round_totals. */
const MARK_FIGURES = ['points', 'exact', 'goal_difference', 'winner', 'opposite'] as const;
const markNames = sql.raw(MARK_FIGURES.map((name) => `mark_${name}`).join(', '));
/** A zero for each mark figure, comma-separated. */
const markZeros = sql.raw(MARK_FIGURES.map(() => '0').join(', '));
/** Each mark figure summed over the rows `t` of round `round` (an SQL integer), 0 without any. */
const markSums = (round: SQL) => sql.join(MARK_FIGURES.map((name) =>
  sql`coalesce(sum(t.${sql.raw(name)}) filter (where t.round_order = ${round}), 0)::int as ${sql.raw(`mark_${name}`)}`), sql`, `);
/** Every column of a season row, mark figures included, as a row value of table alias `s` (for comparisons). */
const ALL_COLUMNS = [...FIGURES, ...MARK_FIGURES.map((name) => `mark_${name}`)];
const allOf = (alias: string) => sql.raw(`(${ALL_COLUMNS.map((name) => `coalesce(${alias}.${name}, 0)`).join(', ')})`);
const ZEROS = sql.raw(`(${ALL_COLUMNS.map(() => '0').join(', ')})`);

/** A league whose mark is not where it should be, and where it should be (null: no finished round). */
interface MarkMove { league_id: string; through_round: number | null; target: number | null }

/**
 * Adds (sign 1) or takes away (sign −1) the league's round totals with lo < round_order ≤ hi to or from
 * its members' season rows, one statement. Adding, the rows it writes take round `hi`'s figures as their
 * mark round's (hi is the new mark); taking away leaves the mark figures to setMarkRound.
 */
async function shiftSeason(conn: Conn, leagueId: string, lo: number, hi: number, sign: 1 | -1): Promise<void> {
  const signed = sql.raw(FIGURES.map((name) => `${sign} * ${name}`).join(', '));
  const marks = sign > 0
    ? sql`, ${sql.raw(MARK_FIGURES.map((name) => `mark_${name} = excluded.mark_${name}`).join(', '))}` : sql``;
  await conn.execute(sql`
    insert into member_season_totals as s (group_id, user_id, ${names}, ${markNames})
    select group_id, user_id, ${signed}, ${sign > 0 ? markNames : markZeros} from (
      select t.group_id, t.user_id, ${sums}, ${markSums(sql`${hi}::int`)}
        from member_round_totals t
        join groups g on g.id = t.group_id
       where g.league_id = ${leagueId}::uuid and t.round_order > ${lo}::int and t.round_order <= ${hi}::int
       group by t.group_id, t.user_id
    ) r
    order by group_id, user_id
    on conflict (group_id, user_id) do update
       set points = s.points + excluded.points, exact = s.exact + excluded.exact,
           goal_difference = s.goal_difference + excluded.goal_difference, winner = s.winner + excluded.winner,
           opposite = s.opposite + excluded.opposite, scored = s.scored + excluded.scored, jokers = s.jokers + excluded.jokers${marks}`);
}

/**
 * Sets the mark figures of the league's season rows to round `round`'s figures (0 for a member without a
 * row of it), writing only the rows whose figures differ; `written`: the rows shiftSeason already set
 * (its rounds end at `round`), so only the others are looked at.
 */
async function setMarkRound(conn: Conn, leagueId: string, round: number, written: boolean): Promise<void> {
  const sets = sql.raw(MARK_FIGURES.map((name) => `mark_${name} = coalesce(t.${name}, 0)`).join(', '));
  const figures = sql.raw(`(${MARK_FIGURES.map((name) => `coalesce(t.${name}, 0)`).join(', ')})`);
  const marks = sql.raw(`(${MARK_FIGURES.map((name) => `s.mark_${name}`).join(', ')})`);
  if (!written) {
    await conn.execute(sql`
      update member_season_totals s set ${sets}
        from member_round_totals t join groups g on g.id = t.group_id
       where g.league_id = ${leagueId}::uuid and t.round_order = ${round}::int
         and s.group_id = t.group_id and s.user_id = t.user_id and ${marks} is distinct from ${figures}`);
  }
  // The members without a row of the round: their mark figures are 0.
  await conn.execute(sql`
    update member_season_totals s set ${sql.raw(MARK_FIGURES.map((name) => `mark_${name} = 0`).join(', '))}
      from groups g
     where g.id = s.group_id and g.league_id = ${leagueId}::uuid
       and ${marks} <> (${markZeros})
       and not exists (select 1 from member_round_totals t where t.group_id = s.group_id and t.round_order = ${round}::int and t.user_id = s.user_id)`);
}

/**
 * Takes the season lock exclusive for the transaction: waits for every transaction that wrote round
 * totals (the trigger holds the lock shared) and keeps new ones waiting until this one ends.
 */
export async function lockSeason(conn: Conn): Promise<void> {
  await conn.execute(sql`select pg_advisory_xact_lock(${SEASON_LOCK_KEY}, 0)`);
}

/**
 * Moves a league's mark to `target` (null: no mark, no season rows) and its members' season rows with it,
 * in the caller's transaction, under lockSeason. Forward it adds the rounds between the two marks; back
 * (a result taken back) it takes them away.
 */
export async function moveSeasonMark(conn: Conn, leagueId: string, target: number | null): Promise<void> {
  await lockSeason(conn);
  const [current] = rowsOf<{ through_round: number }>(await conn.execute(sql`
    select through_round from season_total_marks where league_id = ${leagueId}::uuid`));
  const from = current ? Number(current.through_round) : null;
  if (from === target) return;
  if (target === null) {
    await conn.execute(sql`delete from member_season_totals s using groups g where g.id = s.group_id and g.league_id = ${leagueId}::uuid`);
    await conn.execute(sql`delete from season_total_marks where league_id = ${leagueId}::uuid`);
    return;
  }
  if (from === null) await shiftSeason(conn, leagueId, -2_147_483_648, target, 1);
  else if (target > from) await shiftSeason(conn, leagueId, from, target, 1);
  else await shiftSeason(conn, leagueId, target, from, -1);
  await setMarkRound(conn, leagueId, target, from === null || target > from);
  if (from !== null && target < from) {
    // Rows left at zero (the rounds taken away were all they held) are the same as none.
    await conn.execute(sql`
      delete from member_season_totals s using groups g
       where g.id = s.group_id and g.league_id = ${leagueId}::uuid and ${allOf('s')} = ${ZEROS}`);
  }
  await conn.execute(sql`
    insert into season_total_marks (league_id, through_round) values (${leagueId}::uuid, ${target}::int)
    on conflict (league_id) do update set through_round = excluded.through_round`);
}

/**
 * Moves the mark of every quiet league (no match in play, none queued for folding) that is not where it
 * should be: its latest finished round once no match of that round is scheduled or in play, else the
 * round before. One transaction per league; background work on the embedded database.
 * @returns how many leagues' marks moved. @throws the first failure, after trying every league.
 */
export async function advanceSeasonMarks(db: Db): Promise<number> {
  const moves = rowsOf<MarkMove>(await inBackground(() => db.execute(sql`
    with latest as (
      select league_id, max(round_order) as round_order from matches where status = 'finished' group by league_id
    ),
    targets as (
      select l.league_id, case when exists (
               select 1 from matches m
                where m.league_id = l.league_id and m.round_order = l.round_order and m.status in ('scheduled', 'live')
             ) then l.round_order - 1 else l.round_order end as target
        from latest l
    )
    select coalesce(t.league_id, k.league_id) as league_id, k.through_round, t.target
      from targets t
      full join season_total_marks k on k.league_id = t.league_id
     where k.through_round is distinct from t.target
       and not exists (select 1 from matches m where m.league_id = coalesce(t.league_id, k.league_id) and m.status = 'live')
       and not exists (select 1 from scoring_queue q join matches m on m.id = q.match_id
                        where m.league_id = coalesce(t.league_id, k.league_id))`)));
  // Each league on its own: one whose move fails keeps neither the others' nor the next run's from moving.
  let failure: unknown;
  let moved = 0;
  for (const move of moves) {
    const target = move.target === null ? null : Number(move.target);
    try {
      await inBackground(() => db.transaction((tx) => moveSeasonMark(tx, move.league_id, target)));
      moved += 1;
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return moved;
}

/** A member whose season row differs from the sum of their round totals up to their league's mark. */
export interface SeasonTotalsMismatch { groupId: string; userId: string; storedPoints: number; summedPoints: number }

/**
 * Compares member_season_totals with member_round_totals summed up to each league's mark (every figure,
 * and the mark round's own), in one statement; an empty list means the season rows are exact.
 * @param groupId limit the check to one group (default: every group).
 */
export async function seasonTotalsMismatches(conn: Conn, groupId?: string): Promise<SeasonTotalsMismatch[]> {
  const inGroup = (column: string) => (groupId ? sql`and ${sql.raw(column)} = ${groupId}::uuid` : sql``);
  const rows = rowsOf<{ group_id: string; user_id: string; s_points: number; r_points: number }>(await conn.execute(sql`
    with summed as (
      select t.group_id, t.user_id, ${sums}, ${markSums(sql`k.through_round`)}
        from member_round_totals t
        join groups g on g.id = t.group_id
        join season_total_marks k on k.league_id = g.league_id
       where t.round_order <= k.through_round ${inGroup('t.group_id')}
       group by t.group_id, t.user_id, k.through_round
    ),
    stored as (select * from member_season_totals where true ${inGroup('group_id')})
    select coalesce(s.group_id, r.group_id) as group_id, coalesce(s.user_id, r.user_id) as user_id,
           coalesce(s.points, 0) as s_points, coalesce(r.points, 0) as r_points
      from stored s
      full join summed r on r.group_id = s.group_id and r.user_id = s.user_id
     where ${allOf('s')} is distinct from ${allOf('r')}`));
  return rows.map((row) => ({
    groupId: String(row.group_id), userId: String(row.user_id), storedPoints: Number(row.s_points), summedPoints: Number(row.r_points),
  }));
}

/**
 * Rewrites the season rows of a scope (one group, a league's groups, or all) from member_round_totals up
 * to each league's mark, in the caller's transaction, holding the season lock shared (as any writer: a
 * move of a mark waits for it). The repair of a failed seasonTotalsMismatches; rebuildTotals calls it.
 */
export async function rebuildSeasonTotals(conn: Conn, scope: { groupId?: string; leagueId?: string } = {}): Promise<void> {
  const inScope = scopeSql(scope);
  await conn.execute(sql`select pg_advisory_xact_lock_shared(${SEASON_LOCK_KEY}, 0)`);
  await conn.execute(sql`delete from member_season_totals where ${inScope('group_id')}`);
  await conn.execute(sql`
    insert into member_season_totals (group_id, user_id, ${names}, ${markNames})
    select t.group_id, t.user_id, ${sums}, ${markSums(sql`k.through_round`)}
      from member_round_totals t
      join groups g on g.id = t.group_id
      join season_total_marks k on k.league_id = g.league_id
     where t.round_order <= k.through_round and ${inScope('t.group_id')}
     group by t.group_id, t.user_id, k.through_round`);
}

/** `column` (a group id) within a scope: one group, a league's groups, or all. */
function scopeSql(scope: { groupId?: string; leagueId?: string }): (column: string) => SQL {
  return (column) => (scope.groupId
    ? sql`${sql.raw(column)} = ${scope.groupId}::uuid`
    : scope.leagueId ? sql`${sql.raw(column)} in (select id from groups where league_id = ${scope.leagueId}::uuid)` : sql`true`);
}
