/**
 * A group's scoring rules: a preset or custom points for the four
 * outcomes, and the basis of knockout matches. Chosen at creation; changeable by the group's owner or
 * admins until the group's first predictions close (409 scoring_locked after).
 */
import { z } from 'zod';
import { KNOCKOUT_BASES, OUTCOME_POINTS_RANGE, SCORING_CHOICES, SCORING_PRESETS } from '../domain/scoring';
import { JOKER_MODES, MAX_SEASON_JOKERS } from '../domain/jokers';

const pointsValue = z.number().int().min(OUTCOME_POINTS_RANGE.min).max(OUTCOME_POINTS_RANGE.max);

export const outcomePoints = z
  .object({ exact: pointsValue, goalDifference: pointsValue, winner: pointsValue, opposite: pointsValue })
  .refine((p) => p.exact >= p.goalDifference && p.goalDifference >= p.winner && p.winner >= p.opposite, {
    message: 'Points must not increase from exact score to goal difference to winner to opposite result',
  });

/** The preset names, plus 'custom' (defined in the domain: the web reads it without zod). */
export { SCORING_CHOICES };

/**
 * A group's jokers (src/domain/jokers.ts): what one does (double the points, the −2 too; or only points
 * above 0) and how many a member has: `perSeason` for the season (1–10), or null for one per round.
 */
export const jokerSettings = z.object({
  mode: z.enum(JOKER_MODES),
  perSeason: z.number().int().min(1).max(MAX_SEASON_JOKERS).nullable(),
});
export type JokerSettingsBody = z.infer<typeof jokerSettings>;

/**
 * What a client sends: a preset, or 'custom' with its points; the knockout basis (default 90 minutes);
 * the jokers (null: off; absent: unchanged, off for a new group).
 */
export const scoringRulesRequest = z
  .object({
    preset: z.enum(SCORING_CHOICES).default('palpite'),
    points: outcomePoints.optional(),
    knockoutBasis: z.enum(KNOCKOUT_BASES).default('full_time'),
    jokers: jokerSettings.nullable().optional(),
  })
  .refine((rules) => rules.preset !== 'custom' || rules.points !== undefined, { message: 'Custom scoring needs its points', path: ['points'] });
export type ScoringRulesRequest = z.input<typeof scoringRulesRequest>;

/** The rules as the server holds them, with whether they may still change. */
export const scoringRules = z.object({
  preset: z.enum(SCORING_CHOICES),
  exact: z.number().int(),
  goalDifference: z.number().int(),
  winner: z.number().int(),
  opposite: z.number().int(),
  knockoutBasis: z.enum(KNOCKOUT_BASES),
  /** The group's jokers; null when it plays without. */
  jokers: jokerSettings.nullable(),
  /** False once the group's first predictions have closed (the jokers' settings with the rest). */
  editable: z.boolean(),
});
export type ScoringRules = z.infer<typeof scoringRules>;
export const scoringRulesResponse = z.object({ scoring: scoringRules });

/** The points a request stands for: its preset's, or its custom points. */
export function requestedPoints(rules: z.output<typeof scoringRulesRequest>) {
  return rules.preset === 'custom' ? rules.points! : SCORING_PRESETS[rules.preset];
}
