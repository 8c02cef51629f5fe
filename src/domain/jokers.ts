/**
 * Jokers: a member doubles one prediction's points ("boost", "joker", fredbet's and qatar-prode's extra).
 * A group turns them on (off by default) with an allowance — a number of jokers for the season (1–10), or
 * one per round — and a mode: double the match's points whatever they are (the −2 of an opposite result
 * becomes −4: a risk), or double only points above 0.
 *
 * Placing: on one of the member's own predictions before that match's predictions close (kickoff − 15
 * min, src/domain/deadline.ts); moving: from a match whose predictions are still open (or one postponed or
 * cancelled, whose points are void) to another open one; a joker on a closed match stays where it is. With one per round, a joker placed in a round whose joker
 * sits on another open match moves it there.
 */
import { isPredictionOpen, type MatchStatus } from './deadline';

/** What a joker does to the points of its prediction. */
export const JOKER_MODES = ['double', 'double_positive'] as const;
/** A joker mode. */
export type JokerMode = (typeof JOKER_MODES)[number];

/** Most jokers a member may have for a season. */
export const MAX_SEASON_JOKERS = 10;

/** A group's joker settings: `perSeason` jokers for the season (1–10), or one per round (`perSeason` null). */
export interface JokerSettings {
  mode: JokerMode;
  perSeason: number | null;
}

/**
 * The points a prediction earns with a joker on it.
 * @param points the prediction's points without one (whole number; negative for an opposite result).
 * @returns twice the points ('double'), or twice only points above 0 ('double_positive').
 */
export function jokerPoints(points: number, mode: JokerMode): number {
  if (mode === 'double') return points * 2;
  return points > 0 ? points * 2 : points;
}

/** What `planJoker` reads of a match: its id, round, kickoff (UTC instant) and status. */
export interface JokerMatch {
  id: string;
  roundOrder: number;
  kickoff: Date;
  status: MatchStatus;
}

/** Why a joker cannot go where asked: the code a 409 (or a 400) carries. */
export type JokerRefusal = 'jokers_off' | 'match_closed' | 'joker_closed' | 'no_joker_left' | 'not_placed';

/** A joker that cannot go where asked, with its refusal. */
export class JokerError extends Error {
  override name = 'JokerError';
  constructor(readonly refusal: JokerRefusal, message: string) {
    super(message);
  }
}

/** What placing a joker changes: the match it goes on, and the match it leaves (a move), if any. */
export interface JokerPlan {
  add: string;
  remove: string | null;
}

/**
 * Where a member's joker goes when they put one on `target`, moving it from `from` when given (or, with
 * one per round, from the round's joker on another open match).
 * @param settings the group's joker settings; null when the group has jokers off.
 * @param placed the matches the member's jokers are on now (open and closed).
 * @param target the match to put a joker on.
 * @param from the match to take it from (a move); with a season allowance used up, a move is the only way.
 * @param now the server's clock (UTC instant).
 * @returns the change to make (nothing to add when the joker is already there: `add` = `remove`).
 * @throws JokerError 'jokers_off'; 'match_closed' when `target`'s predictions have closed; 'joker_closed'
 *   when the joker to move sits on a closed match; 'not_placed' when `from` has no joker of theirs;
 *   'no_joker_left' when every joker of the season is placed and no move is asked for.
 */
export function planJoker(settings: JokerSettings | null, placed: readonly JokerMatch[], target: JokerMatch, from: JokerMatch | null, now: Date): JokerPlan {
  if (!settings) throw new JokerError('jokers_off', 'This group plays without jokers.');
  if (!isPredictionOpen(target, now)) throw new JokerError('match_closed', 'Predictions for this match have closed: a joker can no longer go on it.');
  if (placed.some((match) => match.id === target.id)) return { add: target.id, remove: target.id };
  const leaving = from ?? (settings.perSeason === null ? placed.find((match) => match.roundOrder === target.roundOrder) ?? null : null);
  if (leaving) {
    if (!placed.some((match) => match.id === leaving.id)) throw new JokerError('not_placed', 'There is no joker of yours on that match.');
    if (!jokerMovable(leaving, now)) throw new JokerError('joker_closed', 'That joker\'s match has closed: the joker stays where it is.');
    if (settings.perSeason === null && leaving.roundOrder !== target.roundOrder) {
      throw new JokerError('no_joker_left', 'One joker per round: it moves only within its round.');
    }
    return { add: target.id, remove: leaving.id };
  }
  const left = jokersLeft(settings, placed, target.roundOrder);
  if (left < 1) {
    throw new JokerError('no_joker_left', settings.perSeason === null ? 'This round\'s joker is already on a closed match.' : `All ${settings.perSeason} jokers of the season are placed: move one instead.`);
  }
  return { add: target.id, remove: null };
}

/** Whether a joker may leave `match`: its predictions are open, or it was postponed or cancelled (its points are void). */
export function jokerMovable(match: Pick<JokerMatch, 'kickoff' | 'status'>, now: Date): boolean {
  return isPredictionOpen(match, now) || match.status === 'postponed' || match.status === 'cancelled';
}

/**
 * How many jokers a member may still place: of the season's allowance, or in the round `roundOrder`
 * (1 or 0) with one per round.
 * @returns a whole number ≥ 0.
 */
export function jokersLeft(settings: JokerSettings, placed: readonly JokerMatch[], roundOrder?: number): number {
  if (settings.perSeason !== null) return Math.max(0, settings.perSeason - placed.length);
  return placed.some((match) => match.roundOrder === roundOrder) ? 0 : 1;
}

/**
 * Checks a group's joker settings as an admin sends them.
 * @returns the settings as given.
 * @throws RangeError for an unknown mode or a season allowance outside 1–MAX_SEASON_JOKERS.
 */
export function checkJokerSettings(settings: JokerSettings): JokerSettings {
  if (!(JOKER_MODES as readonly string[]).includes(settings.mode)) throw new RangeError(`Unknown joker mode ${settings.mode}.`);
  if (settings.perSeason !== null && (!Number.isInteger(settings.perSeason) || settings.perSeason < 1 || settings.perSeason > MAX_SEASON_JOKERS)) {
    throw new RangeError(`Jokers for the season: a whole number from 1 to ${MAX_SEASON_JOKERS}.`);
  }
  return settings;
}
