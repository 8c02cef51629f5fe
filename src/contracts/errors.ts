/**
 * Stable API error ids. Every error response is `{error: {id, message}}`; the web translates `id`.
 */
import { z } from 'zod';

export const ERROR_IDS = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'league_not_found',
  'league_inactive',
  'league_linked',
  'league_not_replay',
  'replay_state',
  'replay_source',
  'own_account',
  'provider_not_configured',
  'provider_unavailable',
  'email_not_verified',
  'group_not_found',
  'match_not_found',
  'match_not_started',
  'invalid_unsubscribe_token',
  'invalid_invite_code',
  'group_inactive',
  'prediction_closed',
  'scoring_locked',
  'bonus_question_not_found',
  /** Answering (or changing) a bonus question after its close (409). */
  'bonus_closed',
  /** Deciding a bonus question while members may still answer it (409). */
  'bonus_open',
  /** Deciding by hand a question the league's results have decided (409). */
  'bonus_decided',
  /** Deciding by hand a question the league's fixtures still to play may decide (409). */
  'bonus_awaiting_results',
  /** Jokers (src/domain/jokers.ts), 409: the group plays without them; the match has closed; the joker to
   * move or take back sits on a closed match; none left (one too many); none of the member's on that match;
   * no prediction of the member's to put it on. */
  'jokers_off',
  'joker_match_closed',
  'joker_closed',
  'no_joker_left',
  'joker_not_placed',
  'joker_needs_prediction',
  /** The group's wall is off (409); a post not in the group (404); past the posts a member may write (429). */
  'wall_off',
  'wall_post_not_found',
  'wall_limit',
  'group_full',
  'owner_must_transfer',
  'confirmation_mismatch',
  'username_taken',
  'avatar_too_large',
  'avatar_invalid',
  'origin_forbidden',
  'rate_limited',
  'shutting_down',
  /** A request Fastify or node's HTTP parser refused before any route: a URL that does not decode, a malformed request (400, or 414). */
  'bad_request',
  /** Header fields over node's 16 KB (431): usually too many or too large cookies. */
  'headers_too_large',
  /** The request did not arrive within node's time limits (408). */
  'request_timeout',
  /** The database cannot be reached (503, with Retry-After): try again in a few seconds. */
  'database_unavailable',
  /** The server's disk is full (503, with Retry-After): nothing can be saved until space is freed; reading still works. */
  'storage_full',
  'internal',
] as const;

export type ErrorId = (typeof ERROR_IDS)[number];

export const errorResponse = z.object({
  error: z.object({ id: z.string(), message: z.string() }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
