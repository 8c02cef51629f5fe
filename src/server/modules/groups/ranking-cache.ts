/**
 * Caches of per-group reads in this app instance (the ranking; the stats page), so a World Cup night's
 * thousands of reads of one group cost one statement per change instead of one each.
 *
 * - A change shows at once: every successful write through the app that may move a ranking calls
 *   `invalidate()` on its instance (app.ts, for every non-GET route not marked `rankingNeutral`; a write
 *   to one group's routes, `invalidate(groupId)`: that group only; a result saved, with what it moved:
 *   `rankingsByScoring`) and, by PostgreSQL NOTIFY sent after it, on every other instance; results scored
 *   and imports anywhere do the same for every group at their commit — the goal: "every group's ranking
 *   reflects the result within 1 s". A change of live scores alone ('live') keeps the values as bases.
 * - An entry lives `ttlMs` (RANKING_CACHE_MS, default 30 s): the bound for a change nobody signalled (an
 *   edit by hand in the database) or whose notice was lost (a connection failing right after a write);
 *   twice that for a ranking computed from a base (ranking-refresh.ts), whose official part may be as old
 *   as the time to live when it is computed.
 * - Concurrent reads of a group share one statement (single flight); a failed statement is not kept.
 * - An entry past its time to live (and not invalidated) is still served while one refresh runs, so no
 *   read waits for a large group's ranking statement.
 * - At most `maxEntries` groups are kept (the oldest go first).
 * - Optionally (the stats page), after an invalidation a group whose last computation was slow keeps
 *   serving its last value while one refresh runs (`keepAfterChange`).
 * - Optionally (the stats page), such costly values are also written to a store shared by every instance
 *   (`stored`), so an instance with no value of the group in memory (just started, or the group was
 *   dropped as the oldest) serves the stored one while one refresh runs, instead of computing first.
 */
import type { Conn } from '../../db/client';
import type { RankingsChange } from '../scoring/rankings-changed';
import { groupRanking, type GroupRanking } from './ranking';

/**
 * A per-group cache of one app instance, holding values of type T. Groups are keyed by their id in lower
 * case (a uuid in capitals names the same group).
 */
export interface GroupCache<T> {
  /**
   * The group's value (for the ranking: every member, in rank order), from the cache when fresh; a stale
   * one while its refresh runs, by the rules above (with a store, possibly the value stored by the last
   * computation of any instance).
   */
  get(db: Conn, groupId: string): Promise<T>;
  /** The group's value when one of at most twice the time to live is cached (never computes one), else undefined. */
  peek(groupId: string): Promise<T> | undefined;
  /**
   * Forgets the group's entry, or every entry without a group (a change that may have moved any ranking:
   * a result, a username). Values computed before are never served as fresh again; a costly group's last
   * value is still served while its refresh runs (keepAfterChange). `kind` 'live' (every group only):
   * nothing but the scores of matches in play changed, so the values stay as bases (`base`).
   */
  invalidate(groupId?: string, kind?: RankingsChange): void;
  /**
   * The group's last value computed (settled; while another is computed, the one it replaces) since the
   * last change of its group or of every group other than a 'live' one, current or not: what a ranking
   * after live scores changed can be computed from (ranking.ts liveRankings). Undefined when there is none.
   */
  base(groupId: string): T | undefined;
  /** The change clock's tick now: what `offer` needs of a value computed by a statement begun after it. */
  clock(): number;
  /** The groups read within the time to live (current or not), the most recently read first. */
  held(): string[];
  /** Whether the group's value in memory (or being computed) is current: nothing changed since it began. */
  current(groupId: string): boolean;
  /**
   * Keeps `value` as the group's current value when nothing changed for the group since tick `since`
   * (clock() before its statement began, at `startedAt` on the cache's clock) and no value as new is held
   * or being computed: a refresh of many groups in one statement (ranking-refresh.ts) fills them ahead of
   * their reads. A promise is shared by the group's reads until it settles (dropped if it fails).
   */
  offer(groupId: string, value: T | Promise<T>, since: number, startedAt: number): void;
}

/** The ranking cache of one app instance. */
export type RankingCache = GroupCache<GroupRanking>;

/**
 * Creates the ranking cache; `ttlMs` 0 turns it off (every read runs the statement). `now` is the clock
 * in milliseconds (tests pass their own).
 */
export function createRankingCache(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** Computes a ranking; default the ranking statement (ranking.ts). */
  load?: (db: Conn, groupId: string) => Promise<GroupRanking>;
}): RankingCache {
  return createGroupCache({ ...options, load: options.load ?? groupRanking });
}

/** Groups remembered as changed one by one before a change of one group counts as a change of all. */
const MAX_GROUP_CHANGES = 10_000;

/** Where a cache's costly values outlive the instance (see createGroupCache). */
export interface GroupValueStore<T> {
  /** The group's stored value, or undefined when none is stored. */
  read(groupId: string): Promise<T | undefined>;
  /** Stores the group's value, replacing the stored one. */
  write(groupId: string, value: T): Promise<void>;
  /**
   * Hears a failed read or write, and a failed refresh of a stored value (the cache then goes on as
   * without a store). Errors it throws are ignored.
   */
  onError?(error: unknown): void;
}

/**
 * Creates a per-group cache of `load`'s values with the rules above; `ttlMs` 0 turns it off. `now` is
 * the clock in milliseconds (tests pass their own). `keepAfterChange` (default: never) says which values
 * are costly to compute: after an invalidation such a group keeps serving its last value while one
 * refresh runs (the stats page of a 1,000-member group, ~100 ms), so no read waits for it; other groups
 * are computed at once, as without the option. A predicate on the value (its size), not on measured time,
 * so the choice is the same on a fast and a loaded machine. `stored` (needs `keepAfterChange`): every
 * costly value computed with no change heard of by this instance in between is handed to its `write`,
 * unless it equals (===) the value it replaces (the store itself refuses a value that a change elsewhere
 * made wrong: stats-snapshot.ts); a read that finds no value of the group in memory reads the store first
 * (concurrent reads share that read) and, when a value is stored, serves it while one refresh runs. If
 * that refresh fails, the stored value is dropped: the next read computes.
 */
export function createGroupCache<T>(options: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  keepAfterChange?: (value: T) => boolean;
  stored?: GroupValueStore<T>;
  load: (db: Conn, groupId: string) => Promise<T>;
}): GroupCache<T> {
  const { ttlMs, maxEntries = 10_000, now = Date.now, load, keepAfterChange, stored } = options;
  /**
   * A value: when its computation started, at which tick of the change clock (`generation`), whether it is
   * kept after a change (known once computed); `fromStore`: read from the store (never written back);
   * `value` once known; `prior`, until then, the value it replaces and the tick its computation began at, as a base.
   */
  interface Entry {
    at: number; generation: number; rows: Promise<T>; refreshing: boolean; keep: boolean; fromStore?: boolean; value?: T;
    prior?: { value: T; generation: number };
  }
  const entries = new Map<string, Entry>();
  /** When each group was last read (get), oldest first; at most maxEntries groups. Changes keep it. */
  const lastRead = new Map<string, number>();
  /** Groups whose stored value failed to refresh: their next read computes instead of reading the store. */
  const skipStore = new Set<string>();
  // The change clock: each invalidation is a tick, remembered for its group (or for every group). An entry
  // is current when computed at or after its group's last change.
  let generation = 0;
  let everyGroupChanged = 0;
  /** The last change of every group other than a 'live' one (bases computed before it are not bases). */
  let everyGroupOfficial = 0;
  const groupChanged = new Map<string, number>();
  /** Whether nothing changed for the group since `at` (a tick of the change clock). */
  const unchangedSince = (groupId: string, at: number) => at >= everyGroupChanged && at >= (groupChanged.get(groupId) ?? 0);
  const current = (groupId: string) => {
    const entry = entries.get(groupId);
    return entry && unchangedSince(groupId, entry.generation) ? entry : undefined;
  };
  const report = (error: unknown) => {
    try {
      stored?.onError?.(error);
    } catch {
      // A listener's own failure must not become an unhandled rejection.
    }
  };
  const store = (groupId: string, entry: Entry) => {
    const replaced = entries.get(groupId);
    entries.delete(groupId);
    entries.set(groupId, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    if (replaced) {
      entry.prior = replaced.value !== undefined && !replaced.fromStore
        ? { value: replaced.value, generation: replaced.generation } : replaced.prior;
    }
    entry.rows.then(
      (value) => {
        entry.value = value;
        entry.prior = undefined;
        entry.keep = keepAfterChange?.(value) === true;
        // Written when costly, computed with no change since it began (a member who left must not come
        // back in a value computed before they went), and new.
        if (stored && entry.keep && !entry.fromStore && unchangedSince(groupId, entry.generation) && value !== replaced?.value) {
          Promise.resolve().then(() => stored.write(groupId, value)).catch(report);
        }
      },
      () => { if (entries.get(groupId) === entry) entries.delete(groupId); },
    );
  };
  /**
   * A read with no value of the group in memory, with a store: the stored value, served while one refresh
   * runs; with none stored (or the store failing), the value computed now. While the store is read, the
   * entry counts as refreshing, so reads meanwhile share this one instead of starting a refresh.
   */
  const readStored = (db: Conn, groupId: string, from: GroupValueStore<T>): Promise<T> => {
    const entry: Entry = { at: Number.NEGATIVE_INFINITY, generation, rows: undefined as unknown as Promise<T>, refreshing: true, keep: true, fromStore: true };
    entry.rows = Promise.resolve()
      .then(() => from.read(groupId))
      .catch((error: unknown) => {
        report(error);
        return undefined;
      })
      .then((value) => {
        if (entries.get(groupId) !== entry) {
          // Dropped meanwhile as the oldest: another read's entry (if of this generation) or a computation.
          return value ?? current(groupId)?.rows ?? load(db, groupId);
        }
        if (value === undefined) return compute(db, groupId).rows;
        entry.refreshing = false;
        serveWhileRefreshing(db, groupId, entry);
        return value;
      });
    store(groupId, entry);
    return entry.rows;
  };
  const compute = (db: Conn, groupId: string): Entry => {
    const entry: Entry = { at: now(), generation, rows: load(db, groupId), refreshing: false, keep: false };
    store(groupId, entry);
    return entry;
  };
  /**
   * Serves `entry` while one computation for the current generation runs in the background, started on
   * the next turn of the event loop: on the embedded database a computation holds the one thread, and
   * begun at once it ran before the value in hand was sent (a 1,000-member stats page then waited for the
   * refresh it was meant not to wait for).
   */
  const serveWhileRefreshing = (db: Conn, groupId: string, entry: Entry) => {
    if (!entry.refreshing) {
      entry.refreshing = true;
      // The generation and the connection are the read's: a change in between (which may also have
      // moved reads to the primary) drops this refresh, and the next read starts one of its own.
      const started = now();
      const startedGeneration = generation;
      setImmediate(() => {
        if (entries.get(groupId) !== entry || !unchangedSince(groupId, startedGeneration)) {
          entry.refreshing = false;
          return;
        }
        const rows = Promise.resolve().then(() => load(db, groupId));
        rows.then(
          () => {
            if (entries.get(groupId) === entry && unchangedSince(groupId, startedGeneration)) {
              store(groupId, { at: started, generation: startedGeneration, rows, refreshing: false, keep: false });
            } else entry.refreshing = false;
          },
          (error: unknown) => {
            entry.refreshing = false;
            // A stored value is served only while its refresh runs: failing, it goes (the next read computes).
            if (entry.fromStore) {
              if (entries.get(groupId) === entry) {
                entries.delete(groupId);
                skipStore.add(groupId);
              }
              report(error);
            }
          },
        );
      });
    }
    return entry.rows;
  };
  return {
    peek(groupId) {
      groupId = groupId.toLowerCase();
      const entry = current(groupId);
      return entry && now() - entry.at < 2 * ttlMs ? entry.rows : undefined;
    },
    get(db, groupId) {
      if (ttlMs <= 0) return load(db, groupId);
      groupId = groupId.toLowerCase();
      lastRead.delete(groupId);
      lastRead.set(groupId, now());
      if (lastRead.size > maxEntries) lastRead.delete(lastRead.keys().next().value!);
      const entry = entries.get(groupId);
      if (entry && unchangedSince(groupId, entry.generation)) {
        if (now() - entry.at < ttlMs) return entry.rows;
        // Stale but not invalidated: served while one refresh runs (a 10,000-member ranking takes ~100 ms;
        // nobody waits for it), so a ranking read is at most ttlMs plus one computation old.
        return serveWhileRefreshing(db, groupId, entry);
      }
      // From before an invalidation: only a costly group's value is served, while its refresh runs.
      if (entry?.keep) return serveWhileRefreshing(db, groupId, entry);
      if (!entry && stored && !skipStore.delete(groupId)) return readStored(db, groupId, stored);
      return compute(db, groupId).rows;
    },
    clock: () => generation,
    held: () => {
      const since = now() - ttlMs;
      const held: string[] = [];
      for (const [groupId, at] of lastRead) if (at >= since) held.push(groupId);
      return held.reverse();
    },
    offer(groupId, value, since, startedAt) {
      if (ttlMs <= 0) return;
      groupId = groupId.toLowerCase();
      if (!unchangedSince(groupId, since)) return;
      const entry = entries.get(groupId);
      if (entry && entry.generation >= since && unchangedSince(groupId, entry.generation)) return;
      store(groupId, { at: startedAt, generation: since, rows: Promise.resolve(value), refreshing: false, keep: false });
    },
    current(groupId) {
      return current(groupId.toLowerCase()) !== undefined;
    },
    base(groupId) {
      groupId = groupId.toLowerCase();
      const entry = entries.get(groupId);
      const last = entry?.value !== undefined && !entry.fromStore ? { value: entry.value, generation: entry.generation } : entry?.prior;
      return last && last.generation >= everyGroupOfficial && last.generation >= (groupChanged.get(groupId) ?? 0) ? last.value : undefined;
    },
    invalidate(groupId, kind = 'all') {
      groupId = groupId?.toLowerCase();
      generation += 1;
      // Past MAX_GROUP_CHANGES groups changed one by one since the last change of all, one change of all
      // stands for them (the map stays small).
      if (groupId !== undefined && groupChanged.size < MAX_GROUP_CHANGES) {
        groupChanged.set(groupId, generation);
        if (!keepAfterChange) entries.delete(groupId);
        return;
      }
      everyGroupChanged = generation;
      // Live scores alone: the values stay, not current, as bases; the groups' own changes are still told
      // apart (a base of a group changed since is none).
      if (kind === 'live' && groupId === undefined) return;
      everyGroupOfficial = generation;
      groupChanged.clear();
      // Values stay for costly groups' reads after a change (keepAfterChange); the others are dropped.
      if (!keepAfterChange) entries.clear();
    },
  };
}
