/**
 * API errors: factories with an HTTP status and a stable id (STYLE.md habit 5). The web maps ids to
 * translated messages; the one error handler (app.ts) turns an AppError into `{error: {id, message}}`.
 */
import type { ErrorId } from '../contracts/errors';

/** An error meant for the API caller: its status, stable id and a plain-English message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly id: ErrorId,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  validation: (message: string) => new AppError(400, 'validation_failed', message),
  unauthenticated: () => new AppError(401, 'unauthenticated', 'Sign in to do this.'),
  emailNotVerified: () => new AppError(403, 'email_not_verified', 'Confirm your email address first: open the link we sent you.'),
  forbidden: (message = 'You are not allowed to do this.') => new AppError(403, 'forbidden', message),
  notFound: (what = 'Resource') => new AppError(404, 'not_found', `${what} not found.`),
  leagueNotFound: () => new AppError(404, 'league_not_found', 'League not found.'),
  /** A football data provider failed or did not answer (its message, never a token, follows). */
  providerUnavailable: (detail: string) => new AppError(502, 'provider_unavailable', `The data provider did not answer as expected: ${detail}`),
  ownAccount: () => new AppError(409, 'own_account', 'You cannot disable or demote your own account.'),
  leagueInactive: () => new AppError(409, 'league_inactive', 'This league is not open for new groups.'),
  leagueLinked: () => new AppError(409, 'league_linked', 'This league is linked to a source already.'),
  leagueNotReplay: () => new AppError(409, 'league_not_replay', 'Only a replayed tournament can be deleted with its groups.'),
  replayState: (state: string) => new AppError(409, 'replay_state', `This replay is ${state}: that cannot be done now.`),
  replaySource: (message: string) => new AppError(400, 'replay_source', `This tournament cannot be replayed: ${message}`),
  groupNotFound: () => new AppError(404, 'group_not_found', 'Group not found.'),
  matchNotFound: () => new AppError(404, 'match_not_found', 'Match not found.'),
  matchNotStarted: (kickoff: Date) =>
    new AppError(409, 'match_not_started', `This match kicks off at ${kickoff.toISOString()}: confirm a result before kickoff (beforeKickoff), or move its kickoff first.`),
  invalidUnsubscribeToken: () => new AppError(400, 'invalid_unsubscribe_token', 'This unsubscribe link is not valid. Change your notifications on your profile instead.'),
  inviteCodeInvalid: () => new AppError(404, 'invalid_invite_code', 'No active group has this invite code.'),
  groupInactive: () => new AppError(409, 'group_inactive', 'This group is deactivated.'),
  groupFull: () => new AppError(409, 'group_full', 'This group is full.'),
  ownerMustTransfer: () => new AppError(409, 'owner_must_transfer', 'The owner must transfer the group to another member first.'),
  /** What was typed to confirm a deletion or reset (a group's name, an account's email) does not match. */
  confirmationMismatch: (what = 'the confirmation asked for') => new AppError(400, 'confirmation_mismatch', `The confirmation does not match ${what}.`),
  scoringLocked: () => new AppError(409, 'scoring_locked', "The scoring rules can no longer change: the group's first predictions have closed."),
  bonusQuestionNotFound: () => new AppError(404, 'bonus_question_not_found', 'Bonus question not found.'),
  bonusClosed: (closedAt: Date) => new AppError(409, 'bonus_closed', `This question closed at ${closedAt.toISOString()}: its answers can no longer change.`),
  bonusOpen: () => new AppError(409, 'bonus_open', 'This question is still open: decide it once its answers have closed.'),
  bonusAwaitingResults: () => new AppError(409, 'bonus_awaiting_results', "The league's results will decide this question: fixtures are still to be played."),
  bonusDecided: () => new AppError(409, 'bonus_decided', "The league's results have decided this question."),
  /** A joker that cannot go where asked (src/domain/jokers.ts JokerError's message), 409. */
  joker: (id: 'jokers_off' | 'joker_match_closed' | 'joker_closed' | 'no_joker_left' | 'joker_not_placed', message: string) => new AppError(409, id, message),
  wallOff: () => new AppError(409, 'wall_off', "This group's wall is off."),
  wallPostNotFound: () => new AppError(404, 'wall_post_not_found', 'Post not found.'),
  wallLimit: (message: string) => new AppError(429, 'wall_limit', message),
  jokerNeedsPrediction: () => new AppError(409, 'joker_needs_prediction', 'Save a prediction for this match first: a joker goes on a prediction.'),
  predictionClosed: (deadline: Date) =>
    new AppError(409, 'prediction_closed', `Predictions for this match closed at ${deadline.toISOString()}.`),
  usernameTaken: () => new AppError(409, 'username_taken', 'This username is taken.'),
  avatarTooLarge: () => new AppError(413, 'avatar_too_large', 'The image is larger than 2 MB.'),
  avatarInvalid: () => new AppError(415, 'avatar_invalid', 'The file is not a JPEG, PNG or WebP image.'),
  originForbidden: () => new AppError(403, 'origin_forbidden', 'This request came from another site.'),
  rateLimited: () => new AppError(429, 'rate_limited', 'Too many requests; try again shortly.'),
  /** The database cannot be reached (a connection lost or refused: http/database-outage.ts); sent with Retry-After. */
  databaseUnavailable: () => new AppError(503, 'database_unavailable', 'The database cannot be reached right now; try again in a few seconds.'),
  /** The disk holding the embedded database is full (db/embedded-storage.ts): writes refused until space is freed; sent with Retry-After. */
  storageFull: () => new AppError(503, 'storage_full', "The server's disk is full, so nothing can be saved right now (reading still works). Try again later."),
  internal: () => new AppError(500, 'internal', 'Something went wrong on our side.'),
};
