/**
 * A short-lived cache of group rankings in this app instance, so a World Cup night's thousands of
 * ranking reads of one group cost one ranking statement a second instead of one each.
 *
 * - An entry lives `ttlMs` (RANKING_CACHE_MS, default 1,000 ms): a change made through another
 *   instance (or a job there) shows within that time — issue 6's "every group's ranking reflects the
 *   result within 1 s".
 * - A change made through this instance shows at once: every successful write that may move a ranking
 *   calls `invalidate()` (app.ts, for every non-GET route not marked `rankingNeutral`).
 * - Concurrent reads of a group share one statement (single flight); a failed statement is not kept.
 * - At most `maxEntries` groups are kept (the oldest go first).
 */
import type { RankingRow } from '../../../contracts/groups';
import type { Conn } from '../../db/client';
import { groupRanking } from './ranking';

/** The cache of one app instance. */
export interface RankingCache {
  /** The group's full ranking (every member, in rank order), from the cache when fresh. */
  get(db: Conn, groupId: string): Promise<RankingRow[]>;
  /** The group's ranking when a fresh one is cached (never computes one), else undefined. */
  peek(groupId: string): Promise<RankingRow[]> | undefined;
  /** Forgets every entry (a write through this instance may have moved any ranking). */
  invalidate(): void;
}

/**
 * Creates a cache; `ttlMs` 0 turns it off (every read runs the statement). `now` is the clock in
 * milliseconds (tests pass their own).
 */
export function createRankingCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** Computes a ranking; default the ranking statement (ranking.ts). */
  load?: (db: Conn, groupId: string) => Promise<RankingRow[]>;
}): RankingCache {
  const { ttlMs, maxEntries = 10_000, now = Date.now, load = groupRanking } = options;
  const entries = new Map<string, { at: number; generation: number; rows: Promise<RankingRow[]> }>();
  let generation = 0;
  const fresh = (groupId: string) => {
    const entry = entries.get(groupId);
    return entry && entry.generation === generation && now() - entry.at < ttlMs ? entry.rows : undefined;
  };
  return {
    peek: fresh,
    get(db, groupId) {
      if (ttlMs <= 0) return load(db, groupId);
      const cached = fresh(groupId);
      if (cached) return cached;
      const rows = load(db, groupId);
      const entry = { at: now(), generation, rows };
      entries.delete(groupId);
      entries.set(groupId, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      rows.catch(() => {
        if (entries.get(groupId) === entry) entries.delete(groupId);
      });
      return rows;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}
