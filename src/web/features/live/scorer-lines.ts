/**
 * A side's goals as a card lists them: one line per scorer, in the order of their first goal, with each
 * goal's minute ("Lionel Messi 23' (pen.), 108'"). Own goals count for the side they were given to and are
 * listed apart from the same player's own goals; a goal without a known scorer gets a line of its own kind.
 */
import type { MatchGoal } from '../../../contracts/leagues';
import { minuteText } from './match-minute';

/** One line: the scorer (null when unknown), whether these are own goals, and each goal's minute and kind. */
export interface ScorerLine {
  scorer: string | null;
  ownGoal: boolean;
  goals: { minute: string; penalty: boolean }[];
}

/** The lines of `side`'s goals, goals in match order (minute, then stoppage time). */
export function scorerLines(goals: readonly MatchGoal[], side: MatchGoal['side']): ScorerLine[] {
  const ordered = goals
    .filter((goal) => goal.side === side)
    .sort((a, b) => a.minute - b.minute || (a.offset ?? 0) - (b.offset ?? 0));
  const lines: ScorerLine[] = [];
  for (const goal of ordered) {
    const line = lines.find((candidate) => candidate.scorer === goal.scorer && candidate.ownGoal === goal.ownGoal);
    const entry = { minute: minuteText(goal.minute, goal.offset), penalty: goal.penalty };
    if (line) line.goals.push(entry);
    else lines.push({ scorer: goal.scorer, ownGoal: goal.ownGoal, goals: [entry] });
  }
  return lines;
}
