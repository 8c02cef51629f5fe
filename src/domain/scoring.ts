/**
 * Prediction scoring: how many points a predicted score earns against a match result.
 *
 * Rule (Palpite's published scoring, DEVELOPERS.md "The product"): exact score 10; otherwise the right
 * goal difference 5 (a predicted draw against a different draw counts here, both differences being 0);
 * otherwise the right winner 3; otherwise the opposite winner −2; otherwise 0 (a draw predicted for a
 * win, or a win predicted for a draw). Scored on the 90-minute (full-time) score by default.
 *
 * The server scores in one set-based SQL statement (src/server/modules/scoring/score-matches.ts);
 * that statement is built from OUTCOME_POINTS below and tested against `scorePrediction`.
 */

/** A score in goals, home side first. Goals are whole numbers ≥ 0. */
export interface Score {
  home: number;
  away: number;
}

/** Every outcome class a prediction can fall into once its match is finished, best first. */
export const OUTCOMES = ['exact', 'goal_difference', 'winner', 'opposite', 'miss'] as const;

/** The class a prediction falls into once its match is finished. */
export type Outcome = (typeof OUTCOMES)[number];

/** What is stored for a prediction: an outcome, or 'void' when its match was postponed or cancelled. */
export const PREDICTION_OUTCOMES = [...OUTCOMES, 'void'] as const;

/** Points per outcome class. */
export const OUTCOME_POINTS: Readonly<Record<Outcome, number>> = {
  exact: 10,
  goal_difference: 5,
  winner: 3,
  opposite: -2,
  miss: 0,
};

/** The result of scoring one prediction. */
export interface ScoredPrediction {
  outcome: Outcome;
  points: number;
}

/**
 * Classifies a prediction against the actual score.
 * @param predicted the member's predicted score (goals).
 * @param actual the match score the competition counts (by default full time, 90 minutes).
 * @returns the outcome class.
 * @throws RangeError when a score is not made of whole numbers ≥ 0.
 */
export function classifyPrediction(predicted: Score, actual: Score): Outcome {
  assertScore(predicted, 'predicted');
  assertScore(actual, 'actual');
  if (predicted.home === actual.home && predicted.away === actual.away) return 'exact';
  const predictedDiff = predicted.home - predicted.away;
  const actualDiff = actual.home - actual.away;
  if (predictedDiff === actualDiff) return 'goal_difference';
  if (Math.sign(predictedDiff) === Math.sign(actualDiff)) return 'winner';
  if (Math.sign(predictedDiff) === -Math.sign(actualDiff) && actualDiff !== 0) return 'opposite';
  return 'miss';
}

/**
 * Scores a prediction: its outcome class and the points it earns (see OUTCOME_POINTS).
 * @throws RangeError when a score is not made of whole numbers ≥ 0.
 */
export function scorePrediction(predicted: Score, actual: Score): ScoredPrediction {
  const outcome = classifyPrediction(predicted, actual);
  return { outcome, points: OUTCOME_POINTS[outcome] };
}

function assertScore(score: Score, label: string): void {
  for (const goals of [score.home, score.away]) {
    if (!Number.isInteger(goals) || goals < 0) {
      throw new RangeError(`${label} score must be whole goals ≥ 0, got ${score.home}-${score.away}`);
    }
  }
}
