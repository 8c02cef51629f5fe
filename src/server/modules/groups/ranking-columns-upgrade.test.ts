/**
 * Migration 0039 (bonus points on the membership row; no separators in names and addresses): run on a
 * database as it was before it, it moves each member's member_bonus_totals row into
 * group_members.bonus_points (the ranking then counts them as before), takes U+001E and U+001F out of
 * stored usernames and avatar addresses, and from then on the database refuses them. The database before
 * the migration is made from today's: the column and constraint dropped, 0030's table put back; then every
 * statement of 0039's file runs, in its order.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { rowsOf } from '../../db/client';
import { groupMembers, groups, leagues, matches, predictions, profiles, teams, user } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { foldPending } from '../scoring/fold';
import { groupRanking } from './ranking';

const migration = (file: string) => fileURLToPath(new URL(`../../db/migrations/${file}`, import.meta.url));
/** A migration file's statements, in order (drizzle-kit's breakpoints). */
const statementsOf = (file: string) => readFileSync(migration(file), 'utf8').split('--> statement-breakpoint').filter((text) => text.trim());

/** The statements that take a database back to before 0039: 0030's member_bonus_totals back, the new column and check gone. */
function before0039(): string[] {
  const table = statementsOf('0030_bonus-questions.sql').filter((text) => /(CREATE|ALTER) TABLE "member_bonus_totals"/.test(text));
  if (table.length !== 3) throw new Error(`migration 0030 has ${table.length} statements of member_bonus_totals, not 3`);
  return [
    ...table,
    'ALTER TABLE "group_members" DROP COLUMN "bonus_points"',
    'ALTER TABLE "profiles" DROP CONSTRAINT "profiles_no_separators"',
  ];
}

describe(`migration 0039: bonus points on the membership, no separators in names (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();

  it("moves each member's bonus points onto their membership, cleans stored names and addresses, then refuses separators", async () => {
    const db = testDatabase().db;
    const [league] = await db.insert(leagues).values({ name: 'Upgrade', season: '1', kind: 'league', provider: 'test', externalId: 'columns-upgrade' }).returning();
    const [home, away] = await db.insert(teams).values([{ name: 'Columns Home' }, { name: 'Columns Away' }]).returning();
    const [match] = await db.insert(matches).values({
      leagueId: league!.id, externalId: 'c1', roundName: 'R1', roundOrder: 1, stage: 'league',
      kickoff: new Date(Date.UTC(2020, 0, 1)), homeTeamId: home!.id, awayTeamId: away!.id,
    }).returning({ id: matches.id });
    const members = ['cu-1', 'cu-2', 'cu-3'];
    await db.insert(user).values(members.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await db.insert(profiles).values(members.map((id) => ({ userId: id, username: id.replace('-', '_'), fullName: id })));
    const [group] = await db.insert(groups).values({ name: 'Columns', leagueId: league!.id, color: 'sky', inviteCode: 'COLUMNS1', ownerId: 'cu-1' }).returning();
    await db.insert(groupMembers).values(members.map((userId) => ({ groupId: group!.id, userId })));
    // Everyone predicts 1-0; the match ends 1-0: 10 points each before bonus points.
    await db.insert(predictions).values(members.map((userId) => ({ groupId: group!.id, userId, matchId: match!.id, homeGoals: 1, awayGoals: 0 })));
    await setMatchResult(db, match!.id, { status: 'finished', homeGoals: 1, awayGoals: 0 });
    await foldPending(db);

    // The database before the migration: bonus points in their own table (cu-3 has none), a name and an
    // address holding the separators, written by hand.
    for (const statement of before0039()) await db.execute(sql.raw(statement));
    await db.execute(sql`insert into member_bonus_totals (group_id, user_id, points) values (${group!.id}, 'cu-1', 7), (${group!.id}, 'cu-2', -3)`);
    await db.execute(sql`update profiles set username = 'cu_' || chr(30) || '2' || chr(31), avatar_url = '/a' || chr(31) || chr(30) || '.png' where user_id = 'cu-2'`);

    for (const statement of statementsOf('0039_ranking-member-columns.sql')) await db.execute(sql.raw(statement));

    const bonus = rowsOf<{ user_id: string; bonus_points: number }>(await db.execute(sql`select user_id, bonus_points from group_members where group_id = ${group!.id}::uuid order by user_id`));
    expect(bonus).toEqual([{ user_id: 'cu-1', bonus_points: 7 }, { user_id: 'cu-2', bonus_points: -3 }, { user_id: 'cu-3', bonus_points: 0 }]);
    expect(rowsOf(await db.execute(sql`select 1 from pg_tables where tablename = 'member_bonus_totals'`))).toEqual([]);
    const [cleaned] = await db.select({ username: profiles.username, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, 'cu-2'));
    expect(cleaned).toEqual({ username: 'cu_2', avatarUrl: '/a.png' });
    const ranking = (await groupRanking(db, group!.id)).rows;
    expect(ranking.map((row) => [row.username, row.points, row.bonus, row.rank])).toEqual([['cu_1', 17, 7, 1], ['cu_3', 10, 0, 2], ['cu_2', 7, -3, 3]]);

    // From now on a separator in a name or an address is refused, and the row is left as it was.
    for (const change of [{ username: 'cu_\u001e2' }, { username: 'cu_2\u001f' }, { avatarUrl: '/b\u001e.png' }, { avatarUrl: '\u001f' }]) {
      await expect(db.update(profiles).set(change).where(eq(profiles.userId, 'cu-2'))).rejects.toMatchObject({ cause: { code: '23514' } });
    }
    const [kept] = await db.select({ username: profiles.username, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, 'cu-2'));
    expect(kept).toEqual({ username: 'cu_2', avatarUrl: '/a.png' });
  });
});
