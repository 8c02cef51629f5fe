/**
 * A member's jokers in a group (src/domain/jokers.ts): where they are, how many are played and left, and
 * placing, moving or taking one back. Only ever the member's own: others' jokers are shown on their
 * predictions once each match's predictions have closed (contracts/predictions.ts).
 */
import { z } from 'zod';
import { uuidParam } from './common';
import { jokerSettings } from './scoring-rules';

export const jokerParams = z.object({ groupId: uuidParam, matchId: uuidParam });

/** PUT /api/groups/:groupId/jokers/:matchId: put a joker on my prediction of the match; `from`: move it from that match. */
export const placeJokerRequest = z.object({ from: uuidParam.nullable().optional() }).nullish();
export type PlaceJokerRequest = z.infer<typeof placeJokerRequest>;

export const myJokers = z.object({
  /** The group's joker settings; null when it plays without (nothing else then). */
  settings: jokerSettings.nullable(),
  /** My jokers, each on one of my predictions, in kickoff order; `open`: the match still takes predictions (it may move). */
  placed: z.array(z.object({ matchId: z.uuid(), roundOrder: z.number().int(), open: z.boolean() })),
  /** Jokers on matches whose predictions have closed (postponed and cancelled ones aside). */
  used: z.number().int(),
  /**
   * Jokers I may still place this season (every joker placed counts, one on a postponed or cancelled match
   * too until moved); null with one per round (one a round, while the round has an open match).
   */
  left: z.number().int().nullable(),
});
export type MyJokers = z.infer<typeof myJokers>;
export const myJokersResponse = z.object({ jokers: myJokers });
export type MyJokersResponse = z.infer<typeof myJokersResponse>;
