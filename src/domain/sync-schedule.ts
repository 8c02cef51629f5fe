/**
 * When a league linked to a data provider is synced: its whole season daily;
 * every minute during a live window (from 5 minutes before a kickoff until that match is finished); and,
 * after failures, not before a back-off of 1, 2, 4 … up to 60 minutes since the last failed run, so a
 * failing provider is retried but never hammered. Pure: the caller gives the clock and the history.
 */

/** The kinds of run: the whole season, or the quick refresh while matches are played. */
export type SyncKind = 'fixtures' | 'live';

/** Minutes before kickoff at which a match's live window opens. */
export const LIVE_WINDOW_LEAD_MINUTES = 5;
/** A match still not finished this long after its kickoff no longer keeps the live window open (a provider that never updates it). */
export const LIVE_WINDOW_MAX_HOURS = 6;
/**
 * Minimum time between two live runs of a league, in milliseconds: a minute less a margin, so a
 * scheduler ticking every 15 s runs one a minute whatever small delays and clock differences there are.
 */
export const LIVE_INTERVAL_MS = 55_000;
/** Time between two season runs of a league, in milliseconds. */
export const FIXTURES_INTERVAL_MS = 24 * 60 * 60_000;
/** The longest back-off after failures, in milliseconds. */
export const MAX_BACKOFF_MS = 60 * 60_000;

/** A past run of a league, newest first in `SyncHistory.runs`. */
export interface PastRun {
  kind: SyncKind;
  status: 'running' | 'succeeded' | 'failed';
  /** UTC instant. */
  startedAt: Date;
}

/** What the decision needs to know about a league. */
export interface SyncHistory {
  /** Its recent runs, newest first (a dozen is plenty). */
  runs: readonly PastRun[];
  /** Kickoffs (UTC instants) of its matches that are not finished, postponed or cancelled. */
  openKickoffs: readonly Date[];
}

/**
 * Whether a match with this kickoff keeps the league's live window open at `now`: from
 * LIVE_WINDOW_LEAD_MINUTES before kickoff, for at most LIVE_WINDOW_MAX_HOURS after it.
 */
export function inLiveWindow(kickoff: Date, now: Date): boolean {
  const t = now.getTime();
  return t >= kickoff.getTime() - LIVE_WINDOW_LEAD_MINUTES * 60_000 && t <= kickoff.getTime() + LIVE_WINDOW_MAX_HOURS * 3_600_000;
}

/**
 * The back-off after `failures` consecutive failed runs: 0 for none, then 1, 2, 4 … minutes, at most
 * MAX_BACKOFF_MS. @returns milliseconds.
 */
export function backoffMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.min(failures - 1, 30));
}

/**
 * The run a league needs at `now`, if any: none while one is running; after failures, none until the
 * back-off since the last failure has passed (then the kind that failed, or a live run when due); a
 * season run when none succeeded in the last FIXTURES_INTERVAL_MS (or never); a live run when a match is in
 * its live window and no live or season run started in the last LIVE_INTERVAL_MS.
 * @returns 'fixtures', 'live' or null.
 */
export function dueSync(history: SyncHistory, now: Date): SyncKind | null {
  const { runs } = history;
  if (runs.some((run) => run.status === 'running')) return null;
  const t = now.getTime();
  let failures = 0;
  while (failures < runs.length && runs[failures]!.status === 'failed') failures += 1;
  if (failures > 0 && t - runs[0]!.startedAt.getTime() < backoffMs(failures)) return null;

  const lastSeason = runs.find((run) => run.kind === 'fixtures' && run.status === 'succeeded');
  if (!lastSeason || t - lastSeason.startedAt.getTime() >= FIXTURES_INTERVAL_MS) return 'fixtures';
  const live = history.openKickoffs.some((kickoff) => inLiveWindow(kickoff, now));
  const lastAny = runs[0];
  if (live && (!lastAny || t - lastAny.startedAt.getTime() >= LIVE_INTERVAL_MS)) return 'live';
  // The last run failed (back-off over) and nothing else is due: retry it.
  if (failures > 0) return runs[0]!.kind;
  return null;
}
