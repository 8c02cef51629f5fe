/**
 * Scoring with each group's rules, folded into member_round_totals: rankings count a result at once (before
 * folding, on read) and after folding in batches, always equal to an independent computation with the
 * domain functions; corrections, postponements and reopening never double count; the consistency check
 * is run after every path.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { countedScore, scorePrediction, type KnockoutBasis, type OutcomePoints } from '../../../domain/scoring';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { groupMembers, groups, leagues, matches, predictions, scoringQueue, teams, user } from '../../db/schema';
import { groupRanking } from '../groups/ranking';
import { rebuildTotals, roundTotalsMismatches, totalsMismatches } from './consistency';
import { scoredPredictions } from './scored-predictions';
import { EMBEDDED_IDLE_BATCH, EMBEDDED_QUIET_MS, foldMatch, foldPaceFor, foldPending, foldStep, lockMatchForFolding } from './fold';
import { savePredictions } from '../predictions/save-predictions';
import { removeMember } from '../groups/administration';
import { getScoringRules } from '../groups/scoring-rules';
import { scoreMatches } from './score-matches';
import { mulberry32 } from '../demo/seeded-random';

interface Rules extends OutcomePoints { knockoutBasis: KnockoutBasis }
const RULES: Record<string, Rules> = {
  palpite: { exact: 10, goalDifference: 5, winner: 3, opposite: -2, knockoutBasis: 'full_time' },
  classic: { exact: 3, goalDifference: 1, winner: 1, opposite: 0, knockoutBasis: 'full_time' },
  extraTime: { exact: 4, goalDifference: 3, winner: 2, opposite: -1, knockoutBasis: 'extra_time' },
};
const MEMBERS = 12;

describe(`scoring with group rules, folded into totals (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();
  let db: Db;
  let groupIds: Record<string, string>;
  let final: string;
  let league: string;

  beforeEach(async () => {
    db = testDatabase().db;
    const tag = Math.random().toString(36).slice(2, 8);
    const [row] = await db.insert(leagues).values({ name: `Cup ${tag}`, season: '1', kind: 'tournament', provider: 'test', externalId: tag }).returning();
    league = row!.id;
    const [home, away] = await db.insert(teams).values([{ name: `Home ${tag}` }, { name: `Away ${tag}` }]).returning();
    const [match] = await db.insert(matches).values({
      leagueId: league, externalId: 'final', roundName: 'Final', roundOrder: 1, stage: 'knockout',
      kickoff: new Date('2020-01-01T00:00:00Z'), status: 'scheduled', homeTeamId: home!.id, awayTeamId: away!.id,
    }).returning();
    final = match!.id;
    await db.insert(user).values(Array.from({ length: MEMBERS }, (_, i) => ({ id: `${tag}-${i}`, name: `M${i}`, email: `${tag}-${i}@example.com` })));
    await db.execute(sql`insert into profiles (user_id, username, full_name) select id, id, name from "user" where id like ${`${tag}-%`}`);
    groupIds = {};
    const random = mulberry32(42);
    for (const [name, rules] of Object.entries(RULES)) {
      const [group] = await db.insert(groups).values({
        name, leagueId: league, color: 'sky', inviteCode: `${tag}${name}`.slice(0, 8).toUpperCase() + Math.random().toString(36).slice(2, 6), ownerId: `${tag}-0`,
        scoringExact: rules.exact, scoringGoalDifference: rules.goalDifference, scoringWinner: rules.winner, scoringOpposite: rules.opposite, knockoutBasis: rules.knockoutBasis,
      }).returning();
      groupIds[name] = group!.id;
      await db.insert(groupMembers).values(Array.from({ length: MEMBERS }, (_, i) => ({ groupId: group!.id, userId: `${tag}-${i}` })));
      // Member 0 never predicts; the others pick scores from 0-0 to 3-3.
      await db.insert(predictions).values(Array.from({ length: MEMBERS - 1 }, (_, i) => ({
        groupId: group!.id, userId: `${tag}-${i + 1}`, matchId: final, homeGoals: Math.floor(random() * 4), awayGoals: Math.floor(random() * 4),
      })));
    }
  });

  /** The ranking's (user → points, counts) as the domain computes it from the raw predictions. */
  async function expected(groupName: string, result: { home: number; away: number; homeExtraTime?: number; awayExtraTime?: number } | null) {
    const rules = RULES[groupName]!;
    const rows = await db.select().from(predictions).where(eq(predictions.groupId, groupIds[groupName]!));
    const totals = new Map<string, { points: number; exact: number; goalDifference: number; winner: number; opposite: number }>();
    for (const p of rows) {
      const t = { points: 0, exact: 0, goalDifference: 0, winner: 0, opposite: 0 };
      if (result) {
        const scored = scorePrediction({ home: p.homeGoals, away: p.awayGoals }, countedScore({ stage: 'knockout', ...result }, rules.knockoutBasis), rules);
        t.points = scored.points;
        if (scored.outcome === 'exact') t.exact = 1;
        if (scored.outcome === 'goal_difference') t.goalDifference = 1;
        if (scored.outcome === 'winner') t.winner = 1;
        if (scored.outcome === 'opposite') t.opposite = 1;
      }
      totals.set(p.userId, t);
    }
    return totals;
  }

  async function expectRankingsToMatch(result: Parameters<typeof expected>[1]) {
    for (const name of Object.keys(RULES)) {
      const want = await expected(name, result);
      const ranking = (await groupRanking(db, groupIds[name]!)).rows;
      expect(ranking).toHaveLength(MEMBERS);
      for (const row of ranking) {
        const w = want.get(row.userId) ?? { points: 0, exact: 0, goalDifference: 0, winner: 0, opposite: 0 };
        expect({ name, user: row.userId, points: row.points, exact: row.exact, goalDifference: row.goalDifference, winner: row.winner, opposite: row.opposite })
          .toEqual({ name, user: row.userId, ...w });
      }
    }
  }

  const setResult = (values: Partial<typeof matches.$inferInsert>) => db.update(matches).set(values).where(eq(matches.id, final));

  it('counts a result at once on read, then folds it in batches to the same totals', async () => {
    const result = { home: 2, away: 2, homeExtraTime: 3, awayExtraTime: 3 };
    await setResult({ status: 'finished', homeGoals: 2, awayGoals: 2, homeGoalsExtraTime: 3, awayGoalsExtraTime: 3 });
    expect(await scoreMatches(db, [final], { syncLimit: 0 })).toBe(0); // left to the background
    expect(await db.select().from(scoringQueue)).toHaveLength(1);
    await expectRankingsToMatch(result); // already exact, from the pending predictions

    expect(await foldMatch(db, final, 7)).toBe(3 * (MEMBERS - 1));
    expect(await db.select().from(scoringQueue)).toHaveLength(0);
    await expectRankingsToMatch(result);
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);
    // A second run changes nothing.
    expect(await foldPending(db, 7)).toBe(0);
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);
  });

  /**
   * Puts the match back in play at 2–0 with full time (partly or wholly) folded: it must stay queued, its
   * rankings count the live score, and the folder takes full time's points out to consistent totals.
   */
  async function expectTakenBackToLiveStaysQueued() {
    await setResult({ status: 'live', homeGoals: 2, awayGoals: 0 });
    expect(await scoreMatches(db, [final], { syncLimit: 0 })).toBe(0);
    expect(await db.select().from(scoringQueue)).toHaveLength(1);
    await expectRankingsToMatch({ home: 2, away: 0 });
    await foldMatch(db, final, 7);
    expect(await db.select().from(scoringQueue)).toHaveLength(0);
    await expectRankingsToMatch({ home: 2, away: 0 });
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);
  }

  it('leaves a live score off the queue at once however many predictions the match has, and queues the full-time result', async () => {
    await setResult({ status: 'live', homeGoals: 0, awayGoals: 0 });
    expect(await scoreMatches(db, [final], { syncLimit: 0 })).toBe(0);
    // Nothing to fold between two results that give no outcome: no pass left for the folder.
    expect(await db.select().from(scoringQueue)).toHaveLength(0);
    await setResult({ homeGoals: 1 });
    expect(await scoreMatches(db, [final], { syncLimit: 0 })).toBe(0);
    expect(await db.select().from(scoringQueue)).toHaveLength(0);
    // Provisional: the live score counts as if the match ended now.
    await expectRankingsToMatch({ home: 1, away: 0 });
    expect(await totalsMismatches(db)).toEqual([]);
    // Full time gives outcomes: too many predictions for the transaction, the folder takes them.
    await setResult({ status: 'finished', homeGoals: 1, awayGoals: 0 });
    expect(await scoreMatches(db, [final], { syncLimit: 0 })).toBe(0);
    expect(await db.select().from(scoringQueue)).toHaveLength(1);
    await expectRankingsToMatch({ home: 1, away: 0 });
    expect(await foldMatch(db, final, 7)).toBe(3 * (MEMBERS - 1));
    await expectRankingsToMatch({ home: 1, away: 0 });
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);
    // Back in play (a result taken back): the folded full time must come out, so the match stays queued.
    await expectTakenBackToLiveStaysQueued();
  });

  it('keeps a match queued when a full time partly folded is taken back to live, and folds its points out', async () => {
    await setResult({ status: 'finished', homeGoals: 1, awayGoals: 0 });
    expect(await scoreMatches(db, [final], { syncLimit: 0 })).toBe(0);
    // One batch of the pass under way: some of full time's points are in the totals.
    const step = await db.transaction(async (tx) => {
      await lockMatchForFolding(tx, final);
      return foldStep(tx, final, 7);
    });
    expect(step).toEqual({ folded: 7, done: false });
    // Back in play: nothing scores at the new result, but the pass's folded points must come out.
    await expectTakenBackToLiveStaysQueued();
  });

  it('asks its pace before each batch and lets timers and requests run between batches', async () => {
    await setResult({ status: 'finished', homeGoals: 1, awayGoals: 0 });
    expect(await scoreMatches(db, [final], { syncLimit: 0 })).toBe(0);
    const sizes = [4, 9, 2];
    const asked: number[] = [];
    const pace = () => {
      const size = sizes[asked.length % sizes.length]!;
      asked.push(size);
      return size;
    };
    // A timer due at once: on the embedded database, back-to-back statements never left the thread, and
    // it fired only after the whole match was folded.
    let ticks = 0;
    let ticksBeforeLastBatch = -1;
    const timer = setInterval(() => ticks++, 0);
    const counting = () => {
      const size = pace();
      ticksBeforeLastBatch = ticks;
      return size;
    };
    try {
      expect(await foldMatch(db, final, counting)).toBe(3 * (MEMBERS - 1));
    } finally {
      clearInterval(timer);
    }
    // 33 predictions at 4, 9, 2, 4, 9, 2 … a batch: 33 = 4 + 9 + 2 + 4 + 9 + 2 + 3 (the last one short).
    expect(asked).toEqual([4, 9, 2, 4, 9, 2, 4]);
    expect(ticksBeforeLastBatch).toBeGreaterThan(0);
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);
  });

  it.runIf(TEST_DB_KIND === 'pglite')('on the embedded database, takes large batches when only the folder uses it (its own work is not a request’s)', async () => {
    await setResult({ status: 'finished', homeGoals: 0, awayGoals: 0 });
    expect(await scoreMatches(db, [final], { syncLimit: 0 })).toBe(0);
    const pace = foldPaceFor('pglite', db) as () => number;
    // Time moves a quiet period on from every reading: the setup's statements are long past.
    let shift = 0;
    const realNow = performance.now.bind(performance);
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => realNow() + shift);
    const asked: number[] = [];
    try {
      shift = 10 * EMBEDDED_QUIET_MS;
      expect(await foldPending(db, () => {
        const size = pace();
        asked.push(size);
        return Math.min(size, 5); // small enough for several batches of the 33 predictions
      })).toBe(3 * (MEMBERS - 1));
    } finally {
      clock.mockRestore();
    }
    // Every batch found the database idle: the batches before it ran in the background.
    expect(asked.length).toBeGreaterThan(3);
    expect(new Set(asked)).toEqual(new Set([EMBEDDED_IDLE_BATCH]));
    expect(await totalsMismatches(db)).toEqual([]);
  });

  it('scores small matches at once and keeps totals exact through a correction, a postponement and a reopening', async () => {
    await setResult({ status: 'finished', homeGoals: 1, awayGoals: 0 });
    expect(await scoreMatches(db, [final])).toBe(3 * (MEMBERS - 1));
    await expectRankingsToMatch({ home: 1, away: 0 });

    await setResult({ homeGoals: 0, awayGoals: 2 }); // the score is corrected
    await scoreMatches(db, [final], { syncLimit: 0 });
    await expectRankingsToMatch({ home: 0, away: 2 }); // on read, before folding
    await foldPending(db, 5);
    await expectRankingsToMatch({ home: 0, away: 2 });
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);

    await setResult({ status: 'postponed', homeGoals: null, awayGoals: null }); // voided: points returned
    await scoreMatches(db, [final]);
    await expectRankingsToMatch(null);
    const voided = await scoredPredictions(db, { matchId: final });
    expect(new Set(voided.map((p) => p.outcome))).toEqual(new Set(['void']));
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);

    await setResult({ status: 'scheduled', kickoff: new Date(Date.now() + 86_400_000) }); // a new kickoff: reopened
    await scoreMatches(db, [final]);
    const reopened = await scoredPredictions(db, { matchId: final });
    expect(reopened).toHaveLength(3 * (MEMBERS - 1)); // earlier predictions stand
    expect(reopened.every((p) => p.outcome === null && p.points === null)).toBe(true);
    await expectRankingsToMatch(null);
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);
  });

  it('never counts a prediction twice when two folders run at once or a result changes between runs', async () => {
    await setResult({ status: 'finished', homeGoals: 3, awayGoals: 1 });
    await scoreMatches(db, [final], { syncLimit: 0 });
    await Promise.all([foldMatch(db, final, 4), foldMatch(db, final, 3), foldPending(db, 5)]);
    await expectRankingsToMatch({ home: 3, away: 1 });
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);

    await setResult({ homeGoals: 1, awayGoals: 1 });
    await scoreMatches(db, [final], { syncLimit: 0 });
    await setResult({ homeGoals: 2, awayGoals: 1 });
    await scoreMatches(db, [final], { syncLimit: 0 });
    // Queued from the version the totals hold (1); the next pass goes straight to the latest (3).
    const queue = rowsOf<{ from_version: number; to_version: number | null }>(await db.execute(sql`
      select from_version, to_version from scoring_queue where match_id = ${final}::uuid`));
    expect(queue).toEqual([{ from_version: 1, to_version: null }]);
    await expectRankingsToMatch({ home: 2, away: 1 });
    await foldPending(db);
    await expectRankingsToMatch({ home: 2, away: 1 });
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);
  });

  it('keeps rankings exact when a result changes in the middle of a pass', async () => {
    const step = () => db.transaction(async (tx) => {
      await lockMatchForFolding(tx, final);
      return foldStep(tx, final, 4);
    });
    const checks = async () => {
      expect(await roundTotalsMismatches(db)).toEqual([]);
      expect(await totalsMismatches(db)).toEqual([]);
    };
    await setResult({ status: 'finished', homeGoals: 1, awayGoals: 0 });
    await scoreMatches(db, [final], { syncLimit: 0 });
    expect(await step()).toEqual({ folded: 4, done: false });
    expect(await step()).toEqual({ folded: 4, done: false }); // 8 of 33 folded at 1-0, the rest still unscored
    await expectRankingsToMatch({ home: 1, away: 0 });
    await checks();

    await setResult({ homeGoals: 0, awayGoals: 0 }); // corrected while the pass is under way
    await scoreMatches(db, [final], { syncLimit: 0 });
    await expectRankingsToMatch({ home: 0, away: 0 });
    await checks();
    expect(await step()).toEqual({ folded: 4, done: false }); // the pass toward 1-0 goes on
    await expectRankingsToMatch({ home: 0, away: 0 });
    await checks();

    await setResult({ homeGoals: 2, awayGoals: 2 }); // again; this time small enough to fold at once
    expect(await scoreMatches(db, [final])).toBe(3 * (MEMBERS - 1) - 12 + 3 * (MEMBERS - 1));
    expect(await db.select().from(scoringQueue)).toHaveLength(0);
    await expectRankingsToMatch({ home: 2, away: 2 });
    await checks();
    // Only the current result's snapshot is kept once nothing is queued.
    const versions = rowsOf<{ version: number }>(await db.execute(sql`select version from scoring_results where match_id = ${final}::uuid`));
    expect(versions).toEqual([{ version: 3 }]);
  });

  it('takes no prediction for a reopened match until its old result is folded out', async () => {
    await setResult({ status: 'finished', homeGoals: 1, awayGoals: 0 });
    await scoreMatches(db, [final]);
    await setResult({ status: 'scheduled', homeGoals: null, awayGoals: null, kickoff: new Date(Date.now() + 86_400_000) });
    await scoreMatches(db, [final], { syncLimit: 0 }); // the old result is still in the totals
    const member = { userId: rowsOf<{ user_id: string }>(await db.execute(sql`
      select min(user_id) as user_id from predictions where group_id = ${groupIds.palpite!}::uuid`))[0]!.user_id };
    const save = () => savePredictions(db, member, groupIds.palpite!, [{ matchId: final, homeGoals: 1, awayGoals: 0 }], {}, new Date());
    const refused = await save();
    expect(refused.results[0]).toMatchObject({ status: 'rejected', error: { id: 'prediction_closed' } });
    await foldPending(db);
    expect((await save()).results[0]).toMatchObject({ status: 'saved' });
    await expectRankingsToMatch(null);
    expect(await totalsMismatches(db)).toEqual([]);
    expect(await roundTotalsMismatches(db)).toEqual([]);
  });

  it.runIf(TEST_DB_KIND === 'postgres')('makes a member’s removal wait for a fold batch under way, so no totals outlive them', async () => {
    const group = groupIds.palpite!;
    const [victim, admin] = rowsOf<{ user_id: string }>(await db.execute(sql`
      select user_id from predictions where group_id = ${group}::uuid order by user_id limit 2`)).map((r) => r.user_id);
    await db.execute(sql`update group_members set role = 'admin' where group_id = ${group}::uuid and user_id = ${admin!}`);
    const viewer = { userId: admin!, email: `${admin}@example.com`, username: admin!, fullName: 'A', role: 'Regular User' as const, language: null, avatarUrl: '', emailVerified: true };
    await setResult({ status: 'finished', homeGoals: 1, awayGoals: 0 });
    await scoreMatches(db, [final], { syncLimit: 0 });
    let releaseFold: (() => void) | undefined;
    const folding = db.transaction(async (tx) => {
      await lockMatchForFolding(tx, final);
      const step = await foldStep(tx, final, 1_000); // has read (and counted) the victim's prediction
      await new Promise<void>((resolve) => { releaseFold = resolve; });
      return step;
    });
    await vi.waitFor(() => expect(releaseFold).toBeDefined());
    let removed = false;
    const removal = removeMember(db, viewer, group, victim!).then(() => { removed = true; });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(removed).toBe(false); // waits for the batch's transaction
    releaseFold!();
    expect((await folding).done).toBe(true);
    await removal;
    const left = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from member_round_totals where group_id = ${group}::uuid and user_id = ${victim!}`));
    expect(left[0]!.n).toBe(0);
    expect(await roundTotalsMismatches(db)).toEqual([]);
    expect(await totalsMismatches(db)).toEqual([]);
  });

  it('keeps a group’s scoring rules fixed while one of its predicted matches is still being folded', async () => {
    const group = groupIds.palpite!;
    const [member] = rowsOf<{ user_id: string }>(await db.execute(sql`select min(user_id) as user_id from predictions where group_id = ${group}::uuid`));
    const viewer = { userId: member!.user_id, email: 'm@example.com', username: 'm', fullName: 'M', role: 'Regular User' as const, language: null, avatarUrl: '', emailVerified: true };
    await setResult({ status: 'finished', homeGoals: 1, awayGoals: 0 });
    await scoreMatches(db, [final]);
    await setResult({ status: 'scheduled', homeGoals: null, awayGoals: null, kickoff: new Date(Date.now() + 86_400_000) });
    await scoreMatches(db, [final], { syncLimit: 0 }); // reopened; the old result still in the totals
    expect((await getScoringRules(db, viewer, group, new Date())).editable).toBe(false);
    await foldPending(db);
    expect((await getScoringRules(db, viewer, group, new Date())).editable).toBe(true);
  });

  it('reports a member whose totals drifted', async () => {
    await setResult({ status: 'finished', homeGoals: 1, awayGoals: 0 });
    await scoreMatches(db, [final]);
    await db.execute(sql`update member_round_totals set points = points + 1 where group_id = ${groupIds.palpite!}::uuid and user_id = (select min(user_id) from member_round_totals where group_id = ${groupIds.palpite!}::uuid)`);
    const drift = await totalsMismatches(db);
    expect(drift).toHaveLength(1);
    expect(drift[0]!.stored.points - drift[0]!.recomputed.points).toBe(1);
    expect(await roundTotalsMismatches(db, groupIds.palpite)).toHaveLength(1);
    expect(await totalsMismatches(db, groupIds.classic)).toEqual([]);
    // The repair rewrites the group's totals from its predictions.
    await rebuildTotals(db, groupIds.palpite);
    expect(await totalsMismatches(db, groupIds.palpite)).toEqual([]);
    expect(await roundTotalsMismatches(db, groupIds.palpite)).toEqual([]);
    await db.execute(sql`update member_round_totals set exact = exact + 1 where group_id = ${groupIds.classic!}::uuid and user_id = (select min(user_id) from member_round_totals where group_id = ${groupIds.classic!}::uuid)`);
    expect(await roundTotalsMismatches(db, groupIds.classic)).toHaveLength(1);
    expect(await roundTotalsMismatches(db, groupIds.palpite)).toEqual([]);
  });
});
