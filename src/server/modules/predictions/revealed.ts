/**
 * Other members' predictions, shown only once a match's predictions have closed (rule:
 * arePredictionsRevealed in src/domain/deadline.ts). Before that, only how many members predicted a
 * match. Members only (src/server/modules/groups/policy.ts).
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { MatchPredictionsResponse, MemberPrediction, MemberPredictionsResponse } from '../../../contracts/predictions';
import { arePredictionsRevealed } from '../../../domain/deadline';
import type { Db } from '../../db/client';
import { groupMembers, groups, matches, predictions, profiles } from '../../db/schema';
import { predictionScoreColumns } from '../scoring/scoring-sql';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { homeTeam, matchColumns, presentMatch, withTeams } from '../leagues/presenter';
import { requireMember } from '../groups/policy';

const predictionColumns = {
  userId: predictions.userId,
  username: profiles.username,
  homeGoals: predictions.homeGoals,
  awayGoals: predictions.awayGoals,
  points: predictionScoreColumns.points,
  outcome: predictionScoreColumns.outcome,
  joker: predictions.joker,
};

/**
 * One match of the group's league with the count of members who predicted it, and, once revealed,
 * every member's prediction (best points first, then username).
 * @param now the server's clock.
 * @throws AppError group_not_found, forbidden (requireMember), match_not_found (not in the league).
 */
export async function matchPredictions(db: Db, viewer: Viewer, groupId: string, matchId: string, now: Date): Promise<MatchPredictionsResponse> {
  const access = await requireMember(db, viewer, groupId);
  const [row] = await withTeams(db.select(matchColumns).from(matches).$dynamic())
    .where(and(eq(matches.id, matchId), eq(matches.leagueId, access.leagueId)));
  if (!row) throw errors.matchNotFound();
  const revealed = arePredictionsRevealed({ kickoff: row.kickoff, status: row.status }, now);
  const [counts] = await db
    .select({ members: count() })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  const [predicted] = await db
    .select({ n: count() })
    .from(predictions)
    .where(and(eq(predictions.groupId, groupId), eq(predictions.matchId, matchId)));
  const list: MemberPrediction[] = revealed
    ? await db
        .select(predictionColumns)
        .from(predictions)
        .innerJoin(profiles, eq(profiles.userId, predictions.userId))
        .innerJoin(matches, eq(matches.id, predictions.matchId))
        .innerJoin(groups, eq(groups.id, predictions.groupId))
        .where(and(eq(predictions.groupId, groupId), eq(predictions.matchId, matchId)))
        .orderBy(sql`${predictionScoreColumns.points} desc nulls last`, asc(profiles.username))
    : [];
  return { match: presentMatch(row), revealed, predictionCount: predicted?.n ?? 0, memberCount: counts?.members ?? 0, predictions: list };
}

/**
 * A member's predictions in the group for matches whose predictions have closed, in kickoff order, and
 * their jokers when the group plays with them: played (on those matches) and, with a season's allowance,
 * left (the allowance less those played; for the viewer's own page, less every joker placed).
 * The viewer sees their own the same way (open matches are on the predictions screen instead).
 * @param now the server's clock.
 * @throws AppError group_not_found, forbidden (viewer not a member), not_found (no such member).
 */
export async function memberPredictions(db: Db, viewer: Viewer, groupId: string, userId: string, now: Date): Promise<MemberPredictionsResponse> {
  const access = await requireMember(db, viewer, groupId);
  const [member] = await db
    .select({ userId: groupMembers.userId, username: profiles.username })
    .from(groupMembers)
    .innerJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  if (!member) throw errors.notFound('Member');
  const rows = await withTeams(db.select({ ...matchColumns, prediction: predictionColumns }).from(matches).$dynamic())
    .innerJoin(predictions, and(eq(predictions.matchId, matches.id), eq(predictions.groupId, groupId), eq(predictions.userId, userId)))
    .innerJoin(profiles, eq(profiles.userId, predictions.userId))
    .innerJoin(groups, eq(groups.id, predictions.groupId))
    .where(and(eq(matches.leagueId, access.leagueId), inArray(matches.status, ['scheduled', 'live', 'finished'])))
    .orderBy(asc(matches.kickoff), asc(matches.roundOrder), asc(homeTeam.name));
  const shown = rows.filter((row) => arePredictionsRevealed({ kickoff: row.kickoff, status: row.status }, now));
  const [settings] = await db.select({ mode: groups.jokerMode, perSeason: groups.jokersPerSeason }).from(groups).where(eq(groups.id, groupId));
  let jokers: MemberPredictionsResponse['jokers'] = null;
  if (settings?.mode) {
    const used = shown.filter((row) => row.prediction.joker).length;
    const placed = userId === viewer.userId
      ? (await db.select({ n: count() }).from(predictions)
        .where(and(eq(predictions.groupId, groupId), eq(predictions.userId, userId), eq(predictions.joker, true))))[0]?.n ?? 0
      : used;
    jokers = { used, left: settings.perSeason === null ? null : Math.max(0, settings.perSeason - placed) };
  }
  return {
    member,
    predictions: shown.map(({ prediction, ...match }) => ({ match: presentMatch(match), prediction })),
    jokers,
  };
}
