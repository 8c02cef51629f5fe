/**
 * A group's ranking in one SQL statement that never aggregates the group's predictions: each member's
 * season row (member_season_totals: the rounds up to the league's mark, scoring/season-totals.ts) and
 * folded totals of the later rounds (member_round_totals, summed) plus, for matches still queued for folding, the
 * difference their group's predictions make (computed on read for this group only, so a result counts at
 * once however many predictions it has). The statement sums, unordered; Node ranks (rankingsOf) with the
 * domain's rule, src/domain/ranking.ts competitionRanksOf (points, exact, goal difference, winner, then fewer
 * opposite results; equal members share a rank): PostgreSQL's sorts and RANK() windows cost more than the
 * rest of the statement at 10,000 members. Members without predictions are listed with 0. Movement
 * compares with the ranking before the latest finished round (its matches' points taken away; 0 for everyone while there is no earlier finished
 * round), as src/domain/stats.ts `movement` does.
 *
 * While matches of the league are in play with a score, the ranking is provisional ("if it
 * ended now"): their predictions count as if each match ended at its current score, and movement compares
 * with the official ranking (without them). The final whistle turns it into points. Each provisional
 * ranking computed keeps that official part beside it (officialPartOf), from which liveRankings ranks a change of live
 * scores alone without reading the members' totals again.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { RankingRow } from '../../../contracts/groups';
import { arrayLiteral } from '../../db/array-literal';
import { executePrepared, rowsOf, type Conn } from '../../db/client';
import { competitionRanksOf, rankedOrder } from '../../../domain/ranking';
import { addExtraRows, groupRowsOf, NUMBERS, RECORD_CHAR, UNIT_CHAR, type GroupRows } from './ranking-text';
import { PREDICTION_CLOSE_MINUTES } from '../../../domain/deadline';
import { liveOutcomeSql, pendingDeltaSql, pendingRowsSql, pointsSql, scoringColumnsSql } from '../scoring/scoring-sql';

/**
 * Totals columns of in-play predictions `x` (live_rows): their outcome as if the match ended now, from
 * nothing (what totalsDeltaSql gives from no outcome, in plain counts: a chunk of 1,000 groups of 20 with a
 * match in play spent ~60 ms in the general form's sums of differences).
 */
const liveDeltaSql = sql`
  coalesce(sum(${pointsSql(sql`x.outcome`, 'x')}), 0)::int as points,
  (count(*) filter (where x.outcome = 'exact'))::int as exact,
  (count(*) filter (where x.outcome = 'goal_difference'))::int as goal_difference,
  (count(*) filter (where x.outcome = 'winner'))::int as winner,
  (count(*) filter (where x.outcome = 'opposite'))::int as opposite,
  (count(*) filter (where x.outcome <> 'void'))::int as scored`;

/**
 * The figures of the latest finished round's share that the movement takes away (the columns l_points …,
 * in the order ranking-text.ts reads them).
 */
const LATEST_FIGURES = ['points', 'exact', 'goal_difference', 'winner', 'opposite'] as const;
/** The latest round's columns by name (l_points, l_exact, …), comma-separated. */
const latestNames = sql.raw(LATEST_FIGURES.map((figure) => `l_${figure}`).join(', '));
/** One column per latest figure, `expression(figure) as l_<figure>`, comma-separated. */
const latestColumns = (expression: (figure: (typeof LATEST_FIGURES)[number]) => string) =>
  sql.raw(LATEST_FIGURES.map((figure) => `${expression(figure)} as l_${figure}`).join(', '));

/** The separators of the statement's text (ranking-text.ts) as SQL literals. */
const UNIT = sql.raw(`E'\\x1f'`);
const RECORD = sql.raw(`E'\\x1e'`);

/**
 * The predictions of the matches in play of the groups `g` for which `inGroups` holds, each with the
 * outcome it would have if its match ended now (the body of the statements' materialized `live_rows`:
 * inlined, the outcome was computed again for each sum that reads it, ~3 µs a row).
 */
function liveRowsSql(inGroups: SQL): SQL {
  return sql`
      select p.group_id, p.user_id, ${scoringColumnsSql}, ${liveOutcomeSql()} as outcome
        from groups g
        join matches m on m.league_id = g.league_id and m.status = 'live'
        -- Per group through the index (match, group, user); for many groups the planner would hash the
        -- match's every prediction (offset 0 keeps the lookup).
        cross join lateral (select * from predictions p where p.match_id = m.id and p.group_id = g.id offset 0) p
       where ${inGroups}`;
}

/**
 * The league's (`league`, a uuid) matches in play with a score, counted (`matches`): the statements' `live`.
 */
function liveMatchesSql(league: SQL): SQL {
  return sql`
      select count(*)::int as matches from matches m
       where m.league_id = ${league} and m.status = 'live'
         and m.home_goals is not null and m.away_goals is not null`;
}

/**
 * What the matches in play add, per member, from `live_rows`: the statements' `live_totals` (in the
 * ranking statement joined apart, each member once, not summed again).
 */
const liveTotalsSql = sql`
      select x.group_id, x.user_id, ${liveDeltaSql} from live_rows x group by x.group_id, x.user_id`;

/**
 * What the matches in play add per member (`live_totals`), as extra rows (the columns of the ranking
 * statement's `extra`): the latest round's share theirs while a match in play has a score (latest -1;
 * else 0), no jokers.
 */
const liveExtraSql = sql`
  select group_id, user_id, points, exact, goal_difference, winner, opposite, scored as predictions,
         ${latestColumns((figure) => `case when (select round_order from latest) = -1 then ${figure} else 0 end`)},
         0 as jokers
    from live_totals`;

/**
 * An extra row's member as the statements' `extra` and `live` texts hold it (addExtraRows): user id and
 * the numbers in the members' order, the bonus 0 (the members' own rows hold it).
 */
const extraTextSql = sql`user_id || ${UNIT}
  || concat_ws(',', points, exact, goal_difference, winner, opposite, predictions, ${latestNames}, 0, jokers)`;

/** Whose rankings a statement computes: one group, or several groups of one league (a uuid array literal). */
type RankingScope = { groupId: string } | { leagueId: string; groupIds: string };

/** The ranking statement of a group (exported for EXPLAIN in benchmarks). */
export function rankingQuery(groupId: string) {
  return rankingStatement({ groupId });
}

/** The statement of groupRankings (exported for EXPLAIN in benchmarks). */
export function rankingsQuery(leagueId: string, groupIds: readonly string[]) {
  return rankingStatement({ leagueId, groupIds: arrayLiteral(groupIds) });
}

/**
 * The ranking statement of a scope: a first row without a group (`members`: the league's matches in play
 * with a score, and 1 when a finished round before the latest exists, else 0, comma-separated), then a row
 * per group with members: `members`, each member's user id, username, avatar address ('' for none) and
 * numbers from their season row, the latest finished round and bonus points (points, exact,
 * goal_difference, winner, opposite, predictions, then the latest finished round's points, exact,
 * goal_difference, winner, opposite, then the bonus points and the jokers played, comma-separated), fields
 * apart by UNIT_CHAR and members by RECORD_CHAR (ranking-text.ts), unordered; `extra`, what the rest
 * adds to the few members it names, each as a user id and the same numbers ('' for nobody); and `live`,
 * what the matches in play add, the same way. rankingsOf adds them up and ranks them.
 */
function rankingStatement(scope: RankingScope) {
  const one = 'groupId' in scope;
  /** `column` in the scope's groups. */
  const inScope = (column: string) => (one
    ? sql`${sql.raw(column)} = ${scope.groupId}::uuid` : sql`${sql.raw(column)} = any(${scope.groupIds}::uuid[])`);
  const league = one ? sql`(select league_id from groups where id = ${scope.groupId}::uuid)` : sql`${scope.leagueId}::uuid`;
  return sql`
    with pending_rows as (${pendingRowsSql(one ? scope.groupId : { groupIds: scope.groupIds })}),
    live_rows as materialized (${liveRowsSql(inScope('g.id'))}),
    jokers as (
      -- Jokers played (on matches whose predictions have closed by the database's clock, postponed and
      -- cancelled ones aside: a joker may leave them) that the totals do not hold: those on closed matches
      -- not finished with a score (in play, waiting for kick-off or a result). The finished ones are folded
      -- (member_round_totals.jokers, plus the queued results' difference). Per match through the partial
      -- index of jokers (match, group, user): nothing is read for a group that plays without them.
      select p.group_id, p.user_id, count(*)::int as played
        from matches m
        cross join lateral (
          select p.group_id, p.user_id from predictions p where p.match_id = m.id and ${inScope('p.group_id')} and p.joker offset 0
        ) p
       where m.league_id = ${league}
         and m.status not in ('postponed', 'cancelled')
         and not (m.status = 'finished' and m.home_goals is not null and m.away_goals is not null)
         and (m.status <> 'scheduled' or m.kickoff - make_interval(mins => ${PREDICTION_CLOSE_MINUTES}) <= now())
       group by p.group_id, p.user_id
    ),
    live as (${liveMatchesSql(league)}),
    last_finished as (
      select max(m.round_order) as round_order from matches m
       where m.league_id = ${league} and m.status = 'finished'
    ),
    latest as (
      -- The round the movement compares without: the latest finished one, or -1 (the matches in play).
      select case when (select matches from live) > 0 then -1 else (select round_order from last_finished) end as round_order
    ),
    earlier as (
      select (select matches from live) > 0 or exists (
        select 1 from matches m
         where m.league_id = ${league} and m.status = 'finished'
           and m.round_order < (select round_order from latest)
      ) as has_earlier
    ),
    cut as (
      -- The rounds the season rows hold (up to the league's mark), unless the latest finished round is
      -- below the mark (a result taken back, before the mark moves back): then every round is read. At the
      -- mark, the season rows hold its figures apart (mark_*) for the movement.
      select k.through_round from season_total_marks k
       where k.league_id = ${league}
         and ((select round_order from latest) is null or (select round_order from latest) = -1
              or (select round_order from latest) >= k.through_round)
    ),
    season as (
      -- The season rows (the rounds up to the league's mark), when the cut holds.
      select group_id, user_id, points, exact, goal_difference, winner, opposite, scored, jokers,
             mark_points, mark_exact, mark_goal_difference, mark_winner, mark_opposite
        from member_season_totals
       where ${inScope('group_id')} and exists (select 1 from cut)
    ),
    joined as (
      -- The latest finished round, unless the season rows hold it: its folded rows are joined as they are.
      select f.round_order from last_finished f
       where not exists (select 1 from cut) or f.round_order > (select through_round from cut)
    ),
    latest_rows as (
      -- The joined round's folded rows: one per member, read in the index's order.
      select t.group_id, t.user_id, t.points, t.exact, t.goal_difference, t.winner, t.opposite, t.scored, t.jokers
        from member_round_totals t
       where ${inScope('t.group_id')} and t.round_order = (select round_order from joined)
    ),
    other_rows as (
      -- The other rounds the season rows do not hold (folded), plus what queued results change, each under
      -- its round. Usually none.
      select t.group_id, t.user_id, t.round_order, t.points, t.exact, t.goal_difference, t.winner, t.opposite, t.scored, t.jokers
        from (
          select distinct m.round_order from matches m
           where m.league_id = ${league}
             and m.round_order > (select through_round from cut)
             and m.round_order is distinct from (select round_order from joined)
        ) r
        -- One index range per round (offset 0 keeps it a per-round lookup: the planner, not knowing how
        -- few rounds pass the mark, would otherwise read the group's every round row and filter them).
        cross join lateral (
          select * from member_round_totals t where ${inScope('t.group_id')} and t.round_order = r.round_order offset 0
        ) t
      union all
      -- No season rows to read: every round.
      select group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored, jokers
        from member_round_totals
       where ${inScope('group_id')} and not exists (select 1 from cut)
         and round_order is distinct from (select round_order from joined)
      union all
      select x.group_id, x.user_id, x.round_order, ${pendingDeltaSql} from pending_rows x group by x.group_id, x.user_id, x.round_order
    ),
    live_totals as (${liveTotalsSql}),
    others as (
      select group_id, user_id, sum(points)::int as points, sum(exact)::int as exact, sum(goal_difference)::int as goal_difference,
             sum(winner)::int as winner, sum(opposite)::int as opposite, sum(scored)::int as scored, sum(jokers)::int as jokers,
             -- What they add to the latest finished round (its queued results), per member.
             ${latestColumns((figure) => `coalesce(sum(${figure}) filter (where round_order = (select round_order from latest)), 0)::int`)}
        from other_rows
       group by group_id, user_id
    ),
    totals as (
      -- Season row + the joined round + bonus points, per member. The latest round's share: the season
      -- row's mark round when it is the latest, else the joined round's; none while matches are in play
      -- with a score (latest -1: then theirs, in extra).
      select gm.group_id, gm.user_id, pr.username, pr.avatar_url,
             coalesce(s.points, 0) + coalesce(r.points, 0) + coalesce(b.points, 0) as points,
             coalesce(s.exact, 0) + coalesce(r.exact, 0) as exact,
             coalesce(s.goal_difference, 0) + coalesce(r.goal_difference, 0) as goal_difference,
             coalesce(s.winner, 0) + coalesce(r.winner, 0) as winner,
             coalesce(s.opposite, 0) + coalesce(r.opposite, 0) as opposite,
             coalesce(s.scored, 0) + coalesce(r.scored, 0) as predictions,
             ${latestColumns((figure) => `case when (select round_order from latest) = -1 then 0
                  when (select round_order from latest) = (select through_round from cut) then coalesce(s.mark_${figure}, 0)
                  else coalesce(r.${figure}, 0) end`)},
             coalesce(b.points, 0) as bonus,
             coalesce(s.jokers, 0) + coalesce(r.jokers, 0) as jokers
        from group_members gm
        ${one ? sql`join profiles pr on pr.user_id = gm.user_id`
    // Many groups' members: one index lookup each, not a hash of every profile.
    : sql`cross join lateral (select username, avatar_url from profiles where user_id = gm.user_id offset 0) pr`}
        left join season s on s.group_id = gm.group_id and s.user_id = gm.user_id
        left join latest_rows r on r.group_id = gm.group_id and r.user_id = gm.user_id
        -- Bonus points (decided bonus questions): in the total, before and after the latest round alike.
        left join member_bonus_totals b on b.group_id = gm.group_id and b.user_id = gm.user_id
       where ${inScope('gm.group_id')}
    ),
    extra as (
      -- What the rest adds, for the members it names (usually none): the other rounds and queued results,
      -- the jokers still open (not live); and apart (live), what the matches in play add (the latest
      -- round's share while any is scored). Added by the server (addExtraRows), not joined to every member:
      -- three left joins of nothing cost a 10,000-member ranking ~8 ms (docs/benchmarks.md).
      select group_id, user_id, false as live, sum(points)::int as points, sum(exact)::int as exact, sum(goal_difference)::int as goal_difference,
             sum(winner)::int as winner, sum(opposite)::int as opposite, sum(scored)::int as predictions,
             ${latestColumns((figure) => `sum(l_${figure})::int`)}, sum(jokers)::int as jokers
        from (
          select group_id, user_id, points, exact, goal_difference, winner, opposite, scored, ${latestNames}, jokers
            from others
          union all
          select group_id, user_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, played from jokers
        ) x
       group by group_id, user_id
      union all
      select group_id, user_id, true, points, exact, goal_difference, winner, opposite, predictions, ${latestNames}, jokers
        from (${liveExtraSql}) x
    ),
    meta as (
      select (select matches from live) as live_matches, (select has_earlier from earlier)::int as has_earlier,
             -- The database's clock (epoch ms): when the jokers part was counted (liveRankings).
             floor(extract(epoch from now()) * 1000)::bigint as at
    )
    -- First a row without a group: the league's matches in play and whether an earlier finished round
    -- exists. Then one row per group: its members as one text, unordered (ranked by rankingsOf with the
    -- domain's rule), each member's id, username, avatar address ('' for none) and numbers, fields apart by
    -- U+001F and members by U+001E (which names and addresses never hold: profiles_no_separators, migration
    -- 0039; user ids are Better Auth's letters and digits, or UUIDs): a row per member cost
    -- PostgreSQL's output and the driver's parse more than the rest at 10,000 members (docs/benchmarks.md).
    select null::uuid as group_id, concat_ws(',', live_matches, has_earlier, at) as members, null as extra, null as live
      from meta
    union all
    select m.group_id, m.members, coalesce(e.extra, ''), coalesce(e.live, '')
      from (
        select group_id,
               string_agg(user_id || ${UNIT} || username || ${UNIT} || coalesce(avatar_url, '') || ${UNIT}
                          || concat_ws(',', points, exact, goal_difference, winner, opposite, predictions, ${latestNames}, bonus, jokers),
                          ${RECORD}) as members
          from totals
         group by group_id
      ) m
      left join (
        -- The extra rows in the members' order of numbers, the bonus 0 (totals holds it); the matches in
        -- play's apart.
        select group_id,
               string_agg(${extraTextSql}, ${RECORD}) filter (where not live) as extra,
               string_agg(${extraTextSql}, ${RECORD}) filter (where live) as live
          from extra
         group by group_id
      ) e on e.group_id = m.group_id`;

}

/**
 * A group's ranking: every member (`rows`, best first) and the number of matches in play it counts as if
 * they ended now (`liveMatches`; 0 for the official ranking).
 */
export interface GroupRanking { rows: RankingRow[]; liveMatches: number }

/**
 * The ranking of a group, best first; ties ordered by username. `predictions` counts scored predictions
 * (in-play ones included while the ranking is provisional).
 */
export async function groupRanking(db: Conn, groupId: string): Promise<GroupRanking> {
  // Prepared, under its generic plan: planning a custom plan took PostgreSQL 10–25 ms a read, more than
  // running it for 1,000 members, and PostgreSQL kept planning for groups of 20 among thousands
  // (docs/benchmarks.md).
  const result = await executePrepared(db, 'group_ranking', rankingQuery(groupId), { generic: true });
  return rankingsOf(rowsOf<RawRankingRow>(result)).get(groupId.toLowerCase()) ?? { rows: [], liveMatches: 0 };
}

/**
 * The rankings of several groups of one league in one statement (a refresh of many groups after a change,
 * ranking-refresh.ts), each as groupRanking computes it alone.
 * @param groupIds groups of the league `leagueId` (the caller's to check: a group of another league would
 *   be ranked with this league's rounds).
 * @returns each group's ranking by its id (lower case); a group with no members, or not found, is absent.
 */
export async function groupRankings(db: Conn, leagueId: string, groupIds: readonly string[]): Promise<Map<string, GroupRanking>> {
  if (groupIds.length === 0) return new Map();
  const result = await executePrepared(db, 'group_rankings', rankingsQuery(leagueId, groupIds), { generic: true });
  return rankingsOf(rowsOf<RawRankingRow>(result));
}

/**
 * The statement of liveRankings: a first row without a group (`members`: the league's matches in play with
 * a score, the latest prediction deadline passed of a match still scheduled (epoch ms, 0 for none) and the
 * database's clock (epoch ms), comma-separated), then per group of `groupIds` with predictions on them its
 * `live` text, as the ranking statement's (liveExtraSql, extraTextSql).
 */
export function liveRankingsQuery(leagueId: string, groupIds: readonly string[]) {
  const ids = arrayLiteral(groupIds);
  return sql`
    with live_rows as materialized (${liveRowsSql(sql`g.id = any(${ids}::uuid[])`)}),
    live_totals as (${liveTotalsSql}),
    live as (${liveMatchesSql(sql`${leagueId}::uuid`)}),
    closed as (
      -- The jokers part counts a scheduled match's jokers once its predictions close (rankingStatement's
      -- jokers): the latest such deadline passed.
      select max(m.kickoff - make_interval(mins => ${PREDICTION_CLOSE_MINUTES})) as deadline from matches m
       where m.league_id = ${leagueId}::uuid and m.status = 'scheduled'
         and m.kickoff - make_interval(mins => ${PREDICTION_CLOSE_MINUTES}) <= now()
    ),
    -- As rankingStatement's while a match in play has a score (the only case whose rows are used).
    latest as (select -1 as round_order)
    select null::uuid as group_id,
           concat_ws(',', (select matches from live), coalesce(floor(extract(epoch from (select deadline from closed)) * 1000)::bigint, 0),
                     floor(extract(epoch from now()) * 1000)::bigint) as members,
           null as live
    union all
    select group_id, null, string_agg(${extraTextSql}, ${RECORD}) from (${liveExtraSql}) x group by group_id`;
}

/**
 * The rankings of groups of one league after live scores changed and nothing else did: each from the
 * official part of its ranking before (`before`, as rankingsOf or this kept it: officialPartOf) and what
 * the matches in play add now, one statement for them all that reads only their predictions on the
 * matches in play (a statement of the whole ranking reads every member's totals and profile too). The
 * same rankings as groupRankings when, since each ranking of `before` was computed, only scores of
 * matches in play changed: no other result, member, name, bonus point or round. The caller's to know (the
 * cache's bases, ranking-cache.ts); this checks the rest: a prediction deadline passed since a ranking
 * of `before` was computed, or within DEADLINE_MARGIN_MS before (its jokers part counts the matches
 * closed by the database's clock), leaves the group out, and so does an official part older than
 * `options.maxAgeMs` by the database's clock (the bound on a change nobody signalled).
 * @param before each group's ranking (by lower-case id) computed while a match of the league was in play
 *   with a score; others are left out of the result. The groups must be of league `leagueId`.
 * @returns each such group's ranking by its id; empty when no match of the league is in play with a score
 *   now (the official part then moves: compute them whole).
 */
export async function liveRankings(
  db: Conn, leagueId: string, before: ReadonlyMap<string, GroupRanking>, options: { maxAgeMs?: number } = {},
): Promise<Map<string, GroupRanking>> {
  const officials = new Map<string, OfficialPart>();
  for (const [id, ranking] of before) {
    const official = officialPartOf(ranking);
    if (official && official.liveMatches > 0) officials.set(id, official);
  }
  const rankings = new Map<string, GroupRanking>();
  if (officials.size === 0) return rankings;
  const raw = rowsOf<{ group_id: string | null; members: string | null; live: string | null }>(
    await executePrepared(db, 'live_rankings', liveRankingsQuery(leagueId, [...officials.keys()]), { generic: true }));
  let liveMatches = 0;
  let deadline = 0;
  let now = 0;
  const live = new Map<string, string>();
  for (const row of raw) {
    if (row.group_id === null) [liveMatches = 0, deadline = 0, now = 0] = (row.members ?? '').split(',').map(Number);
    else live.set(row.group_id.toLowerCase(), row.live ?? '');
  }
  if (liveMatches === 0) return rankings;
  const oldest = options.maxAgeMs === undefined ? Number.NEGATIVE_INFINITY : now - options.maxAgeMs;
  for (const [id, official] of officials) {
    // A deadline passed since (its jokers now counted; a joker saved just before it may commit after it,
    // hence the margin) or too old: left to the whole statement.
    if (official.at < deadline + DEADLINE_MARGIN_MS || official.at < oldest) continue;
    rankings.set(id, rankedWith(official, live.get(id) ?? '', liveMatches));
  }
  return rankings;
}

/**
 * How long after a prediction deadline a ranking must have been computed to count the jokers it closed:
 * a save checked before the deadline may commit a little after it (liveRankings). A margin, not a bound
 * the saves enforce: a save held longer by locks (an import, a fold) shows in rankings computed from a
 * base only when the base is next computed whole (at most the cache's time to live).
 */
const DEADLINE_MARGIN_MS = 10_000;

/** A group id no group has: the warm-ups' statements (these, and policy.ts warmMembershipCheck) find nothing. */
export const NO_GROUP = '00000000-0000-0000-0000-000000000000';

/**
 * Prepares and plans a ranking statement on `connections` connections of `db` (a pool opens that many,
 * and keeps them while they are used), so that ranking reads neither open a connection nor plan: on a
 * new PostgreSQL connection the first ranking statement took 50–110 ms, on a connection that had run
 * others 20–25 ms, against 5 ms once planned, at 1,000 members (docs/benchmarks.md). Nothing is read or
 * written.
 * @param connections how many of the pool's connections to warm (1 on the embedded database, which has one).
 * @param statement 'one': groupRanking's; 'many': groupRankings' (the refresh's).
 */
export async function warmRankingStatements(db: Conn, connections: number, statement: 'one' | 'many'): Promise<void> {
  // `connections` runs side by side: each holds a connection of its own.
  await Promise.all(Array.from({ length: connections }, () => (statement === 'one' ? groupRanking(db, NO_GROUP) : groupRankings(db, NO_GROUP, [NO_GROUP]))));
}

/** How many memberships largestGroups reads at most. */
const LARGEST_GROUP_SAMPLE = 100_000;
/** Members warmRankingRows computes at most, all its groups together (its cost at start grows with them). */
const WARM_ROWS_MAX_MEMBERS = 20_000;
/** Groups warmRankingRows computes at most. */
const WARM_GROUPS = 10;
/**
 * Members below which warmRankingRows leaves a group other than the largest alone: a first read computes
 * such a group's ranking in a millisecond or two.
 */
const WARM_MIN_MEMBERS = 100;

/**
 * The `limit` groups with the most members among the first LARGEST_GROUP_SAMPLE memberships the database
 * reads (in the table's or its primary key's order: a bounded read however many groups there are, so a
 * sample, not always the largest of all), most members first (ties by id), with their numbers of members.
 */
export async function largestGroups(db: Conn, limit: number): Promise<{ groupId: string; members: number }[]> {
  return rowsOf<{ group_id: string; members: number }>(await db.execute(sql`
    select group_id, count(*)::int as members from (select group_id from group_members limit ${LARGEST_GROUP_SAMPLE}) m
     group by group_id order by count(*) desc, group_id limit ${limit}`)).map((row) => ({ groupId: row.group_id, members: Number(row.members) }));
}

/**
 * Computes on `db`, after warmRankingStatements, the rankings of the largest group and of the next
 * largest with at least WARM_MIN_MEMBERS members (largestGroups), WARM_GROUPS at most, largest first,
 * while their members add up to at most WARM_ROWS_MAX_MEMBERS (a group that would pass it is left alone).
 * The caller keeps them (app.ts: in the ranking cache, so that those groups' first reads on a just-started
 * instance are served from them: the costliest to compute). A statement's first real rows on an instance
 * also cost more than its empty runs show, and the pool's next read takes the connection that ran the
 * last (node-postgres hands out the last released): computing the largest group's ranking and dropping it
 * made the first read on just-started instances over PostgreSQL (2026-12-01, `npm run bench:game`, two
 * runs a side taken in turn) 8.3 / 12.4 ms at 1,000 members against 12.4 / 15.5 ms without it, and
 * 54.4 / 55.1 ms at 10,000 against 89.1 / 66.9 ms. Nothing is written.
 * @returns each group computed and its ranking, largest first (none on a database without groups).
 */
export async function warmRankingRows(db: Conn): Promise<{ groupId: string; ranking: GroupRanking }[]> {
  let budget = WARM_ROWS_MAX_MEMBERS;
  const warmed: { groupId: string; ranking: GroupRanking }[] = [];
  for (const [i, { groupId, members }] of (await largestGroups(db, WARM_GROUPS)).entries()) {
    if ((i > 0 && members < WARM_MIN_MEMBERS) || members > budget) continue;
    budget -= members;
    warmed.push({ groupId, ranking: await groupRanking(db, groupId) });
  }
  return warmed;
}

/**
 * Runs the ranking's own code (the text's parse, the ranks, the order, the rows) on `members` made-up
 * members `times` times, so that V8 has compiled it before an instance's first real read: a just-started
 * instance's first ranking of 1,000 members took ~5 ms more in code not yet compiled (docs/benchmarks.md).
 * Reads nothing; takes ~25 ms (the code runs slowly until compiled), while the statements are warmed.
 * @returns the made-up ranking, for the page's code to run on (ranking-page.ts).
 */
export function warmRankingCode(members = 1_000, times = 2): GroupRanking {
  const text = Array.from({ length: members }, (_, i) => [
    `warm-${i}`, `warm_${i}`, i % 2 === 0 ? '' : `/api/users/warm-${i}/avatar?v=1`,
    Array.from({ length: NUMBERS }, (_, k) => ((i * 7_919 + k * 104_729) % 997) - (k === 4 ? 500 : 0)).join(','),
  ].join(UNIT_CHAR)).join(RECORD_CHAR);
  let ranking: GroupRanking = { rows: [], liveMatches: 0 };
  for (let i = 0; i < times; i++) {
    ranking = rankingsOf([{ group_id: null, members: '0,1', extra: null, live: null }, { group_id: NO_GROUP, members: text, extra: '', live: '' }]).get(NO_GROUP) ?? ranking;
  }
  return ranking;
}

/** A row of the ranking statement (rankingStatement). */
interface RawRankingRow { group_id: string | null; members: string; extra: string | null; live: string | null }

/**
 * A ranking's official part: its members' numbers without what the matches in play add (GroupRows, the
 * statement's members plus its `extra`), whether a finished round before the latest exists, and the
 * matches in play counted and the database's clock (`at`, epoch ms) when it was computed. Kept beside
 * each provisional ranking computed (matches in play with a score; officialPartOf), so that a change of
 * live scores alone can be ranked from it and the matches in play's part only (liveRankings).
 */
interface OfficialPart { rows: GroupRows; hasEarlier: boolean; liveMatches: number; at: number }

/** Each computed ranking's official part (beside the value, not in it: the value is what routes send). */
const officialParts = new WeakMap<GroupRanking, OfficialPart>();

/**
 * The official part `ranking` was computed from (rankingsOf, liveRankings), if it is one of theirs and
 * provisional (liveMatches > 0); undefined otherwise.
 */
export function officialPartOf(ranking: GroupRanking): OfficialPart | undefined {
  return officialParts.get(ranking);
}

/**
 * The statement's rows as rankings by group id (lower case): each group's members ranked by rankGroup;
 * each provisional ranking's official part kept (officialPartOf).
 * @throws Error when a member's text is not as the statement writes it (groupRowsOf).
 */
function rankingsOf(raw: RawRankingRow[]): Map<string, GroupRanking> {
  let liveMatches = 0;
  let hasEarlier = false;
  let at = 0;
  const byGroup = new Map<string, { official: GroupRows; live: string }>();
  for (const row of raw) {
    if (row.group_id === null) {
      const [live = 0, earlier = 0, now = 0] = row.members.split(',').map(Number);
      liveMatches = live;
      hasEarlier = earlier === 1;
      at = now;
    } else {
      const official = groupRowsOf(row.members);
      addExtraRows(official, row.extra ?? '');
      byGroup.set(row.group_id.toLowerCase(), { official, live: row.live ?? '' });
    }
  }
  const rankings = new Map<string, GroupRanking>();
  for (const [id, { official, live }] of byGroup) {
    rankings.set(id, rankedWith({ rows: official, hasEarlier, liveMatches, at }, live, liveMatches));
  }
  return rankings;
}

/**
 * The ranking of an official part with `live` (what the matches in play add, as the statement's `live`
 * text) added, counting `liveMatches` matches in play; its official part kept when it is provisional.
 */
function rankedWith(official: OfficialPart, live: string, liveMatches: number): GroupRanking {
  let group = official.rows;
  if (live.length > 0) {
    group = { ...group, numbers: group.numbers.slice() };
    addExtraRows(group, live);
  }
  const ranking = { rows: rankGroup(group, official.hasEarlier), liveMatches };
  // Only a provisional ranking's part can serve liveRankings: an official one's is not kept.
  if (official.liveMatches > 0) officialParts.set(ranking, official);
  return ranking;
}

/**
 * A group's members ranked by the domain's rule (src/domain/ranking.ts competitionRanksOf; equal members
 * ordered by lower-case username in code-unit order: usernames are ASCII), best first, movement against
 * their rank on the totals before the latest finished round (0 for everyone without an earlier one).
 */
function rankGroup({ userIds, usernames, avatarUrls, numbers }: GroupRows, hasEarlier: boolean): RankingRow[] {
  const n = userIds.length;
  /** Column `k` of the numbers; `minus`: less column `minus` (the totals before the latest round). */
  const column = (k: number, minus?: number) => {
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) values[i] = numbers[i * NUMBERS + k]! - (minus === undefined ? 0 : numbers[i * NUMBERS + minus]!);
    return values;
  };
  const ranks = competitionRanksOf({ points: column(0), exact: column(1), goalDifference: column(2), winner: column(3), opposite: column(4) }, n);
  const previous = hasEarlier
    ? competitionRanksOf({ points: column(0, 6), exact: column(1, 7), goalDifference: column(2, 8), winner: column(3, 9), opposite: column(4, 10) }, n)
    : ranks;
  const order = rankedOrder(ranks, usernames.map((name) => name.toLowerCase()));
  const rows: RankingRow[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const at = order[i]!;
    const base = at * NUMBERS;
    rows[i] = {
      rank: ranks[at]!, userId: userIds[at]!, username: usernames[at]!, avatarUrl: avatarUrls[at]!,
      points: numbers[base]!, exact: numbers[base + 1]!, goalDifference: numbers[base + 2]!, winner: numbers[base + 3]!,
      opposite: numbers[base + 4]!, predictions: numbers[base + 5]!, bonus: numbers[base + 11]!, jokers: numbers[base + 12]!, movement: previous[at]! - ranks[at]!,
    };
  }
  return rows;
}
