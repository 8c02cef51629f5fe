/**
 * Short-lived caches of per-group reads in this app instance (the ranking; the stats page), so a World
 * Cup night's thousands of reads of one group cost one statement a second instead of one each.
 *
 * - An entry lives `ttlMs` (RANKING_CACHE_MS, default 1,000 ms): a change made through another
 *   instance (or a job there) shows within that time — issue 6's "every group's ranking reflects the
 *   result within 1 s".
 * - A change made through this instance shows at once: every successful write that may move a ranking
 *   calls `invalidate()` (app.ts, for every non-GET route not marked `rankingNeutral`).
 * - Concurrent reads of a group share one statement (single flight); a failed statement is not kept.
 * - An entry past its time to live (and not invalidated) is still served while one refresh runs, so no
 *   read waits for a large group's ranking statement.
 * - At most `maxEntries` groups are kept (the oldest go first).
 */
import type { RankingRow } from '../../../contracts/groups';
import type { Conn } from '../../db/client';
import { groupRanking } from './ranking';

/** A per-group cache of one app instance, holding values of type T. */
export interface GroupCache<T> {
  /** The group's value (for the ranking: every member, in rank order), from the cache when fresh. */
  get(db: Conn, groupId: string): Promise<T>;
  /** The group's value when one of at most twice the time to live is cached (never computes one), else undefined. */
  peek(groupId: string): Promise<T> | undefined;
  /** Forgets every entry (a write through this instance may have moved any ranking). */
  invalidate(): void;
}

/** The ranking cache of one app instance. */
export type RankingCache = GroupCache<RankingRow[]>;

/**
 * Creates the ranking cache; `ttlMs` 0 turns it off (every read runs the statement). `now` is the clock
 * in milliseconds (tests pass their own).
 */
export function createRankingCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** Computes a ranking; default the ranking statement (ranking.ts). */
  load?: (db: Conn, groupId: string) => Promise<RankingRow[]>;
}): RankingCache {
  return createGroupCache({ ...options, load: options.load ?? groupRanking });
}

/**
 * Creates a per-group cache of `load`'s values with the rules above; `ttlMs` 0 turns it off. `now` is
 * the clock in milliseconds (tests pass their own).
 */
export function createGroupCache<T>(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  load: (db: Conn, groupId: string) => Promise<T>;
}): GroupCache<T> {
  const { ttlMs, maxEntries = 10_000, now = Date.now, load } = options;
  interface Entry { at: number; generation: number; rows: Promise<T>; refreshing: boolean }
  const entries = new Map<string, Entry>();
  let generation = 0;
  const current = (groupId: string) => {
    const entry = entries.get(groupId);
    return entry && entry.generation === generation ? entry : undefined;
  };
  const store = (groupId: string, entry: Entry) => {
    entries.delete(groupId);
    entries.set(groupId, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    entry.rows.catch(() => {
      if (entries.get(groupId) === entry) entries.delete(groupId);
    });
  };
  return {
    peek(groupId) {
      const entry = current(groupId);
      return entry && now() - entry.at < 2 * ttlMs ? entry.rows : undefined;
    },
    get(db, groupId) {
      if (ttlMs <= 0) return load(db, groupId);
      const entry = current(groupId);
      if (entry && now() - entry.at < ttlMs) return entry.rows;
      if (entry) {
        // Stale but not invalidated: served while one refresh runs (a 10,000-member ranking takes ~100 ms;
        // nobody waits for it), so a ranking read is at most ttlMs plus one computation old.
        if (!entry.refreshing) {
          entry.refreshing = true;
          const started = now();
          const rows = load(db, groupId);
          rows.then(
            () => { if (entries.get(groupId) === entry && entry.generation === generation) store(groupId, { at: started, generation, rows, refreshing: false }); },
            () => { entry.refreshing = false; },
          );
        }
        return entry.rows;
      }
      const fresh: Entry = { at: now(), generation, rows: load(db, groupId), refreshing: false };
      store(groupId, fresh);
      return fresh.rows;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
  };
}
