/**
 * A group's ranking in one SQL statement that never aggregates the group's predictions: each member's
 * season row (member_season_totals: the rounds up to the league's mark, scoring/season-totals.ts) and
 * folded totals of the later rounds (member_round_totals, summed) plus, for matches still queued for folding, the
 * difference their group's predictions make (computed on read for this group only, so a result counts at
 * once however many predictions it has). Ranked with RANK() over the keys of src/domain/ranking.ts
 * (points, exact, goal difference, winner, then fewer opposite results; equal members share a rank).
 * Members without predictions are listed with 0. Movement compares with the ranking before the latest
 * finished round (its matches' points taken away; 0 for everyone while there is no earlier finished
 * round), as src/domain/stats.ts `movement` does.
 *
 * While matches of the league are in play with a score, the ranking is provisional ("if it
 * ended now"): their predictions count as if each match ended at its current score, and movement compares
 * with the official ranking (without them). The final whistle turns it into points.
 */
import { sql } from 'drizzle-orm';
import type { RankingRow } from '../../../contracts/groups';
import { arrayLiteral } from '../../db/array-literal';
import { executePrepared, rowsOf, type Conn } from '../../db/client';
import { avatarUrl } from '../profile/avatar-url';
import { liveOutcomeSql, pendingDeltaSql, pendingRowsSql, pointsSql, scoringColumnsSql, totalsDeltaSql } from '../scoring/scoring-sql';

/** Totals columns of in-play predictions `x` (live_rows): their outcome as if the match ended now, from nothing. */
const liveDeltaSql = totalsDeltaSql(sql`x.outcome`, pointsSql(sql`x.outcome`, 'x'), sql`null::prediction_outcome`, sql`null::int`);

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
 * The ranking statement of a scope: per group, its members with their totals, rank and movement,
 * ordered by group, rank and username; each row also says how many matches in play it counts.
 */
function rankingStatement(scope: RankingScope) {
  const one = 'groupId' in scope;
  /** `column` in the scope's groups. */
  const inScope = (column: string) => (one
    ? sql`${sql.raw(column)} = ${scope.groupId}::uuid` : sql`${sql.raw(column)} = any(${scope.groupIds}::uuid[])`);
  const league = one ? sql`(select league_id from groups where id = ${scope.groupId}::uuid)` : sql`${scope.leagueId}::uuid`;
  return sql`
    with pending_rows as (${pendingRowsSql(one ? scope.groupId : { groupIds: scope.groupIds })}),
    live_rows as (
      -- Predictions of the matches in play, each with the outcome it would have if its match ended now.
      select p.group_id, p.user_id, ${scoringColumnsSql}, ${liveOutcomeSql()} as outcome
        from groups g
        join matches m on m.league_id = g.league_id and m.status = 'live'
        -- Per group through the index (match, group, user); for many groups the planner would hash the
        -- match's every prediction (offset 0 keeps the lookup).
        cross join lateral (select * from predictions p where p.match_id = m.id and p.group_id = g.id offset 0) p
       where ${inScope('g.id')}
    ),
    live as (
      select count(*)::int as matches from matches m
       where m.league_id = ${league} and m.status = 'live'
         and m.home_goals is not null and m.away_goals is not null
    ),
    latest as (
      select case when (select matches from live) > 0 then -1 else (
        select max(m.round_order) from matches m
         where m.league_id = ${league} and m.status = 'finished'
      ) end as round_order
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
      -- among them (a result taken back, before the mark moves back): then every round is read.
      select k.through_round from season_total_marks k
       where k.league_id = ${league}
         and ((select round_order from latest) is null or (select round_order from latest) = -1
              or (select round_order from latest) > k.through_round)
    ),
    by_round as (
      -- Each member's totals: the season row, the rounds after it (folded, plus what queued results
      -- change), under round null, and each later round.
      select group_id, user_id, null::int as round_order, points, exact, goal_difference, winner, opposite, scored
        from member_season_totals
       where ${inScope('group_id')} and exists (select 1 from cut)
      union all
      select t.group_id, t.user_id, t.round_order, t.points, t.exact, t.goal_difference, t.winner, t.opposite, t.scored
        from (
          select distinct m.round_order from matches m
           where m.league_id = ${league}
             and m.round_order > (select through_round from cut)
        ) r
        -- One index range per round (offset 0 keeps it a per-round lookup: the planner, not knowing how
        -- few rounds pass the mark, would otherwise read the group's every round row and filter them).
        cross join lateral (
          select * from member_round_totals t where ${inScope('t.group_id')} and t.round_order = r.round_order offset 0
        ) t
      union all
      -- No season rows to read: every round.
      select group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored
        from member_round_totals
       where ${inScope('group_id')} and not exists (select 1 from cut)
      union all
      select x.group_id, x.user_id, x.round_order, ${pendingDeltaSql} from pending_rows x group by x.group_id, x.user_id, x.round_order
      union all
      -- In play: counted under round -1, the "latest" round while anything is in play.
      select x.group_id, x.user_id, -1, ${liveDeltaSql} from live_rows x group by x.group_id, x.user_id
    ),
    sums as (
      select group_id, user_id, sum(points)::int as points, sum(exact)::int as exact, sum(goal_difference)::int as goal_difference,
             sum(winner)::int as winner, sum(opposite)::int as opposite, sum(scored)::int as scored,
             -- What the latest finished round added, per member.
             coalesce(sum(points) filter (where round_order = (select round_order from latest)), 0)::int as l_points,
             coalesce(sum(exact) filter (where round_order = (select round_order from latest)), 0)::int as l_exact,
             coalesce(sum(goal_difference) filter (where round_order = (select round_order from latest)), 0)::int as l_goal_difference,
             coalesce(sum(winner) filter (where round_order = (select round_order from latest)), 0)::int as l_winner,
             coalesce(sum(opposite) filter (where round_order = (select round_order from latest)), 0)::int as l_opposite
        from by_round
       group by group_id, user_id
    ),
    totals as (
      select gm.group_id, gm.user_id, pr.username, pr.avatar_url,
             coalesce(t.points, 0) as points, coalesce(t.exact, 0) as exact, coalesce(t.goal_difference, 0) as goal_difference,
             coalesce(t.winner, 0) as winner, coalesce(t.opposite, 0) as opposite, coalesce(t.scored, 0) as predictions,
             coalesce(t.l_points, 0) as l_points, coalesce(t.l_exact, 0) as l_exact, coalesce(t.l_goal_difference, 0) as l_goal_difference,
             coalesce(t.l_winner, 0) as l_winner, coalesce(t.l_opposite, 0) as l_opposite
        from group_members gm
        ${one ? sql`join profiles pr on pr.user_id = gm.user_id`
    // Many groups' members: one index lookup each, not a hash of every profile.
    : sql`cross join lateral (select username, avatar_url from profiles where user_id = gm.user_id offset 0) pr`}
        left join sums t on t.group_id = gm.group_id and t.user_id = gm.user_id
       where ${inScope('gm.group_id')}
    ),
    ranked as (
      select t.*,
             rank() over (partition by t.group_id order by t.points desc, t.exact desc, t.goal_difference desc, t.winner desc, t.opposite asc)::int as rank,
             rank() over (partition by t.group_id order by t.points - t.l_points desc, t.exact - t.l_exact desc, t.goal_difference - t.l_goal_difference desc,
                                   t.winner - t.l_winner desc, t.opposite - t.l_opposite asc)::int as previous_rank
        from totals t
    )
    select group_id, rank, user_id, username, avatar_url, points, exact, goal_difference, winner, opposite, predictions,
           case when (select has_earlier from earlier) then previous_rank - rank else 0 end as movement,
           (select matches from live) as live_matches
      from ranked
     order by group_id, rank, lower(username)`;
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
  // Prepared: planning its scoring expressions took PostgreSQL about 10 ms, a third of the statement.
  const result = await executePrepared(db, 'group_ranking', rankingQuery(groupId));
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
  const result = await executePrepared(db, 'group_rankings', rankingsQuery(leagueId, groupIds));
  return rankingsOf(rowsOf<RawRankingRow>(result));
}

/** A row of the ranking statement. */
interface RawRankingRow {
  group_id: string; rank: number; user_id: string; username: string; avatar_url: string | null; points: number; exact: number;
  goal_difference: number; winner: number; opposite: number; predictions: number; movement: number; live_matches: number;
}

/** The statement's rows (ordered by group, then rank) as rankings by group id. */
function rankingsOf(raw: RawRankingRow[]): Map<string, GroupRanking> {
  const rankings = new Map<string, GroupRanking>();
  for (const row of raw) {
    const groupId = String(row.group_id).toLowerCase();
    let ranking = rankings.get(groupId);
    if (!ranking) {
      ranking = { rows: [], liveMatches: Number(row.live_matches ?? 0) };
      rankings.set(groupId, ranking);
    }
    ranking.rows.push({
      rank: Number(row.rank),
      userId: row.user_id,
      username: row.username,
      avatarUrl: row.avatar_url ?? avatarUrl(row.user_id, null),
      points: Number(row.points),
      exact: Number(row.exact),
      goalDifference: Number(row.goal_difference),
      winner: Number(row.winner),
      opposite: Number(row.opposite),
      predictions: Number(row.predictions),
      movement: Number(row.movement),
    });
  }
  return rankings;
}
