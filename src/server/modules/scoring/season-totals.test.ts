/**
 * Season rows (member_season_totals) stay equal to the member's rounds up to the league's mark whoever
 * writes the round totals — a correction folded into a round under the mark, a member removed, a reset,
 * a group deleted, a rebuild — and rankings read through them exactly as from every round, including
 * while the latest finished round is under the mark (a result taken back before the mark moves back).
 * On PostgreSQL, a write racing a mark's move is counted once either way round.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { groupMembers, groups, leagues, matches, predictions, teams, user } from '../../db/schema';
import type { Viewer } from '../../auth/viewer';
import { deleteGroup, removeMember, resetPredictions } from '../groups/administration';
import { groupRanking } from '../groups/ranking';
import { mulberry32 } from '../demo/seeded-random';
import { rebuildTotals, roundTotalsMismatches, totalsMismatches } from './consistency';
import { foldPending } from './fold';
import { scoreMatches } from './score-matches';
import { advanceSeasonMarks, moveSeasonMark, seasonTotalsMismatches } from './season-totals';

const MEMBERS = 8;
const ROUNDS = 4;

describe(`season totals (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();
  let db: Db;
  let league: string;
  let group: string;
  let tag: string;
  /** Match ids by round (1-based round_order), two per round. */
  let byRound: string[][];
  let owner: Viewer;

  beforeEach(async () => {
    db = testDatabase().db;
    tag = Math.random().toString(36).slice(2, 8);
    const [row] = await db.insert(leagues).values({ name: `League ${tag}`, season: '1', kind: 'league', provider: 'test', externalId: tag }).returning();
    league = row!.id;
    const clubs = await db.insert(teams).values(Array.from({ length: 4 }, (_, i) => ({ name: `Club ${i} ${tag}` }))).returning();
    byRound = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const inserted = await db.insert(matches).values([0, 1].map((i) => ({
        leagueId: league, externalId: `${round}-${i}`, roundName: `Matchday ${round}`, roundOrder: round, stage: 'league' as const,
        kickoff: new Date(Date.UTC(2020, 0, round * 7, 15 + i)), status: 'scheduled' as const,
        homeTeamId: clubs[i * 2]!.id, awayTeamId: clubs[i * 2 + 1]!.id,
      }))).returning();
      byRound.push(inserted.map((m) => m.id));
    }
    await db.insert(user).values(Array.from({ length: MEMBERS }, (_, i) => ({ id: `${tag}-${i}`, name: `M${i}`, email: `${tag}-${i}@example.com`, emailVerified: true })));
    await db.execute(sql`insert into profiles (user_id, username, full_name) select id, id, name from "user" where id like ${`${tag}-%`}`);
    const [made] = await db.insert(groups).values({ name: `Group ${tag}`, leagueId: league, color: 'sky', inviteCode: `S${tag}`.toUpperCase(), ownerId: `${tag}-0` }).returning();
    group = made!.id;
    await db.insert(groupMembers).values(Array.from({ length: MEMBERS }, (_, i) => ({ groupId: group, userId: `${tag}-${i}`, role: i === 0 ? 'owner' as const : 'member' as const })));
    const random = mulberry32(7);
    await db.insert(predictions).values(byRound.flat().flatMap((matchId) => Array.from({ length: MEMBERS }, (_, i) => ({
      groupId: group, userId: `${tag}-${i}`, matchId, homeGoals: Math.floor(random() * 3), awayGoals: Math.floor(random() * 3),
    }))));
    owner = { userId: `${tag}-0`, email: `${tag}-0@example.com`, username: `${tag}-0`, fullName: 'M0', role: 'Regular User', language: null, avatarUrl: '', emailVerified: true };
  });

  /** Finishes the round's first `scores.length` matches with those scores and scores them. */
  async function finish(round: number, scores: [number, number][]) {
    const ids = byRound[round - 1]!.slice(0, scores.length);
    for (const [i, id] of ids.entries()) {
      await db.update(matches).set({ status: 'finished', homeGoals: scores[i]![0], awayGoals: scores[i]![1] }).where(eq(matches.id, id));
    }
    await scoreMatches(db, ids);
  }

  async function mark(): Promise<number | null> {
    const [row] = rowsOf<{ through_round: number }>(await db.execute(sql`select through_round from season_total_marks where league_id = ${league}::uuid`));
    return row ? Number(row.through_round) : null;
  }

  async function seasonRows(): Promise<number> {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from member_season_totals where group_id = ${group}::uuid`));
    return Number(row!.n);
  }

  /** The ranking read through the season rows equals the one read from every round (no mark), movement included. */
  async function expectExact(context: string) {
    expect(await seasonTotalsMismatches(db), `season rows: ${context}`).toEqual([]);
    expect(await totalsMismatches(db), `ranking totals: ${context}`).toEqual([]);
    expect(await roundTotalsMismatches(db), `round totals: ${context}`).toEqual([]);
    const through = await mark();
    const read = await groupRanking(db, group);
    await db.transaction((tx) => moveSeasonMark(tx, league, null));
    expect(await seasonRows()).toBe(0);
    const fromRounds = await groupRanking(db, group);
    await db.transaction((tx) => moveSeasonMark(tx, league, through));
    expect(read, `ranking: ${context}`).toEqual(fromRounds);
    return read;
  }

  it('moves the mark to the latest finished round once it is played (else the round before) while the league is quiet, and keeps every writer in step', async () => {
    await finish(1, [[1, 0], [2, 2]]);
    await finish(2, [[0, 1], [1, 1]]);
    // One member predicts nothing in round 3.
    await db.delete(predictions).where(sql`user_id = ${`${tag}-7`} and match_id = any(${`{${byRound[2]!.join(',')}}`}::uuid[])`);
    await finish(3, [[2, 1]]);
    // Round 3 is being played (a match of it still scheduled): the mark stays below it.
    expect(await advanceSeasonMarks(db)).toBe(1);
    expect(await mark()).toBe(2);
    expect(await seasonRows()).toBeGreaterThan(0);
    expect(await advanceSeasonMarks(db)).toBe(0);
    const playing = await expectExact('round 3 being played, mark 2');
    expect(playing.rows.some((row) => row.movement !== 0)).toBe(true);

    // Round 3 played: the mark moves onto it, and the ranking's movement takes the mark round's figures away.
    // One member has no prediction in it (below): no round row, their mark figures (round 2's until now) go to 0.
    await finish(3, [[2, 1], [0, 0]]);
    expect(await advanceSeasonMarks(db)).toBe(1);
    expect(await mark()).toBe(3);
    const [{ marked }] = rowsOf<{ marked: number }>(await db.execute(sql`
      select count(*)::int as marked from member_season_totals where group_id = ${group}::uuid and (mark_points, mark_exact, mark_winner) <> (0, 0, 0)`)) as [{ marked: number }];
    expect(marked).toBeGreaterThan(0);
    const before = await expectExact('rounds 1–3 played, mark 3');
    expect(before.rows.some((row) => row.movement !== 0)).toBe(true);

    // A correction of a round under the mark is folded into its round and, by the trigger, the season row.
    await db.update(matches).set({ homeGoals: 0, awayGoals: 3 }).where(eq(matches.id, byRound[0]![0]!));
    await scoreMatches(db, [byRound[0]![0]!]);
    expect(await mark()).toBe(3);
    const corrected = await expectExact('round 1 corrected');
    expect(corrected).not.toEqual(before);
    // One of the mark round itself: its figures apart change too.
    await db.update(matches).set({ homeGoals: 1, awayGoals: 1 }).where(eq(matches.id, byRound[2]![0]!));
    await scoreMatches(db, [byRound[2]![0]!]);
    expect(await mark()).toBe(3);
    const markCorrected = await expectExact('round 3 (the mark) corrected');
    expect(markCorrected).not.toEqual(corrected);

    // A correction of the mark round left queued (not folded): the ranking adds its difference to the
    // mark round's figures.
    await db.update(matches).set({ homeGoals: 2, awayGoals: 0 }).where(eq(matches.id, byRound[2]![1]!));
    await scoreMatches(db, [byRound[2]![1]!], { syncLimit: 0 });
    const [{ queued }] = rowsOf<{ queued: number }>(await db.execute(sql`select count(*)::int as queued from scoring_queue where match_id = ${byRound[2]![1]!}::uuid`)) as [{ queued: number }];
    expect(queued).toBe(1);
    const pending = await expectExact('round 3 (the mark) corrected, queued');
    expect(pending).not.toEqual(markCorrected);
    await foldPending(db);
    expect(await mark()).toBe(3);
    await expectExact('round 3 (the mark) correction folded');

    // Marks moved by several rounds at once, forward and back, each exact.
    for (const through of [1, 3, 1, 3]) {
      await db.transaction((tx) => moveSeasonMark(tx, league, through));
      await expectExact(`mark moved to ${through}`);
    }

    // A match in play: the mark stays while anything is, and the provisional ranking reads through it.
    await db.update(matches).set({ status: 'live', homeGoals: 1, awayGoals: 0 }).where(eq(matches.id, byRound[3]![0]!));
    expect(await advanceSeasonMarks(db)).toBe(0);
    await expectExact('a match in play');
    await finish(4, [[1, 0]]);
    expect(await advanceSeasonMarks(db)).toBe(0);
    await expectExact('round 4 being played, mark 3');
    await finish(4, [[1, 0], [3, 3]]);
    expect(await advanceSeasonMarks(db)).toBe(1);
    expect(await mark()).toBe(4);
    await expectExact('round 4 played, mark 4');

    // A result taken back: the latest finished round (3) is below the mark until the mark moves back.
    for (const id of byRound[3]!) await db.update(matches).set({ status: 'scheduled', homeGoals: null, awayGoals: null }).where(eq(matches.id, id));
    await scoreMatches(db, byRound[3]!);
    expect(await mark()).toBe(4);
    await expectExact('round 4 taken back, mark still 4');
    expect(await advanceSeasonMarks(db)).toBe(1);
    expect(await mark()).toBe(3);
    await expectExact('mark moved back to 3');

    // A member removed and a rebuild.
    await removeMember(db, owner, group, `${tag}-3`);
    await expectExact('member removed');
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from member_season_totals where user_id = ${`${tag}-3`}`)) as [{ n: number }];
    expect(n).toBe(0);
    await db.execute(sql`update member_season_totals set points = points + 7 where group_id = ${group}::uuid`);
    expect((await seasonTotalsMismatches(db, group)).length).toBe(MEMBERS - 1);
    await db.transaction((tx) => rebuildTotals(tx, group));
    await expectExact('rebuilt');

    // A reset, then the group deleted: nothing is left behind.
    await resetPredictions(db, owner, group, `Group ${tag}`);
    expect(await seasonRows()).toBe(0);
    await expectExact('reset');
    await finish(3, [[1, 1], [1, 1]]);
    await db.insert(predictions).values({ groupId: group, userId: `${tag}-1`, matchId: byRound[0]![1]!, homeGoals: 2, awayGoals: 2 });
    await db.transaction((tx) => rebuildTotals(tx, group));
    expect(await seasonRows()).toBe(1);
    await deleteGroup(db, owner, group, `Group ${tag}`);
    expect(await seasonRows()).toBe(0);
    expect(await seasonTotalsMismatches(db)).toEqual([]);
  });

  it.skipIf(TEST_DB_KIND === 'pglite')('counts a round write racing a mark move once, whichever takes the lock first', async () => {
    await finish(1, [[1, 0], [2, 2]]);
    await finish(2, [[0, 1], [1, 1]]);
    for (const writerFirst of [true, false]) {
      // Round 2 joins the season rows (mark 1 → 2, its figures the mark round's) while its totals change.
      await db.transaction((tx) => moveSeasonMark(tx, league, 1));
      const target = 2;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => { release = resolve; });
      let wrote!: () => void;
      const written = new Promise<void>((resolve) => { wrote = resolve; });
      const write = async () => db.transaction(async (tx) => {
        await tx.execute(sql`update member_round_totals set points = points + 5 where group_id = ${group}::uuid and round_order = 2`);
        wrote();
        await gate;
      });
      const move = async () => db.transaction(async (tx) => {
        await moveSeasonMark(tx, league, target);
        wrote();
        await gate;
      });
      // The first holds its lock until released; the second waits for it.
      const first = writerFirst ? write() : move();
      await written;
      const second = writerFirst ? move() : write();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const [{ waiting }] = rowsOf<{ waiting: number }>(await db.execute(sql`
        select count(*)::int as waiting from pg_locks
         where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`)) as [{ waiting: number }];
      expect(waiting, writerFirst ? 'the move waits for the writer' : 'the writer waits for the move').toBe(1);
      release();
      await Promise.all([first, second]);
      expect(await mark()).toBe(target);
      expect(await seasonTotalsMismatches(db, group), writerFirst ? 'writer first' : 'move first').toEqual([]);
    }
  });
});
