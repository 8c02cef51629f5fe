/**
 * Migration 0037 (jokers folded into the totals): run on totals written before it, it counts the jokers on
 * counted predictions at the snapshots the totals hold — a match folded, one whose result is half-way
 * through a fold (queued, cursor mid-group), a postponed one — and the season rows follow through the
 * trigger it redefines. The database before the migration is made from totals written by today's code: the
 * new columns and index dropped and the trigger's function of migration 0029 put back; then every statement
 * of 0037's file runs, in its order, and the trigger's later function (0040) is put back for the rest.
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
import { foldPending, foldStep, lockMatchForFolding } from './fold';
import { scoreMatches } from './score-matches';
import { seasonTotalsMismatches } from './season-totals';

/** The statements that take a database back to before 0037: its columns and index gone, 0029's trigger function back. */
function before0037(): string[] {
  const fn = migrationStatements('0029_season-totals.sql').find((text) => text.includes('CREATE FUNCTION "member_round_totals_season"()'));
  if (!fn) throw new Error('migration 0029 defines no member_round_totals_season()');
  return [
    'DROP INDEX "predictions_match_jokers_idx"',
    'ALTER TABLE "member_round_totals" DROP COLUMN "jokers"',
    'ALTER TABLE "member_season_totals" DROP COLUMN "jokers"',
    fn.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'),
  ];
}

describe(`migration 0037: jokers in the totals (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();

  it('counts the jokers of totals written before it at their held snapshots, season rows included', async () => {
    const db = testDatabase().db;
    const [league] = await db.insert(leagues).values({ name: 'Upgrade', season: '1', kind: 'league', provider: 'test', externalId: 'joker-upgrade' }).returning();
    const [home, away] = await db.insert(teams).values([{ name: 'Upgrade Home' }, { name: 'Upgrade Away' }]).returning();
    const fixture = await db.insert(matches).values([1, 2, 3, 3].map((round, i) => ({
      leagueId: league!.id, externalId: `u${i}`, roundName: `R${round}`, roundOrder: round, stage: 'league' as const,
      kickoff: new Date(Date.UTC(2020, 0, 1 + 7 * i)), homeTeamId: home!.id, awayTeamId: away!.id,
    }))).returning({ id: matches.id });
    const [m1, m2, m3, m4] = fixture.map((row) => row.id);
    const members = ['up-1', 'up-2', 'up-3', 'up-4'];
    await db.insert(user).values(members.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await db.insert(profiles).values(members.map((id) => ({ userId: id, username: id.replace('-', '_'), fullName: id })));
    const [group] = await db.insert(groups).values({ name: 'Upgrade', leagueId: league!.id, color: 'sky', inviteCode: 'UPGRADE1', ownerId: 'up-1', jokerMode: 'double', jokersPerSeason: 10 }).returning();
    await db.insert(groupMembers).values(members.map((userId) => ({ groupId: group!.id, userId })));
    // Everyone predicts 1-0 everywhere; jokers spread over every kind of match.
    const jokers: Record<string, string[]> = { 'up-1': [m1!, m3!, m4!], 'up-2': [m2!, m3!], 'up-3': [m1!, m3!], 'up-4': [m3!] };
    await db.insert(predictions).values(members.flatMap((userId) => [m1!, m2!, m3!, m4!].map((matchId) => ({
      groupId: group!.id, userId, matchId, homeGoals: 1, awayGoals: 0, joker: jokers[userId]!.includes(matchId),
    }))));
    // Rounds 1 and 2 finished and folded (the league's mark moves to round 2, played); m4 postponed; m3 finished
    // and folded for its first two members only.
    await setMatchResult(db, m1!, { status: 'finished', homeGoals: 1, awayGoals: 0 });
    await setMatchResult(db, m2!, { status: 'finished', homeGoals: 2, awayGoals: 2 });
    await setMatchResult(db, m4!, { status: 'postponed', homeGoals: null, awayGoals: null });
    await foldPending(db);
    await db.execute(sql`update matches set status = 'finished', home_goals = 3, away_goals = 0 where id = ${m3!}::uuid`);
    await scoreMatches(db, [m3!], { syncLimit: 0 }); // queued, not folded
    await db.transaction(async (tx) => {
      await lockMatchForFolding(tx, m3!);
      expect(await foldStep(tx, m3!, 2)).toEqual({ folded: 2, done: false });
    });
    const mark = rowsOf<{ through_round: number }>(await db.execute(sql`select through_round from season_total_marks where league_id = ${league!.id}::uuid`));
    expect(mark).toEqual([{ through_round: 2 }]);
    const ranked = async () => Object.fromEntries((await groupRanking(db, group!.id)).rows.map((row) => [row.userId, row.jokers]));
    const before = await ranked();
    // m4 is postponed: its jokers never count; every other joker sits on a closed match.
    expect(before).toEqual({ 'up-1': 2, 'up-2': 2, 'up-3': 2, 'up-4': 1 });

    // The database as it was before the migration, then the migration.
    for (const statement of before0037()) await db.execute(sql.raw(statement));
    const columns = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from information_schema.columns where column_name = 'jokers' and table_name in ('member_round_totals', 'member_season_totals')`));
    expect(columns).toEqual([{ n: 0 }]);
    for (const statement of migrationStatements('0037_joker-totals.sql')) await db.execute(sql.raw(statement));
    expect(await roundTotalsMismatches(db)).toEqual([]);
    expect(await seasonTotalsMismatches(db)).toEqual([]);
    expect(await totalsMismatches(db)).toEqual([]);
    // Rounds 1 and 2's jokers (up-1 and up-3 on m1, up-2 on m2) are in the season rows.
    const season = rowsOf<{ user_id: string; jokers: number }>(await db.execute(sql`
      select user_id, jokers from member_season_totals where group_id = ${group!.id}::uuid and jokers > 0 order by user_id`));
    expect(season).toEqual([{ user_id: 'up-1', jokers: 1 }, { user_id: 'up-2', jokers: 1 }, { user_id: 'up-3', jokers: 1 }]);
    expect(await ranked()).toEqual(before);
    const later = migrationStatements('0040_season-mark-round.sql').find((text) => text.includes('CREATE OR REPLACE FUNCTION "member_round_totals_season"()'));
    if (!later) throw new Error('migration 0040 redefines no member_round_totals_season()');
    await db.execute(sql.raw(later));
    // And the rest of the fold goes on from there.
    await foldPending(db);
    expect(await roundTotalsMismatches(db)).toEqual([]);
    expect(await ranked()).toEqual(before);
  });
});
