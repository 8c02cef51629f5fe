/**
 * Saving predictions with the deadline inside the write: one INSERT … SELECT … ON CONFLICT statement
 * that only takes matches still open by the database's clock at the moment of writing
 * (`clock_timestamp()`, read once in the statement and stored as the prediction's updated_at), so no prediction is ever written after its close, however long the request
 * took to get there (rule: predictions close PREDICTION_CLOSE_MINUTES before kickoff, src/domain/deadline.ts).
 * Items that were not written are then explained (match not in the league, or closed) by one read.
 */
import { sql } from 'drizzle-orm';
import type { Prediction } from '../../../contracts/groups';
import type { PredictionItem, PredictionRejection, SavePredictionsResponse } from '../../../contracts/predictions';
import { PREDICTION_CLOSE_MINUTES, predictionDeadline } from '../../../domain/deadline';
import { executePrepared, rowsOf, type Db } from '../../db/client';
import type { Viewer } from '../../auth/viewer';
import { requireActiveMember } from '../groups/policy';

interface SavedRow { group_id: string; match_id: string; home_goals: number; away_goals: number; updated_at: string | Date }

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
  // One round trip when all goes well: the write itself only reaches active groups the viewer belongs to
  // (a saved row proves the membership); when nothing was saved here, the policy says why afterwards.
  const league = sql`(select league_id from groups where id = ${groupId}::uuid)`;
  // The items as three arrays: the statement's text is the same for one item or a whole round.
  const matchIds = items.map((item) => item.matchId);
  const homeGoals = items.map((item) => item.homeGoals);
  const awayGoals = items.map((item) => item.awayGoals);
  const applyAll = options.applyToOtherGroups === true;

  // A named prepared statement: parsed and planned once per connection, not on every save of a rush.
  const saved = rowsOf<SavedRow>(await executePrepared(db, 'save_predictions', sql`
    with input (match_id, home_goals, away_goals) as (
      select * from unnest(${pgArray(matchIds)}::uuid[], ${pgArray(homeGoals)}::int[], ${pgArray(awayGoals)}::int[])
    ),
    clock as (select clock_timestamp() as at),
    target_groups as (
      select g.id as group_id
        from groups g
        join group_members gm on gm.group_id = g.id and gm.user_id = ${viewer.userId}
       where g.league_id = ${league} and g.status = 'active'
         and (g.id = ${groupId}::uuid or ${applyAll}::boolean)
         -- Other groups only through an active group of mine: a refused request writes nothing anywhere.
         and exists (select 1 from groups g0 join group_members gm0 on gm0.group_id = g0.id and gm0.user_id = ${viewer.userId}
                      where g0.id = ${groupId}::uuid and g0.status = 'active')
    )
    insert into predictions (group_id, user_id, match_id, home_goals, away_goals, updated_at)
    select tg.group_id, ${viewer.userId}::text, i.match_id, i.home_goals, i.away_goals, clock.at
      from input i
      join matches m on m.id = i.match_id and m.league_id = ${league}
     cross join target_groups tg
     cross join clock
     where m.status = 'scheduled'
       and clock.at < m.kickoff - make_interval(mins => ${PREDICTION_CLOSE_MINUTES})
       -- A reopened match still being folded (its totals may hold its old result) takes no changes yet.
       and not exists (select 1 from scoring_queue q where q.match_id = m.id)
    on conflict (group_id, user_id, match_id) do update
       set home_goals = excluded.home_goals, away_goals = excluded.away_goals,
           updated_at = excluded.updated_at
    returning group_id, match_id, home_goals, away_goals, updated_at`));

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

/** A PostgreSQL array literal of uuids or integers (values already validated by the contract). */
function pgArray(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}

function presentSaved(row: SavedRow): Prediction {
  return {
    homeGoals: Number(row.home_goals), awayGoals: Number(row.away_goals), points: null, outcome: null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
