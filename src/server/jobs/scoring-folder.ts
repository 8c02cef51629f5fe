/**
 * The background folder: every `intervalMs` it folds the matches queued for scoring into member
 * totals (src/server/modules/scoring/fold.ts). Safe on several instances at once (folding takes an
 * advisory lock per match and batch); a failing run is logged and retried on the next tick, never
 * fatal; runs never overlap within one instance.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { FOLD_BATCH_SIZE, foldPending, type FoldPace } from '../modules/scoring/fold';
import type { JobMonitor } from './job-monitor';

/** A running folder; `stop` waits for a run in progress. */
export interface ScoringFolder {
  stop(): Promise<void>;
  /** Runs a fold now (also used by tests); resolves with how many predictions were folded. */
  runOnce(): Promise<number>;
}

/**
 * Starts folding queued matches every `intervalMs` milliseconds (default 2,000), at `pace` predictions
 * per transaction (fold.ts foldPaceFor); each run is reported to `monitor` as 'scoring_folder'.
 * @param logger where failures go (the message only; no data).
 */
export function startScoringFolder(
  db: Db, logger: FastifyBaseLogger, intervalMs = 2_000, pace: FoldPace = FOLD_BATCH_SIZE, monitor?: JobMonitor,
): ScoringFolder {
  let running: Promise<number> | null = null;
  let stopped = false;
  monitor?.register('scoring_folder', intervalMs);
  const runOnce = () => {
    if (running) return running;
    running = foldPending(db, pace, (error) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'season marks not moved; the next run tries again'))
      .then((folded) => {
        monitor?.record('scoring_folder', true);
        return folded;
      })
      .catch((error: unknown) => {
        monitor?.record('scoring_folder', false);
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'scoring folder run failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
