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

/** Points a group awards for each scoring outcome (a miss always earns 0). Whole numbers, −10 to 100. */
export interface OutcomePoints {
  exact: number;
  goalDifference: number;
  winner: number;
  opposite: number;
}

/**
 * Which score decides a knockout match for a group: the 90-minute score (default), or the score after
 * extra time when there was extra time. Penalty shoot-outs never count.
 */
export const KNOCKOUT_BASES = ['full_time', 'extra_time'] as const;
/** A knockout basis. */
export type KnockoutBasis = (typeof KNOCKOUT_BASES)[number];

/** A group's scoring rules. */
export interface ScoringRules extends OutcomePoints {
  knockoutBasis: KnockoutBasis;
}

/**
 * The scoring presets a group can choose: Palpite's own (the specification's 10/5/3/−2, the
 * default), "Classic 3/1/0" (exact score 3, right result 1) and "Kicktipp 4/3/2" (exact 4, right goal
 * difference 3, right winner 2, as Kicktipp's default rules).
 */
export const SCORING_PRESETS = {
  palpite: { exact: 10, goalDifference: 5, winner: 3, opposite: -2 },
  classic: { exact: 3, goalDifference: 1, winner: 1, opposite: 0 },
  kicktipp: { exact: 4, goalDifference: 3, winner: 2, opposite: 0 },
} as const satisfies Record<string, OutcomePoints>;
/** A scoring preset's name. */
export type ScoringPreset = keyof typeof SCORING_PRESETS;

/** The preset names, plus 'custom' (own points): what a group's scoring can be set to. */
export const SCORING_CHOICES = [...(Object.keys(SCORING_PRESETS) as (keyof typeof SCORING_PRESETS)[]), 'custom'] as const;

/** The default rules: the Palpite preset on the 90-minute score. */
export const DEFAULT_SCORING_RULES: ScoringRules = { ...SCORING_PRESETS.palpite, knockoutBasis: 'full_time' };

/** Bounds of a custom points value (inclusive). */
export const OUTCOME_POINTS_RANGE = { min: -10, max: 100 } as const;

/** The preset whose points equal `points`, or 'custom'. */
export function presetOf(points: OutcomePoints): ScoringPreset | 'custom' {
  for (const [name, preset] of Object.entries(SCORING_PRESETS) as [ScoringPreset, OutcomePoints][]) {
    if (preset.exact === points.exact && preset.goalDifference === points.goalDifference && preset.winner === points.winner && preset.opposite === points.opposite) return name;
  }
  return 'custom';
}

/** Points for an outcome under a group's points (a miss is 0). */
export function pointsFor(outcome: Outcome, points: OutcomePoints): number {
  switch (outcome) {
    case 'exact': return points.exact;
    case 'goal_difference': return points.goalDifference;
    case 'winner': return points.winner;
    case 'opposite': return points.opposite;
    case 'miss': return 0;
  }
}

/** A finished match's goals as stored: full time (90 min) and, when played, after extra time (cumulative). */
export interface MatchGoals {
  stage: 'group' | 'knockout' | 'league';
  home: number;
  away: number;
  homeExtraTime?: number | null;
  awayExtraTime?: number | null;
}

/**
 * The score a group counts for a match: after extra time for a knockout match that had extra time when
 * the group's basis is 'extra_time'; otherwise the 90-minute score. Penalties never count.
 */
export function countedScore(match: MatchGoals, basis: KnockoutBasis): Score {
  const extraTime = match.homeExtraTime != null && match.awayExtraTime != null;
  if (match.stage === 'knockout' && basis === 'extra_time' && extraTime) return { home: match.homeExtraTime as number, away: match.awayExtraTime as number };
  return { home: match.home, away: match.away };
}

/**
 * Scores a prediction: its outcome class and the points it earns.
 * @param points the group's points per outcome; default Palpite's (OUTCOME_POINTS).
 * @throws RangeError when a score is not made of whole numbers ≥ 0.
 */
export function scorePrediction(predicted: Score, actual: Score, points: OutcomePoints = SCORING_PRESETS.palpite): ScoredPrediction {
  const outcome = classifyPrediction(predicted, actual);
  return { outcome, points: pointsFor(outcome, points) };
}

function assertScore(score: Score, label: string): void {
  for (const goals of [score.home, score.away]) {
    if (!Number.isInteger(goals) || goals < 0) {
      throw new RangeError(`${label} score must be whole goals ≥ 0, got ${score.home}-${score.away}`);
    }
  }
}
