/**
 * Saving predictions with the deadline inside the write: one INSERT … SELECT … ON CONFLICT statement
 * (save-batch.ts, shared with the saves arriving at the same moment) that only takes matches still open
 * by the database's clock at the moment of writing (`clock_timestamp()`, read once in the statement and
 * stored as the prediction's updated_at), so no prediction is ever written after its close, however long
 * the request took to get there (rule: predictions close PREDICTION_CLOSE_MINUTES before kickoff,
 * src/domain/deadline.ts). Items that were not written are then explained (match not in the league, or
 * closed) by one read.
 */
import { sql } from 'drizzle-orm';
import type { Prediction } from '../../../contracts/groups';
import type { PredictionItem, PredictionRejection, SavePredictionsResponse } from '../../../contracts/predictions';
import { predictionDeadline } from '../../../domain/deadline';
import { rowsOf, type Db } from '../../db/client';
import type { Viewer } from '../../auth/viewer';
import { requireActiveMember } from '../groups/policy';
import { createSaveBatcher, type SavedRow, type SaveBatcher } from './save-batch';


/**
 * Saves the viewer's predictions for matches of a group's league, each item on its own.
 * @param items matches (each at most once) with predicted goals.
 * @param options.applyToOtherGroups also save them in the viewer's other active groups of the same league.
 * @param now the server's clock, used only to explain a rejection (started or not); the deadline itself is
 *   checked by the database's clock inside the write.
 * @returns one result per item in request order (this group), and the other groups written to.
 * @throws AppError group_not_found, forbidden, group_inactive (the group itself; nothing is written).
 */
export async function savePredictions(
  db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, items: readonly PredictionItem[], options: { applyToOtherGroups?: boolean }, now: Date,
): Promise<SavePredictionsResponse> {
  if (items.length === 0) {
    await requireActiveMember(db, viewer, groupId);
    return { results: [], otherGroupIds: [] };
  }
  // One statement when all goes well, shared with the saves arriving at the same moment (save-batch.ts):
  // the write itself only reaches active groups the viewer belongs to (a saved row proves the
  // membership); when nothing was saved here, the policy says why afterwards.
  const saved = await batcherOf(db).save({ userId: viewer.userId, groupId, items, applyToOtherGroups: options.applyToOtherGroups === true });

  const here = new Map(saved.filter((row) => row.group_id === groupId).map((row) => [row.match_id, row]));
  const missing = items.filter((item) => !here.has(item.matchId)).map((item) => item.matchId);
  const reasons = new Map<string, PredictionRejection>();
  if (missing.length > 0) {
    const access = await requireActiveMember(db, viewer, groupId);
    const found = rowsOf<{ id: string; kickoff: string | Date; status: string }>(await db.execute(sql`
      select id, kickoff, status from matches
       where league_id = ${access.leagueId} and id in (${sql.join(missing.map((id) => sql`${id}::uuid`), sql`, `)})`));
    for (const match of found) {
      const kickoff = new Date(match.kickoff);
      const started = match.status !== 'scheduled' || kickoff.getTime() <= now.getTime();
      reasons.set(match.id, {
        id: 'prediction_closed',
        message: started ? 'This match has already started. Predictions are closed.' : 'Predictions are closed within 15 minutes of match start.',
        started,
        deadline: predictionDeadline(kickoff).toISOString(),
      });
    }
  }

  return {
    results: items.map((item) => {
      const row = here.get(item.matchId);
      if (row) return { matchId: item.matchId, status: 'saved' as const, prediction: presentSaved(row) };
      return { matchId: item.matchId, status: 'rejected' as const, error: reasons.get(item.matchId) ?? { id: 'match_not_found' as const, message: 'Match not found.' } };
    }),
    otherGroupIds: [...new Set(saved.filter((row) => row.group_id !== groupId).map((row) => row.group_id))].sort(),
  };
}

const batchers = new WeakMap<Db, SaveBatcher>();

/** The save batcher of a database handle (one per app's pool), made on first use. */
function batcherOf(db: Db): SaveBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = createSaveBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}

function presentSaved(row: SavedRow): Prediction {
  return {
    homeGoals: Number(row.home_goals), awayGoals: Number(row.away_goals), points: null, outcome: null, joker: row.joker === true,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
