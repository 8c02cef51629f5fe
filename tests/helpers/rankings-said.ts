/**
 * What changes say they moved in the rankings (src/server/modules/scoring/rankings-changed.ts), as tests
 * hear it: in this process (onRankingsChanged) and in the match events every instance hears at the commit
 * (LIVE_CHANNEL's `rankings`, on another connection).
 */
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { LIVE_CHANNEL, type LiveEventRecord } from '../../src/server/modules/live/publish';
import { onRankingsChanged, type RankingsChange } from '../../src/server/modules/scoring/rankings-changed';

/** What was said since the last `clear`: the kinds signalled in process, and those of the match events heard. */
export interface RankingsSaid {
  signalled: RankingsChange[];
  announced: (RankingsChange | undefined)[];
}

/** A listener of what changes say (listenToRankingsSaid). */
export interface RankingsSaidListener {
  /** Forgets what was heard so far. */
  clear(): void;
  /**
   * What was said since the last clear, once `events` match events were heard (waiting up to 2 s for them;
   * with 0, 300 ms for a stray one, which would otherwise count as the next step's).
   * @throws the test's assertion error when not exactly `events` were heard.
   */
  said(events: number): Promise<RankingsSaid>;
  /** Stops listening. */
  stop(): Promise<void>;
}

/** Starts hearing what changes say on `database` (its match events) and in this process. */
export async function listenToRankingsSaid(database: Pick<Database, 'listen'>): Promise<RankingsSaidListener> {
  const signalled: RankingsChange[] = [];
  const announced: (RankingsChange | undefined)[] = [];
  const stopSignals = onRankingsChanged((kind) => signalled.push(kind));
  const stopEvents = await database.listen(LIVE_CHANNEL, (payload) => {
    const event = JSON.parse(payload) as LiveEventRecord;
    if (event.kind === 'match') announced.push(event.rankings);
  });
  return {
    clear() {
      signalled.length = 0;
      announced.length = 0;
    },
    async said(events) {
      for (let i = 0; i < 200 && announced.length < events; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      if (events === 0) await new Promise((resolve) => setTimeout(resolve, 300));
      expect(announced).toHaveLength(events);
      return { signalled: [...signalled], announced: [...announced] };
    },
    async stop() {
      stopSignals();
      await stopEvents();
    },
  };
}
