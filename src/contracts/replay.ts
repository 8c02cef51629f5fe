/**
 * Replays of real tournaments (administrators only; decision 018): POST /api/admin/replays creates one
 * from a shipped tournament, an openfootball URL or an uploaded openfootball document; GET lists them;
 * pause, resume and stop act on one; DELETE removes its league with its groups.
 */
import { z } from 'zod';
import { instant, requestInstant, uuidParam } from './common';
import { REPLAY_MAX_SPEED, REPLAY_MIN_SPEED } from '../domain/replay';

/** A replay's state: running, paused, stopped by an administrator, or finished (every match over). */
export const replayState = z.enum(['running', 'paused', 'stopped', 'finished']);

/** A replay as the API shows it. */
export const replayInfo = z.object({
  leagueId: z.uuid(),
  state: replayState,
  /** How many times faster than real time (a 90-minute match lasts 90 ÷ speed minutes). */
  speed: z.number(),
  /** Where the tournament came from: 'bundled:worldcup-2022', a URL, or 'upload:<file name>'. */
  source: z.string(),
  /** The first kickoff and the planned end (pauses so far included). */
  startsAt: instant,
  endsAt: instant,
  /** The demo's replay (its group has simulated members). */
  demo: z.boolean(),
});
export type ReplayInfo = z.infer<typeof replayInfo>;

/** Where a new replay's tournament comes from. */
export const replaySourceRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bundled'), name: z.enum(['worldcup-2022']) }),
  /** An openfootball file's http(s) address (the server's own files are the command line's: npm run replay). */
  z.object({ kind: z.literal('url'), url: z.url({ protocol: /^https?$/ }).max(2_000), timeZone: z.string().trim().min(1).max(64).optional() }),
  /** An openfootball document uploaded by the administrator (at most 2 MB of JSON). */
  z.object({ kind: z.literal('document'), name: z.string().trim().min(1).max(200), document: z.unknown(), timeZone: z.string().trim().min(1).max(64).optional() }),
]);

/** POST /api/admin/replays. */
export const createReplayRequest = z.object({
  source: replaySourceRequest,
  speed: z.number().min(REPLAY_MIN_SPEED).max(REPLAY_MAX_SPEED).default(60),
  /** The replayed first kickoff: now or later (at most a year ahead). */
  startsAt: requestInstant,
  /** The league's name; default: the tournament's own. */
  leagueName: z.string().trim().min(1).max(100).optional(),
});
export type CreateReplayRequest = z.infer<typeof createReplayRequest>;

export const replayParams = z.object({ leagueId: uuidParam });
export const replayActionParams = z.object({ leagueId: uuidParam, action: z.enum(['pause', 'resume', 'stop']) });
export const replayResponse = z.object({ replay: replayInfo });
export const replaysResponse = z.object({ replays: z.array(replayInfo.extend({ leagueName: z.string() })) });
