/**
 * A group's scoring rules: a preset or custom points for the four
 * outcomes, and the basis of knockout matches. Chosen at creation; changeable by the group's owner or
 * admins until the group's first predictions close (409 scoring_locked after).
 */
import { z } from 'zod';
import { KNOCKOUT_BASES, OUTCOME_POINTS_RANGE, SCORING_CHOICES, SCORING_PRESETS } from '../domain/scoring';

const pointsValue = z.number().int().min(OUTCOME_POINTS_RANGE.min).max(OUTCOME_POINTS_RANGE.max);

export const outcomePoints = z
  .object({ exact: pointsValue, goalDifference: pointsValue, winner: pointsValue, opposite: pointsValue })
  .refine((p) => p.exact >= p.goalDifference && p.goalDifference >= p.winner && p.winner >= p.opposite, {
    message: 'Points must not increase from exact score to goal difference to winner to opposite result',
  });

/** The preset names, plus 'custom' (defined in the domain: the web reads it without zod). */
export { SCORING_CHOICES };

/** What a client sends: a preset, or 'custom' with its points; the knockout basis (default 90 minutes). */
export const scoringRulesRequest = z
  .object({
    preset: z.enum(SCORING_CHOICES).default('palpite'),
    points: outcomePoints.optional(),
    knockoutBasis: z.enum(KNOCKOUT_BASES).default('full_time'),
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
  /** False once the group's first predictions have closed. */
  editable: z.boolean(),
});
export type ScoringRules = z.infer<typeof scoringRules>;
export const scoringRulesResponse = z.object({ scoring: scoringRules });

/** The points a request stands for: its preset's, or its custom points. */
export function requestedPoints(rules: z.output<typeof scoringRulesRequest>) {
  return rules.preset === 'custom' ? rules.points! : SCORING_PRESETS[rules.preset];
}
