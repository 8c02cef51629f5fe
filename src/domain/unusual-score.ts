/**
 * A predicted score so high that it is more likely a slip of the finger ("99" for "9", a second "1")
 * than a prediction: the app asks "Sure?" before saving it, and saves it if the person says so (the
 * server accepts 0–99 a side).
 *
 * Rule: a side with 10 goals or more. The most goals one team has scored in a World Cup match is 10
 * (Hungary 10–1 El Salvador, 1982); in the Premier League 9 (Manchester United 9–0 Ipswich, 1995, and
 * three more 9–0s and a 9–1). Below that, a big win is a plausible prediction and asks nothing.
 */

/** Goals by one side from which a predicted score is unusual. */
export const UNUSUAL_GOALS = 10;

/**
 * Whether a predicted score is unusual (see the module comment).
 * @param home goals predicted for the home side (a whole number ≥ 0).
 * @param away goals predicted for the away side.
 */
export function isUnusualScore(home: number, away: number): boolean {
  return home >= UNUSUAL_GOALS || away >= UNUSUAL_GOALS;
}
