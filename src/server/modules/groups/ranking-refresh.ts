/**
 * Refreshing the rankings an instance holds after a change of every ranking (a goal, a result, an
 * import), many groups per statement, instead of one statement per group's next read. On a match night a
 * goal changes the ranking of every group on the league: with 10,000 groups of 20 members their reads
 * would each compute one (about 3 ms of database and server time each, docs/benchmarks.md); one
 * statement over a chunk of the league's groups (groups/ranking.ts groupRankings) computes a thousand in
 * about the time of a few single ones, and its values are offered to the cache (ranking-cache.ts offer)
 * as the statement starts, so the reads of its groups share it, unless a group changed again or a read
 * computed it meanwhile. A signal sent before its change committed holds passes back until the signal
 * after the commit.
 *
 * Only the groups read lately (within the cache's time to live) are refreshed, the most recently read
 * first; a pass stops at the next change, and the next pass takes what it had left, then what
 * the cache held at that change. A read of a group the pass has yet to reach claims it (`claim`): the
 * claims of the moment go into a statement of their own beside the pass's chunk (serveClaims), and the
 * read waits for it instead of computing the group alone (on a goal night the reads of not yet refreshed
 * groups, each alone, took the database from the pass: 10,000 groups fresh in 7.9 s; behind the pass's
 * chunks, 50 readers got ~50 groups a second fresh).
 *
 * After a change of live scores alone (a goal: ranking-cache.ts invalidate 'live'), a group whose last
 * ranking the cache still holds as a base is ranked from it and what the matches in play add now
 * (ranking.ts liveRankings: one statement that reads only the groups' predictions on the matches in play),
 * the rest by the whole statement.
 */
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { rowsOf, type Conn } from '../../db/client';
import { inBackground } from '../../db/embedded-activity';
import type { RankingCache } from './ranking-cache';
import { groupRanking, groupRankings, liveRankings, type GroupRanking } from './ranking';

/**
 * Group `id`'s ranking from a statement of several groups (`rankings`), or computed alone on `conn` when
 * the statement left it out or failed: the reads sharing the statement get a ranking either way.
 */
function rankingOf(rankings: Promise<Map<string, GroupRanking>>, conn: Conn, id: string): Promise<GroupRanking> {
  const alone = () => groupRanking(conn, id);
  return rankings.then((found) => found.get(id) ?? alone(), alone);
}

/** Groups whose league a refresher remembers, at most (then it forgets them all and reads them again). */
const MAX_LEAGUES_KNOWN = 100_000;

/** A running refresher. */
export interface RankingRefresh {
  /**
   * Every ranking changed: refresh `held` (the groups read lately), with those noted before; `start`
   * false only notes them and holds passes back (a signal sent before its change committed: the refresh
   * waits for the one after the commit, or the next change if it rolled back).
   */
  changed(held: readonly string[], start?: boolean): void;
  /**
   * A read of `groupId` that found no current ranking: while a pass is to compute the group in a later
   * statement, the group goes into the next statement of claims (or the pass's next one, whichever comes
   * first), and the returned promise settles with its ranking from it (computed alone if that statement
   * fails, or the pass stops before it). Undefined when no pass is to
   * compute the group: the read computes it.
   */
  claim(groupId: string): Promise<GroupRanking> | undefined;
  /** Waits for the pass and the statement of claims under way (tests, shutdown) and takes no more. */
  stop(): Promise<void>;
  /** Resolves when no pass nor statement of claims is under way (tests). */
  idle(): Promise<void>;
}

/**
 * Starts a refresher of `cache` reading through `db` (asked before each pass: the connection the ranking
 * route would read through).
 * @param options.chunk groups per statement. Meant for PostgreSQL: on the embedded database a chunk holds
 *   the one thread, and every read waits for it (app.ts starts none there).
 * @param options.min fewer held groups than this are left to their reads.
 * @param options.onError hears a failed pass (the groups are then computed on their reads).
 * @param options.baseMaxAgeMs a base older than this (by the database's clock) is not used: the cache's
 *   time to live, the bound on a change nobody signalled (default: no bound).
 */
export function startRankingRefresh(
  db: () => Conn, cache: RankingCache,
  options: { chunk: number; min?: number; onError?: (error: unknown) => void; baseMaxAgeMs?: number },
): RankingRefresh {
  const { chunk, min = 2, baseMaxAgeMs } = options;
  let pending = new Set<string>();
  /** Groups of signals sent before their change committed, waiting for the signal after the commit. */
  let noted = new Set<string>();
  /** A signal sent before its change committed came last: passes wait for the one after the commit. */
  let waiting = false;
  let running: Promise<void> | null = null;
  let stopped = false;
  /** The groups the pass under way has yet to compute (lower case). */
  let ahead = new Set<string>();
  /** Each group's league, as read by earlier passes (a group never changes league). */
  const leagueOf = new Map<string, string>();
  /** Groups claimed by reads, each with the read's promise, taken first into the next statement. */
  const claimed = new Map<string, { promise: Promise<GroupRanking>; resolve: (ranking: Promise<GroupRanking>) => void }>();
  /**
   * Settles the claims of `ids` with rankings computed alone on `conn` (their statement failed or never ran):
   * the connection a read would use now (db()), not the pass's.
   */
  const settleAlone = (conn: Conn, ids: Iterable<string>) => {
    for (const id of ids) {
      const claim = claimed.get(id);
      if (!claim) continue;
      claimed.delete(id);
      claim.resolve(groupRanking(conn, id));
    }
  };

  /**
   * The rankings of `ids`, groups of league `leagueId`: from their bases (cache.base) and the matches in
   * play where liveRankings can, the others by the whole statement (one each at most).
   */
  async function rankingsOfPart(conn: Conn, leagueId: string, ids: readonly string[]): Promise<Map<string, GroupRanking>> {
    const bases = new Map<string, GroupRanking>();
    for (const id of ids) {
      const base = cache.base(id);
      if (base && base.liveMatches > 0) bases.set(id, base);
    }
    const rankings = bases.size > 0 ? await liveRankings(conn, leagueId, bases, { maxAgeMs: baseMaxAgeMs }) : new Map<string, GroupRanking>();
    const rest = rankings.size === 0 ? ids : ids.filter((id) => !rankings.has(id));
    if (rest.length === 0) return rankings;
    const whole = await groupRankings(conn, leagueId, rest);
    if (rankings.size === 0) return whole;
    for (const [id, ranking] of whole) rankings.set(id, ranking);
    return rankings;
  }

  /** The statement of claimed groups under way beside the pass's (serveClaims), if any. */
  let serving: Promise<void> | null = null;
  /**
   * Computes the claimed groups (those whose league the pass has read) in statements of their own, one
   * league and up to `chunk` groups each, beside the pass's chunk on another connection, until no such
   * claim is left (claims of groups whose league is not read yet wait for the pass): reads waiting behind
   * a whole chunk (~0.5 s for 1,000 groups) got 50 groups a second fresh to 50 readers on a goal night,
   * while a statement of their 50 groups takes ~30 ms.
   */
  function serveClaims(): void {
    if (serving || stopped) return;
    serving = (async () => {
      while (!stopped) {
        let leagueId: string | undefined;
        const part: string[] = [];
        for (const id of claimed.keys()) {
          const league = leagueOf.get(id);
          if (!league || !ahead.has(id)) continue;
          leagueId ??= league;
          if (league === leagueId && part.length < chunk) part.push(id);
        }
        if (leagueId === undefined) return;
        const conn = db();
        const rankings = inBackground(() => rankingsOfPart(conn, leagueId, part));
        for (const id of part) {
          ahead.delete(id);
          const claim = claimed.get(id)!;
          claimed.delete(id);
          claim.resolve(rankingOf(rankings, conn, id));
        }
        await rankings.catch(() => undefined);
      }
    })().finally(() => { serving = null; });
  }

  /** Refreshes `groups`; returns those left for the next pass (a change came first). */
  async function pass(groups: string[]): Promise<string[]> {
    let since = cache.clock();
    const done = new Set<string>();
    let conn = db();
    // Claimable from the start; groups not found (deleted) leave once their leagues are read.
    ahead = new Set(groups);
    try {
      let unknown = groups.filter((id) => !leagueOf.has(id));
      // Bounded: past the bound every league is read again (clearing after building `unknown` lost the known).
      if (leagueOf.size + unknown.length > MAX_LEAGUES_KNOWN) {
        leagueOf.clear();
        unknown = groups;
      }
      if (unknown.length > 0) {
        const rows = rowsOf<{ id: string; league_id: string }>(await inBackground(() => conn.execute(sql`
          select id, league_id from groups where id = any(${arrayLiteral(unknown)}::uuid[])`)));
        const leagues = new Map<string, string>();
        for (const row of rows) {
          // One string per league, however many groups name it.
          const league = String(row.league_id);
          if (!leagues.has(league)) leagues.set(league, league);
          leagueOf.set(String(row.id).toLowerCase(), leagues.get(league)!);
        }
      }
      // Reads that claimed groups meanwhile are served beside the pass.
      if (claimed.size > 0) serveClaims();
      // A change heard while the leagues were read (another goal, say): nothing was computed yet,
      // so the pass is for it, on the connection a read would now use.
      if (!waiting && cache.clock() !== since) {
        since = cache.clock();
        conn = db();
      }
      const byLeague = new Map<string, string[]>();
      // In the order asked (most recently read first), per league.
      for (const id of groups) {
        const league = leagueOf.get(id);
        if (!league) continue;
        const ids = byLeague.get(league);
        if (ids) ids.push(id); else byLeague.set(league, [id]);
      }
      // Groups not found (deleted): out of the pass, their claims computed alone at once.
      const missing = groups.filter((id) => !leagueOf.has(id));
      for (const id of missing) ahead.delete(id);
      settleAlone(db(), missing);
      for (const [leagueId, ids] of byLeague) {
        let next = 0;
        while (true) {
          // Changed again: this chunk's values would be refused; it and the rest go to the next pass.
          if (stopped) return [];
          if (waiting || cache.clock() !== since) return [...byLeague.values()].flat().filter((id) => !done.has(id));
          const startedAt = Date.now();
          // The groups reads claimed first, then the pass's order; groups a read computed since the change
          // are left out. The other groups' reads share this statement.
          const part: string[] = [];
          for (const id of claimed.keys()) if (part.length < chunk && leagueOf.get(id) === leagueId && ahead.has(id)) part.push(id);
          while (part.length < chunk && next < ids.length) {
            const id = ids[next++]!;
            if (!ahead.has(id) || claimed.has(id)) continue;
            if (cache.current(id)) ahead.delete(id); else part.push(id);
          }
          if (part.length === 0) break;
          for (const id of part) ahead.delete(id);
          const rankings = inBackground(() => rankingsOfPart(conn, leagueId, part));
          for (const id of part) {
            const ranking = rankingOf(rankings, conn, id);
            // The cache hears it once kept; one it refused must not fail unheard.
            ranking.catch(() => undefined);
            const claim = claimed.get(id);
            if (claim) {
              claimed.delete(id);
              claim.resolve(ranking);
            } else cache.offer(id, ranking, since, startedAt);
          }
          await rankings;
          if (cache.clock() === since) for (const id of part) done.add(id);
        }
      }
    } finally {
      ahead = new Set();
      // Claims the pass did not reach (it stopped, or their groups' rows were gone) are computed alone.
      settleAlone(db(), [...claimed.keys()]);
    }
    return [];
  }

  async function run(): Promise<void> {
    while (pending.size > 0 && !stopped) {
      if (waiting) {
        for (const id of pending) noted.add(id);
        pending = new Set();
        return;
      }
      const groups = [...pending];
      pending = new Set();
      try {
        const left = await pass(groups);
        // What the change interrupted comes first, then what it added.
        if (left.length > 0) pending = new Set([...left, ...pending]);
      } catch (error) {
        options.onError?.(error);
      }
    }
  }

  /** Starts a run unless one is under way; a run that ends with groups pending (added as it ended) starts another. */
  function kick(): void {
    if (running || stopped || pending.size === 0) return;
    running = run().finally(() => {
      running = null;
      kick();
    });
  }

  return {
    claim(groupId) {
      const id = groupId.toLowerCase();
      if (stopped || waiting || !ahead.has(id)) return undefined;
      const existing = claimed.get(id);
      if (existing) return existing.promise;
      let resolve!: (ranking: Promise<GroupRanking>) => void;
      const promise = new Promise<GroupRanking>((done) => { resolve = done; });
      claimed.set(id, { promise, resolve });
      // After this turn's other claims, in one statement with them (a statement of claims ending meanwhile
      // has let go of `serving` by then).
      setImmediate(serveClaims);
      return promise;
    },
    changed(held, start = true) {
      if (stopped) return;
      if (!start) {
        waiting = true;
        // Bounded: the groups read lately are at most the cache's size; older notes go first.
        if (noted.size > 2 * held.length + 1_000) noted = new Set();
        for (const id of held) noted.add(id.toLowerCase());
        return;
      }
      waiting = false;
      for (const id of [...noted, ...held]) pending.add(id.toLowerCase());
      noted = new Set();
      if (pending.size >= min) kick();
    },
    async stop() {
      stopped = true;
      await running;
      await serving;
    },
    async idle() {
      await running;
      await serving;
    },
  };
}
