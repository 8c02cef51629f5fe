/**
 * Many groups' rankings in one statement equal each group's ranking computed alone (different scoring
 * rules, a match in play, a result queued for folding, folded, a season mark), and the refresher fills a
 * cache with them after a change of every ranking — never with a value a later change made old.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import type { Db } from '../../db/client';
import { groupMembers, groups, leagues, matches, predictions, teams, user } from '../../db/schema';
import { mulberry32 } from '../demo/seeded-random';
import { foldPending } from '../scoring/fold';
import { scoreMatches } from '../scoring/score-matches';
import { groupRanking, groupRankings, officialPartOf } from './ranking';
import type { GroupRanking } from './ranking';
import { createRankingCache, type RankingCache } from './ranking-cache';
import { startRankingRefresh, type RankingRefresh } from './ranking-refresh';

const MEMBERS = 9;
const RULES = [
  { scoringExact: 10, scoringGoalDifference: 5, scoringWinner: 3, scoringOpposite: -2 },
  { scoringExact: 3, scoringGoalDifference: 1, scoringWinner: 1, scoringOpposite: 0 },
  { scoringExact: 5, scoringGoalDifference: 3, scoringWinner: 2, scoringOpposite: -1 },
];

describe(`rankings of many groups in one statement (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();
  let db: Db;
  let league: string;
  let groupIds: string[];
  let byRound: string[][];

  beforeAll(async () => {
    db = testDatabase().db;
    const tag = Math.random().toString(36).slice(2, 8);
    const [row] = await db.insert(leagues).values({ name: `L ${tag}`, season: '1', kind: 'league', provider: 'test', externalId: tag }).returning();
    league = row!.id;
    const clubs = await db.insert(teams).values(Array.from({ length: 4 }, (_, i) => ({ name: `C${i} ${tag}` }))).returning();
    byRound = [];
    for (let round = 1; round <= 3; round++) {
      const inserted = await db.insert(matches).values([0, 1].map((i) => ({
        leagueId: league, externalId: `${round}-${i}`, roundName: `Matchday ${round}`, roundOrder: round, stage: 'league' as const,
        kickoff: new Date(Date.UTC(2020, 0, round * 7, 15 + i)), status: 'scheduled' as const, homeTeamId: clubs[i * 2]!.id, awayTeamId: clubs[i * 2 + 1]!.id,
      }))).returning();
      byRound.push(inserted.map((m) => m.id));
    }
    await db.insert(user).values(Array.from({ length: MEMBERS }, (_, i) => ({ id: `${tag}-${i}`, name: `M${i}`, email: `${tag}-${i}@example.com` })));
    await db.execute(sql`insert into profiles (user_id, username, full_name) select id, id, name from "user" where id like ${`${tag}-%`}`);
    groupIds = [];
    const random = mulberry32(11);
    for (const [g, rules] of RULES.entries()) {
      const [group] = await db.insert(groups).values({ name: `G${g}`, leagueId: league, color: 'sky', inviteCode: `R${g}${tag}`.toUpperCase(), ownerId: `${tag}-0`, ...rules }).returning();
      groupIds.push(group!.id);
      // Overlapping memberships: member i is in group g when (i + g) % 3 > 0.
      const members = Array.from({ length: MEMBERS }, (_, i) => `${tag}-${i}`).filter((_, i) => i === 0 || (i + g) % 3 > 0);
      await db.insert(groupMembers).values(members.map((userId) => ({ groupId: group!.id, userId })));
      await db.insert(predictions).values(byRound.flat().flatMap((matchId) => members.slice(1).map((userId) => ({
        groupId: group!.id, userId, matchId, homeGoals: Math.floor(random() * 3), awayGoals: Math.floor(random() * 3),
      }))));
    }
  });

  async function expectSameAsAlone(context: string) {
    const together = await groupRankings(db, league, groupIds);
    for (const id of groupIds) expect(together.get(id), `${context}: group ${id}`).toEqual(await groupRanking(db, id));
  }

  async function finish(round: number, scores: [number, number][], syncLimit?: number) {
    for (const [i, id] of byRound[round - 1]!.entries()) {
      await db.update(matches).set({ status: 'finished', homeGoals: scores[i]![0], awayGoals: scores[i]![1] }).where(eq(matches.id, id));
    }
    await scoreMatches(db, byRound[round - 1]!, syncLimit === undefined ? {} : { syncLimit });
  }

  it('computes each group as it is computed alone, through every state of a season', async () => {
    await expectSameAsAlone('nothing played');
    await finish(1, [[1, 0], [2, 2]]);
    await expectSameAsAlone('round 1 folded');
    await finish(2, [[0, 1], [1, 1]], 0);
    await expectSameAsAlone('round 2 queued');
    await foldPending(db); // folds, and moves the season mark to round 1
    await expectSameAsAlone('round 2 folded, season mark');
    await db.update(matches).set({ status: 'live', homeGoals: 2, awayGoals: 0 }).where(eq(matches.id, byRound[2]![0]!));
    const live = await groupRankings(db, league, groupIds);
    expect([...live.values()].every((ranking) => ranking.liveMatches === 1)).toBe(true);
    await expectSameAsAlone('a match in play');
    // In play, movement is the places gained since the official ranking (the same without the match in
    // play), with the latest finished round after the season mark (joined as it is) counted in both.
    const provisional = await groupRankings(db, league, groupIds);
    await db.update(matches).set({ status: 'scheduled', homeGoals: null, awayGoals: null }).where(eq(matches.id, byRound[2]![0]!));
    const official = await groupRankings(db, league, groupIds);
    await db.update(matches).set({ status: 'live', homeGoals: 2, awayGoals: 0 }).where(eq(matches.id, byRound[2]![0]!));
    let moved = 0;
    for (const id of groupIds) {
      const officialRank = new Map(official.get(id)!.rows.map((row) => [row.userId, row.rank]));
      for (const row of provisional.get(id)!.rows) {
        expect(row.movement, `${id} ${row.userId}`).toBe(officialRank.get(row.userId)! - row.rank);
        if (row.movement !== 0) moved++;
      }
    }
    expect(moved).toBeGreaterThan(0);
    expect((await groupRankings(db, league, [groupIds[0]!])).size).toBe(1);
    expect((await groupRankings(db, league, [])).size).toBe(0);
  });

  it('fills the cache after a change of every ranking, unless a later change made the values old', async () => {
    const cache = createRankingCache({ ttlMs: 60_000 });
    for (const id of groupIds) await cache.get(db, id);
    const refresh = startRankingRefresh(() => db, cache, { chunk: 2 });
    /** Every group's cached ranking equals the group computed alone now. */
    const expectRefreshed = async (label: string) => {
      for (const id of groupIds) expect(await cache.peek(id), `${label} ${id}`).toEqual(await groupRanking(db, id));
    };
    /** No group has a cached ranking. */
    const expectNoneCached = () => expect(groupIds.map((id) => cache.peek(id))).toEqual(groupIds.map(() => undefined));
    /** The signal after a commit (every ranking changed, nothing new held), and the pass it lets run. */
    const afterCommit = async () => {
      cache.invalidate();
      refresh.changed([]);
      await refresh.idle();
    };
    try {
      // A result changes every ranking: the held groups are computed again, two per statement.
      await finish(3, [[3, 1], [0, 0]]);
      let held = cache.held();
      expect(held).toHaveLength(groupIds.length);
      cache.invalidate();
      refresh.changed(held);
      await refresh.idle();
      for (const id of groupIds) {
        const value = cache.peek(id);
        expect(value, `refreshed ${id}`).toBeDefined();
        expect(await value, `refreshed ${id}`).toEqual(await groupRanking(db, id));
      }
      // A change while the refresh runs: it starts over from that change, with what it had left.
      held = cache.held();
      cache.invalidate();
      refresh.changed(held);
      cache.invalidate();
      await refresh.idle();
      await expectRefreshed('after two changes');
      // A signal sent before its change committed only notes the groups; the one after the commit refreshes them.
      held = cache.held();
      cache.invalidate();
      refresh.changed(held, false);
      await refresh.idle();
      expectNoneCached();
      await afterCommit();
      await expectRefreshed('after the commit');
      // A signal sent before its commit while a pass runs holds the pass back until the signal after it.
      held = cache.held();
      cache.invalidate();
      refresh.changed(held);
      cache.invalidate();
      refresh.changed(held, false);
      await refresh.idle();
      expectNoneCached();
      await afterCommit();
      await expectRefreshed('after the held-back pass');
      // A value computed before a change is refused.
      const before = cache.clock();
      const stale = await groupRanking(db, groupIds[0]!);
      cache.invalidate();
      cache.offer(groupIds[0]!, stale, before, Date.now());
      expect(cache.peek(groupIds[0]!)).toBeUndefined();
      cache.offer(groupIds[0]!, stale, cache.clock(), Date.now());
      expect(await cache.peek(groupIds[0]!)).toBe(stale);
    } finally {
      await refresh.stop();
    }
  });

  /**
   * A cache and a refresher of `chunk` groups per statement as app.ts wires them: a read that misses claims
   * the group from a pass, else computes it alone (counted in `counts.alone`).
   */
  function claimingRefresh(chunk: number) {
    const counts = { alone: 0 };
    const cache = createRankingCache({
      ttlMs: 60_000,
      load: (conn, id) => refresh.claim(id) ?? (counts.alone++, groupRanking(conn, id)),
    });
    const refresh = startRankingRefresh(() => db, cache, { chunk });
    return { cache, refresh, counts };
  }

  /** A new result of the second round's second match, scored and signalled after its commit; returns the groups held. */
  async function changeEveryRanking(cache: RankingCache, refresh: RankingRefresh, homeGoals: number, awayGoals: number) {
    await db.update(matches).set({ homeGoals, awayGoals }).where(eq(matches.id, byRound[2]![1]!));
    await scoreMatches(db, [byRound[2]![1]!]);
    const held = cache.held();
    cache.invalidate();
    refresh.changed(held);
    return held;
  }

  it('lets a read of a group the pass has yet to reach join its next statement instead of computing alone', async () => {
    const { cache, refresh, counts } = claimingRefresh(1);
    try {
      for (const id of groupIds) await cache.get(db, id);
      expect(counts.alone).toBe(groupIds.length);
      counts.alone = 0;
      const held = await changeEveryRanking(cache, refresh, 4, 4);
      // The group the pass would reach last (read first), read at once: it joins the first statement.
      const last = held.at(-1)!;
      expect(refresh.claim(last)).toBeDefined();
      const read = await cache.get(db, last);
      expect(read).toEqual(await groupRanking(db, last));
      expect(read.rows.some((row) => row.points !== 0)).toBe(true);
      await refresh.idle();
      expect(counts.alone).toBe(0);
      for (const id of groupIds) expect(await cache.peek(id), `refreshed ${id}`).toEqual(await groupRanking(db, id));
      // No pass under way: nothing to join, the read computes.
      expect(refresh.claim(groupIds[0]!)).toBeUndefined();
      cache.invalidate(groupIds[0]);
      await cache.get(db, groupIds[0]!);
      expect(counts.alone).toBe(1);
    } finally {
      await refresh.stop();
    }
  });

  it("serves reads that claimed groups from statements of their own beside the pass's chunk, each as computed alone", async () => {
    // One chunk would hold every group: the claims are computed in their own statement (ranking-refresh.ts serveClaims).
    const { cache, refresh, counts } = claimingRefresh(1_000);
    try {
      for (const id of groupIds) await cache.get(db, id);
      counts.alone = 0;
      const held = await changeEveryRanking(cache, refresh, 0, 3);
      // Two reads at once, while the pass reads the groups' leagues: both claim, one statement answers them.
      const [a, b] = [held.at(-1)!, held.at(-2)!];
      const reads = await Promise.all([cache.get(db, a), cache.get(db, b)]);
      expect(reads).toEqual([await groupRanking(db, a), await groupRanking(db, b)]);
      await refresh.idle();
      expect(counts.alone).toBe(0);
      for (const id of groupIds) expect(await cache.peek(id), `refreshed ${id}`).toEqual(await groupRanking(db, id));
    } finally {
      await refresh.stop();
    }
  });

  it('ranks a change of live scores alone from the rankings cached and the matches in play, as the whole statement does', async () => {
    const { cache, refresh, counts } = claimingRefresh(2);
    const inPlay = byRound[2]![0]!;
    const score = async (home: number, away: number) => {
      await db.update(matches).set({ status: 'live', homeGoals: home, awayGoals: away }).where(eq(matches.id, inPlay));
      await scoreMatches(db, [inPlay]);
    };
    /** Signals a change of `kind` after its commit, lets the pass run, and returns each group's value then. */
    const refreshed = async (kind: 'live' | 'all') => {
      const held = cache.held();
      cache.invalidate(undefined, kind);
      refresh.changed(held);
      await refresh.idle();
      const values = new Map<string, GroupRanking>();
      for (const id of groupIds) {
        const value = await cache.peek(id);
        expect(value, `${kind}: ${id} refreshed`).toBeDefined();
        expect(value, `${kind}: ${id}`).toEqual(await groupRanking(db, id));
        values.set(id, value!);
      }
      return values;
    };
    /** Each group's official part (the statement's rows it was ranked from). */
    const partsOf = (values: Map<string, GroupRanking>) => new Map([...values].map(([id, value]) => [id, officialPartOf(value)]));
    try {
      await score(0, 0);
      for (const id of groupIds) await cache.get(db, id);
      counts.alone = 0;
      const parts = partsOf(new Map(groupIds.map((id) => [id, cache.base(id)!])));
      for (const part of parts.values()) expect(part).toBeDefined();
      const points = new Set<string>();
      for (const [home, away] of [[1, 0], [1, 1], [2, 1]] as const) {
        await score(home, away);
        const values = await refreshed('live');
        // Ranked from the bases: the same official parts, the matches in play's part new.
        for (const id of groupIds) expect(officialPartOf(values.get(id)!), `${home}-${away}: ${id}`).toBe(parts.get(id));
        points.add(JSON.stringify([...values.values()].map((value) => value.rows.map((row) => row.points))));
      }
      expect(points.size).toBeGreaterThan(1); // the scores moved the rankings compared
      // A change of anything else: every group computed whole.
      await score(2, 2);
      const whole = partsOf(await refreshed('all'));
      for (const id of groupIds) expect(whole.get(id)).not.toBe(parts.get(id));
      // A group's own change between two goals: that group whole, the others from their bases.
      cache.invalidate(groupIds[0]);
      await score(3, 2);
      const after = partsOf(await refreshed('live'));
      expect(after.get(groupIds[0]!)).not.toBe(whole.get(groupIds[0]!));
      for (const id of groupIds.slice(1)) expect(after.get(id)).toBe(whole.get(id));
      expect(counts.alone).toBe(0);
    } finally {
      await refresh.stop();
    }
  });
});
