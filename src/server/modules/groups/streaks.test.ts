/**
 * Hot streaks from the streak masks kept with the round totals (member_round_totals.scored_bits /
 * hit_bits, bit matches.round_slot): always equal to the domain's longestStreaks over every counted
 * prediction in kickoff order — with rounds whose slot order is not kickoff order, rounds that interleave,
 * slots past the 64 bits (read directly), results queued for folding (read directly), voided matches and
 * a match moved to another round. The consistency check covers the masks after every step.
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { scorePrediction, type Score } from '../../../domain/scoring';
import { longestStreaks, type ScoredPick } from '../../../domain/stats';
import { rowsOf, type Db } from '../../db/client';
import { groupMembers, groups, leagues, matches, predictions, teams, user } from '../../db/schema';
import { rebuildTotals, roundTotalsMismatches } from '../scoring/consistency';
import { foldPending } from '../scoring/fold';
import { scoreMatches } from '../scoring/score-matches';
import { groupStatsJson, memberStreaks, roundTotalsRows } from './stats';
import { groupStatsResponse } from '../../../contracts/stats';
import { mulberry32 } from '../demo/seeded-random';

const MEMBERS = 4;
const ROUND_ONE = 70; // more matches than the 64 bits of a mask
const ROUND_TWO = 6;

describe(`hot streaks from the round masks (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();
  let db: Db;
  let groupId: string;
  let leagueId: string;
  let matchIds: string[];

  /** Every member's streak recomputed from the raw rows with the domain rule (palpite points). */
  async function expectedStreaks(): Promise<Map<string, number>> {
    const rows = rowsOf<{ user_id: string; home: number; away: number; status: string; mh: number | null; ma: number | null; kickoff: string | Date }>(await db.execute(sql`
      select p.user_id, p.home_goals as home, p.away_goals as away, m.status, m.home_goals as mh, m.away_goals as ma, m.kickoff
        from predictions p join matches m on m.id = p.match_id
       where p.group_id = ${groupId}::uuid order by m.kickoff, m.id`));
    const picks: ScoredPick[] = rows
      .filter((row) => row.status === 'finished' && row.mh !== null && row.ma !== null)
      .map((row) => ({
        userId: row.user_id, kickoff: new Date(row.kickoff).getTime(),
        points: scorePrediction({ home: Number(row.home), away: Number(row.away) }, { home: Number(row.mh), away: Number(row.ma) } as Score).points,
      }));
    return longestStreaks(picks);
  }

  async function check() {
    const expected = Object.fromEntries(await expectedStreaks());
    expect(Object.fromEntries(await memberStreaks(db, groupId))).toEqual(expected);
    expect(await roundTotalsMismatches(db, groupId)).toEqual([]);
    // The stats page built from the same reads keeps its contract and shows the same best streak.
    const page = groupStatsResponse.parse(JSON.parse(await groupStatsJson(db, groupId)));
    expect(page.cards.find((card) => card.kind === 'hotStreak')?.value).toBe(Math.max(0, ...Object.values(expected)));
  }

  beforeEach(async () => {
    db = testDatabase().db;
    const random = mulberry32(20261126);
    const tag = Math.random().toString(36).slice(2, 8);
    const [league] = await db.insert(leagues).values({ name: `Streaks ${tag}`, season: '1', kind: 'league', provider: 'test', externalId: tag }).returning();
    leagueId = league!.id;
    const [home, away] = await db.insert(teams).values([{ name: `Home ${tag}` }, { name: `Away ${tag}` }]).returning();
    const base = Date.parse('2020-01-01T00:00:00Z');
    // Round 1: slots 0–69 in insertion order, kickoffs shuffled (slot order is not kickoff order);
    // round 2 interleaves with it in time.
    const values = [
      ...Array.from({ length: ROUND_ONE }, (_, i) => ({ round: 1, external: `r1-${i}`, hour: ((i * 37) % ROUND_ONE) * 2 })),
      ...Array.from({ length: ROUND_TWO }, (_, i) => ({ round: 2, external: `r2-${i}`, hour: i * 23 + 1 })),
    ];
    const inserted = [];
    for (const value of values) {
      const [row] = await db.insert(matches).values({
        leagueId, externalId: value.external, roundName: `Round ${value.round}`, roundOrder: value.round, stage: 'league',
        kickoff: new Date(base + value.hour * 3_600_000), status: 'scheduled', homeTeamId: home!.id, awayTeamId: away!.id,
      }).returning({ id: matches.id, roundSlot: matches.roundSlot });
      inserted.push(row!);
    }
    matchIds = inserted.map((row) => row.id);
    // The trigger numbers each round's matches 0, 1, 2 … in the order they joined it.
    expect(inserted.map((row) => row.roundSlot)).toEqual([...Array.from({ length: ROUND_ONE }, (_, i) => i), ...Array.from({ length: ROUND_TWO }, (_, i) => i)]);

    await db.insert(user).values(Array.from({ length: MEMBERS }, (_, i) => ({ id: `${tag}-${i}`, name: `M${i}`, email: `${tag}-${i}@example.com` })));
    const [group] = await db.insert(groups).values({ name: 'Streaks', leagueId, color: 'sky', inviteCode: tag.toUpperCase().padEnd(8, 'X'), ownerId: `${tag}-0` }).returning();
    groupId = group!.id;
    await db.insert(groupMembers).values(Array.from({ length: MEMBERS }, (_, i) => ({ groupId, userId: `${tag}-${i}` })));
    const results = matchIds.map(() => [Math.floor(random() * 3), Math.floor(random() * 3)] as const);
    // Member 0 predicts every result exactly (one run over all 76 matches, so a match read wrongly or
    // skipped shows); the others predict at random and skip some (a skipped match does not break a run).
    await db.insert(predictions).values(matchIds.flatMap((matchId, m) => Array.from({ length: MEMBERS }, (_, i) => ({ i, matchId, m }))
      .filter(({ i }) => i === 0 || random() < 0.85)
      .map(({ i, matchId, m }) => ({
        groupId, userId: `${tag}-${i}`, matchId,
        homeGoals: i === 0 ? results[m]![0] : Math.floor(random() * 3), awayGoals: i === 0 ? results[m]![1] : Math.floor(random() * 3),
      }))));
    for (const [m, id] of matchIds.entries()) {
      await db.execute(sql`update matches set status = 'finished', home_goals = ${results[m]![0]}, away_goals = ${results[m]![1]} where id = ${id}::uuid`);
    }
    await db.transaction((tx) => scoreMatches(tx, matchIds));
  });

  it('equals the domain rule over every counted prediction in kickoff order, slots past 64 included', async () => {
    const streaks = await memberStreaks(db, groupId);
    expect(streaks.size).toBe(MEMBERS);
    expect(Math.max(...streaks.values())).toBe(ROUND_ONE + ROUND_TWO); // member 0: every match
    await check();
  });

  it('reads queued results from the predictions until they are folded, and voided matches leave the run', async () => {
    // Corrections of a match with a bit and one without, queued (not folded): the masks hold the old results.
    const corrected = [matchIds[3]!, matchIds[66]!, matchIds[ROUND_ONE + 2]!];
    for (const id of corrected) await db.execute(sql`update matches set home_goals = 9, away_goals = 0 where id = ${id}::uuid`);
    await db.execute(sql`update matches set status = 'postponed' where id = ${matchIds[10]!}::uuid`);
    await db.transaction((tx) => scoreMatches(tx, [...corrected, matchIds[10]!], { syncLimit: 0 }));
    expect(Object.fromEntries(await memberStreaks(db, groupId))).toEqual(Object.fromEntries(await expectedStreaks()));
    await foldPending(db);
    await check();
  });

  it('reads every member whatever their id holds, and leaves out rows of someone no longer a member', async () => {
    const [someone] = rowsOf<{ user_id: string }>(await db.execute(sql`select user_id from group_members where group_id = ${groupId}::uuid order by user_id limit 1`));
    const odd = `${someone!.user_id},odd, id`;
    await db.insert(user).values({ id: odd, name: 'Odd', email: `${odd.replace(/\W/g, '')}@example.com` });
    await db.insert(groupMembers).values({ groupId, userId: odd });
    // Slots 33–36 only, predicted exactly: masks with bits in their upper 32-bit half alone (the low half
    // 0); the four hits are the member's streak.
    const results = rowsOf<{ id: string; home_goals: number; away_goals: number }>(await db.execute(sql`
      select id, home_goals, away_goals from matches where id in (${sql.join(matchIds.slice(33, 37).map((id) => sql`${id}::uuid`), sql`, `)})`));
    await db.insert(predictions).values(results.map((r) => ({
      groupId, userId: odd, matchId: r.id, homeGoals: Number(r.home_goals), awayGoals: Number(r.away_goals),
    })));
    await db.transaction((tx) => rebuildTotals(tx, { leagueId }));
    const rows = await roundTotalsRows(db, groupId);
    expect(new Set(rows.map((row) => row.userId))).toEqual(new Set([...rowsOf<{ user_id: string }>(await db.execute(sql`
      select distinct user_id from member_round_totals where group_id = ${groupId}::uuid and scored > 0`)).map((row) => row.user_id)]));
    expect(rows.some((row) => row.userId === odd)).toBe(true);
    expect((await memberStreaks(db, groupId)).get(odd)).toBe(4);
    await check();
    // The membership goes, its totals rows stay (as between two statements of a removal): not read.
    await db.execute(sql`delete from group_members where group_id = ${groupId}::uuid and user_id = ${odd}`);
    expect((await roundTotalsRows(db, groupId)).some((row) => row.userId === odd)).toBe(false);
    expect((await memberStreaks(db, groupId)).has(odd)).toBe(false);
  });

  it('follows a match moved to another round (a new slot, totals rebuilt)', async () => {
    const moved = matchIds[ROUND_ONE]!; // round 2's first match
    await db.execute(sql`update matches set round_order = 1 where id = ${moved}::uuid`);
    const [slot] = rowsOf<{ round_slot: number }>(await db.execute(sql`select round_slot from matches where id = ${moved}::uuid`));
    expect(Number(slot!.round_slot)).toBe(ROUND_ONE); // the next free slot of round 1: past the bits
    await db.transaction((tx) => rebuildTotals(tx, { leagueId }));
    await check();
  });
});
