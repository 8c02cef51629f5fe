/**
 * A member's view of a group's matches, and making predictions. The deadline is enforced here by the
 * server's clock (src/domain/deadline.ts), never only by the UI.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { GroupMatchesResponse, Prediction, PredictionRequest } from '../../../contracts/groups';
import { isPredictionOpen } from '../../../domain/deadline';
import type { Db } from '../../db/client';
import { groupMatchPredictions, groups, matches, predictions } from '../../db/schema';
import { predictionScoreColumns } from '../scoring/scoring-sql';
import { AppError, errors } from '../../errors';
import { savePredictions } from './save-predictions';
import type { Viewer } from '../../auth/viewer';
import { homeTeam, matchColumns, presentMatch, withTeams } from '../leagues/presenter';
import { requireMember } from '../groups/policy';

function presentPrediction(row: { homeGoals: number; awayGoals: number; points: number | null; outcome: Prediction['outcome']; joker: boolean; updatedAt: Date }): Prediction {
  return { homeGoals: row.homeGoals, awayGoals: row.awayGoals, points: row.points, outcome: row.outcome, joker: row.joker, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Where a stream resumes after a read (GroupMatchesResponse.liveEventId): the highest live event number
 * the statement sees; when every event was pruned, the last number issued (a stream resuming there is
 * not told to resync: publish.ts eventsAfter); 0 when none ever was. A scalar subquery of the matches
 * statement, so both come from one snapshot: an event the matches do not show is numbered above it, or
 * was numbered before and commits after, which the stream's replay margin covers (live/routes.ts).
 */
const liveEventCursor = sql<number>`coalesce(
  (select max(id) from live_events),
  (select case when is_called then last_value end from live_events_id_seq),
  0)`.mapWith(Number);

/**
 * The group's league matches in kickoff order, each with whether it is open, the viewer's own
 * prediction and how many members predicted it (other members' predictions are not part of this view),
 * and the live event number they were read at (`liveEventId`: the group page's stream resumes there).
 * @throws AppError group_not_found, forbidden.
 */
export async function listGroupMatches(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, now: Date): Promise<GroupMatchesResponse> {
  const access = await requireMember(db, viewer, groupId);
  const columns = {
    ...matchColumns,
    pHome: predictions.homeGoals, pAway: predictions.awayGoals, pPoints: predictionScoreColumns.points,
    pOutcome: predictionScoreColumns.outcome, pJoker: predictions.joker, pUpdatedAt: predictions.updatedAt, liveEventId: liveEventCursor,
  };
  const rows = await withTeams(db.select(columns).from(matches).$dynamic())
    .leftJoin(predictions, and(eq(predictions.matchId, matches.id), eq(predictions.groupId, groupId), eq(predictions.userId, viewer.userId)))
    .leftJoin(groups, eq(groups.id, predictions.groupId))
    .where(eq(matches.leagueId, access.leagueId))
    .orderBy(asc(matches.kickoff), asc(matches.roundOrder), asc(homeTeam.name));
  // Kept by triggers on predictions (schema.ts groupMatchPredictions): at most 8 rows per match, not every prediction.
  const counts = new Map(
    (await db.select({ matchId: groupMatchPredictions.matchId, n: sql<number>`sum(${groupMatchPredictions.predictions})::int`.mapWith(Number) })
      .from(groupMatchPredictions).where(eq(groupMatchPredictions.groupId, groupId)).groupBy(groupMatchPredictions.matchId))
      .map((row) => [row.matchId, row.n]),
  );
  return {
    serverTime: now.toISOString(),
    liveEventId: rows[0]?.liveEventId ?? null,
    matches: rows.map((row) => ({
      predictionCount: counts.get(row.id) ?? 0,
      ...presentMatch(row),
      open: access.status === 'active' && isPredictionOpen({ kickoff: row.kickoff, status: row.status }, now),
      myPrediction:
        row.pHome === null || row.pAway === null || row.pUpdatedAt === null
          ? null
          : presentPrediction({ homeGoals: row.pHome, awayGoals: row.pAway, points: row.pPoints, outcome: row.pOutcome, joker: row.pJoker === true, updatedAt: row.pUpdatedAt }),
    })),
  };
}

/**
 * Creates or replaces the viewer's prediction for a match (one item of savePredictions).
 * @param now the server's clock.
 * @throws AppError group_not_found, forbidden, group_inactive, match_not_found (not in the group's
 *   league), prediction_closed (409: at or after kickoff − 15 min by the database's clock at the write,
 *   or the match is not scheduled).
 */
export async function savePrediction(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, matchId: string, body: PredictionRequest, now: Date): Promise<Prediction> {
  const { results } = await savePredictions(db, viewer, groupId, [{ matchId, ...body }], {}, now);
  const result = results[0];
  if (!result) throw errors.internal();
  if (result.status === 'saved') return result.prediction;
  if (result.error.id === 'match_not_found') throw errors.matchNotFound();
  throw new AppError(409, 'prediction_closed', result.error.message);
}
