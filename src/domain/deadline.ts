/**
 * Prediction deadlines. Rule (DEVELOPERS.md "The product"): predictions close 15 minutes before
 * kickoff, judged by the server's clock; a match that is no longer scheduled (live, finished,
 * postponed, cancelled) takes no predictions whatever its kickoff.
 */

/** Minutes before kickoff at which predictions close. */
export const PREDICTION_CLOSE_MINUTES = 15;

/** Every match status, in the vocabulary of the field. */
export const MATCH_STATUSES = ['scheduled', 'live', 'finished', 'postponed', 'cancelled'] as const;

/** A match status. */
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/**
 * The instant predictions for a match close.
 * @param kickoff the kickoff, a UTC instant.
 * @returns kickoff − 15 minutes, a new Date.
 * @throws RangeError for an invalid Date.
 */
export function predictionDeadline(kickoff: Date): Date {
  if (Number.isNaN(kickoff.getTime())) throw new RangeError('kickoff is not a valid instant');
  return new Date(kickoff.getTime() - PREDICTION_CLOSE_MINUTES * 60_000);
}

/**
 * Whether a match still takes predictions at `now`: it is scheduled and `now` is strictly before
 * its deadline (at the deadline itself predictions are closed).
 * @param match its kickoff (UTC instant) and status.
 * @param now the server's current instant.
 */
export function isPredictionOpen(match: { kickoff: Date; status: MatchStatus }, now: Date): boolean {
  return match.status === 'scheduled' && now.getTime() < predictionDeadline(match.kickoff).getTime();
}

/**
 * Whether other members' predictions of a match may be shown (the rule —
 * only after that match's predictions close). True once the match is live or finished, or scheduled
 * with `now` at or after its deadline. Never for a postponed or cancelled match: it may reopen with a
 * new kickoff, and its predictions must stay hidden until they close again.
 * @param match its kickoff (UTC instant) and status.
 * @param now the server's current instant.
 */
export function arePredictionsRevealed(match: { kickoff: Date; status: MatchStatus }, now: Date): boolean {
  if (match.status === 'live' || match.status === 'finished') return true;
  if (match.status !== 'scheduled') return false;
  return now.getTime() >= predictionDeadline(match.kickoff).getTime();
}
