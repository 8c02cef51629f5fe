/**
 * Migration 0040 (the mark round's own figures in the season rows): run on season rows written before it,
 * it fills each row's mark_* with its league's mark round, and the trigger it redefines keeps them from
 * then on. The database before the migration is made from rows written by today's code: the new columns
 * dropped and the trigger's function of migration 0037 put back; then every statement of 0040's file
 * runs, in its order.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { migrationStatements } from '../../../../tests/helpers/migrations';
import { rowsOf } from '../../db/client';
import { groupMembers, groups, leagues, matches, predictions, profiles, teams, user } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { groupRanking } from '../groups/ranking';
import { roundTotalsMismatches, totalsMismatches } from './consistency';
import { foldPending } from './fold';
import { advanceSeasonMarks, moveSeasonMark, seasonTotalsMismatches } from './season-totals';

const MARK_COLUMNS = ['mark_points', 'mark_exact', 'mark_goal_difference', 'mark_winner', 'mark_opposite'];

/** The statements that take a database back to before 0040: its columns gone, 0037's trigger function back. */
function before0040(): string[] {
  const fn = migrationStatements('0037_joker-totals.sql').find((text) => text.includes('CREATE OR REPLACE FUNCTION "member_round_totals_season"()'));
  if (!fn) throw new Error('migration 0037 redefines no member_round_totals_season()');
  return [...MARK_COLUMNS.map((name) => `ALTER TABLE "member_season_totals" DROP COLUMN "${name}"`), fn];
}

describe(`migration 0040: the mark round's figures in the season rows (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();

  it('fills them from the mark round of season rows written before it, and the trigger keeps them', async () => {
    const db = testDatabase().db;
    const [league] = await db.insert(leagues).values({ name: 'Mark upgrade', season: '1', kind: 'league', provider: 'test', externalId: 'mark-upgrade' }).returning();
    const [home, away] = await db.insert(teams).values([{ name: 'Mark Home' }, { name: 'Mark Away' }]).returning();
    const fixture = await db.insert(matches).values([1, 1, 2, 2].map((round, i) => ({
      leagueId: league!.id, externalId: `mk${i}`, roundName: `R${round}`, roundOrder: round, stage: 'league' as const,
      kickoff: new Date(Date.UTC(2020, 0, 1 + 7 * i)), homeTeamId: home!.id, awayTeamId: away!.id,
    }))).returning({ id: matches.id });
    const ids = fixture.map((row) => row.id);
    const members = ['mk-1', 'mk-2', 'mk-3', 'mk-4'];
    await db.insert(user).values(members.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await db.insert(profiles).values(members.map((id) => ({ userId: id, username: id.replace('-', '_'), fullName: id })));
    const [group] = await db.insert(groups).values({ name: 'Mark upgrade', leagueId: league!.id, color: 'sky', inviteCode: 'MARKUP01', ownerId: 'mk-1' }).returning();
    await db.insert(groupMembers).values(members.map((userId) => ({ groupId: group!.id, userId })));
    // Each member predicts differently, so the rounds rank them differently (movement).
    await db.insert(predictions).values(members.flatMap((userId, k) => ids.map((matchId, i) => ({
      groupId: group!.id, userId, matchId, homeGoals: (k + i) % 3, awayGoals: (k * 2 + i) % 3,
    }))));
    const results: [number, number][] = [[1, 0], [2, 2], [0, 1], [2, 1]];
    for (const [i, id] of ids.entries()) await setMatchResult(db, id, { status: 'finished', homeGoals: results[i]![0], awayGoals: results[i]![1] });
    await foldPending(db);
    // The mark where the code before 0040 kept it (one below the latest finished round).
    await db.transaction((tx) => moveSeasonMark(tx, league!.id, 1));
    const ranked = async () => (await groupRanking(db, group!.id)).rows;
    const before = await ranked();
    expect(before.some((row) => row.movement !== 0)).toBe(true);

    for (const statement of before0040()) await db.execute(sql.raw(statement));
    const columns = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from information_schema.columns where table_name = 'member_season_totals' and column_name like 'mark\\_%'`));
    expect(columns).toEqual([{ n: 0 }]);
    for (const statement of migrationStatements('0040_season-mark-round.sql')) await db.execute(sql.raw(statement));
    expect(await seasonTotalsMismatches(db)).toEqual([]);
    const marked = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from member_season_totals where group_id = ${group!.id}::uuid and (mark_points, mark_exact, mark_goal_difference, mark_winner, mark_opposite) <> (0, 0, 0, 0, 0)`));
    expect(marked[0]!.n).toBeGreaterThan(0);
    expect(await ranked()).toEqual(before);

    // A correction of the mark round, folded at once, goes through the new trigger into the mark figures.
    await setMatchResult(db, ids[0]!, { status: 'finished', homeGoals: 0, awayGoals: 0 });
    expect(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from scoring_queue`))).toEqual([{ n: 0 }]);
    expect(rowsOf<{ through_round: number }>(await db.execute(sql`select through_round from season_total_marks where league_id = ${league!.id}::uuid`)))
      .toEqual([{ through_round: 1 }]);
    expect(await roundTotalsMismatches(db)).toEqual([]);
    expect(await seasonTotalsMismatches(db)).toEqual([]);
    expect(await totalsMismatches(db)).toEqual([]);
    const corrected = await ranked();
    expect(corrected).not.toEqual(before);
    // And the mark moves onto the latest round, played, with the ranking unchanged.
    expect(await advanceSeasonMarks(db)).toBe(1);
    expect(rowsOf<{ through_round: number }>(await db.execute(sql`select through_round from season_total_marks where league_id = ${league!.id}::uuid`)))
      .toEqual([{ through_round: 2 }]);
    expect(await seasonTotalsMismatches(db)).toEqual([]);
    expect(await ranked()).toEqual(corrected);
  });
});
