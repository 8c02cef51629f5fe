/** Platform administration: setting a match's result, which re-scores its predictions at once. */
import { eq } from 'drizzle-orm';
import type { MatchResultRequest } from '../../../contracts/admin';
import type { Match } from '../../../contracts/leagues';
import type { Db } from '../../db/client';
import { matches } from '../../db/schema';
import { errors } from '../../errors';
import { matchColumns, presentMatch, withTeams } from '../leagues/presenter';
import { scoreMatches } from '../scoring/score-matches';

/**
 * Sets a match's status and score and re-scores all its predictions, in one transaction. A scheduled,
 * postponed or cancelled match has its goals cleared.
 * @throws AppError match_not_found.
 */
export async function setMatchResult(db: Db, matchId: string, body: MatchResultRequest): Promise<{ match: Match; rescored: number }> {
  const played = body.status === 'finished' || body.status === 'live';
  const value = (goals: number | null | undefined) => (played ? (goals ?? null) : null);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(matches)
      .set({
        status: body.status,
        homeGoals: value(body.homeGoals), awayGoals: value(body.awayGoals),
        homeGoalsExtraTime: value(body.homeGoalsExtraTime), awayGoalsExtraTime: value(body.awayGoalsExtraTime),
        homePenalties: value(body.homePenalties), awayPenalties: value(body.awayPenalties),
        updatedAt: new Date(),
      })
      .where(eq(matches.id, matchId))
      .returning({ id: matches.id });
    if (updated.length === 0) throw errors.matchNotFound();
    const rescored = await scoreMatches(tx, [matchId]);
    const [row] = await withTeams(tx.select(matchColumns).from(matches).$dynamic()).where(eq(matches.id, matchId));
    if (!row) throw errors.matchNotFound();
    return { match: presentMatch(row), rescored };
  });
}
