/**
 * Migration 0039 (no separators in names and addresses): run on a database as it was before it, it takes
 * U+001E and U+001F out of stored usernames (each becomes "_", or, when that name is taken, the name is made
 * from the account's id) and avatar addresses, the ranking then lists every member whole, and from then on
 * the database refuses them. The database before the migration is made from today's: the constraint
 * dropped; then every statement of 0039's file runs, in its order.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { migrationStatements } from '../../../../tests/helpers/migrations';
import { rowsOf } from '../../db/client';
import { groupMembers, groups, leagues, matches, predictions, profiles, teams, user } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { foldPending } from '../scoring/fold';
import { groupRanking } from './ranking';

describe(`migration 0039: no separators in names and addresses (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();

  it('cleans stored names and addresses, keeps every member whole in the ranking, then refuses separators', async () => {
    const db = testDatabase().db;
    const [league] = await db.insert(leagues).values({ name: 'Upgrade', season: '1', kind: 'league', provider: 'test', externalId: 'separators-upgrade' }).returning();
    const [home, away] = await db.insert(teams).values([{ name: 'Separators Home' }, { name: 'Separators Away' }]).returning();
    const [match] = await db.insert(matches).values({
      leagueId: league!.id, externalId: 's1', roundName: 'R1', roundOrder: 1, stage: 'league',
      kickoff: new Date(Date.UTC(2020, 0, 1)), homeTeamId: home!.id, awayTeamId: away!.id,
    }).returning({ id: matches.id });
    const members = ['su-1', 'su-2', 'su-3'];
    await db.insert(user).values(members.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await db.insert(profiles).values(members.map((id) => ({ userId: id, username: id.replace('-', '_'), fullName: id })));
    const [group] = await db.insert(groups).values({ name: 'Separators', leagueId: league!.id, color: 'sky', inviteCode: 'SEPARAT1', ownerId: 'su-1' }).returning();
    await db.insert(groupMembers).values(members.map((userId) => ({ groupId: group!.id, userId })));
    // su-1 predicts 1-0, the others 0-0; the match ends 1-0.
    await db.insert(predictions).values(members.map((userId) => ({ groupId: group!.id, userId, matchId: match!.id, homeGoals: userId === 'su-1' ? 1 : 0, awayGoals: 0 })));
    await setMatchResult(db, match!.id, { status: 'finished', homeGoals: 1, awayGoals: 0 });
    await foldPending(db);

    // Before the migration, names and an address written by hand: su-2's becomes free "sx_2_", su-3's
    // would become "SU_1" (su-1's name, in other letters), so it gets one made from its id.
    await db.execute(sql.raw('ALTER TABLE "profiles" DROP CONSTRAINT "profiles_no_separators"'));
    await db.execute(sql`update profiles set username = 'sx_2' || chr(30), avatar_url = '/a' || chr(31) || chr(30) || '.png' where user_id = 'su-2'`);
    await db.execute(sql`update profiles set username = 'SU' || chr(31) || '1' where user_id = 'su-3'`);

    for (const statement of migrationStatements('0039_username-separators.sql')) await db.execute(sql.raw(statement));

    const names = rowsOf<{ user_id: string; username: string; avatar_url: string | null }>(await db.execute(sql`select user_id, username, avatar_url from profiles where user_id like 'su-%' order by user_id`));
    const madeUp = rowsOf<{ id: string }>(await db.execute(sql`select 'user_' || substr(md5('su-3'), 1, 12) as id`))[0]!.id;
    expect(names).toEqual([
      { user_id: 'su-1', username: 'su_1', avatar_url: null },
      { user_id: 'su-2', username: 'sx_2_', avatar_url: '/a.png' },
      { user_id: 'su-3', username: madeUp, avatar_url: null },
    ]);
    const ranking = (await groupRanking(db, group!.id)).rows;
    expect(ranking.map((row) => [row.userId, row.username, row.avatarUrl, row.points]).sort()).toEqual([
      ['su-1', 'su_1', '/api/users/su-1/avatar', 10], ['su-2', 'sx_2_', '/a.png', 0], ['su-3', madeUp, '/api/users/su-3/avatar', 0],
    ]);

    // From now on a separator in a name or an address is refused, and the row is left as it was.
    for (const change of [{ username: 'su_\u001e2' }, { username: 'su_2\u001f' }, { avatarUrl: '/b\u001e.png' }, { avatarUrl: '\u001f' }]) {
      await expect(db.update(profiles).set(change).where(eq(profiles.userId, 'su-2'))).rejects.toMatchObject({ cause: { code: '23514' } });
    }
    const [kept] = await db.select({ username: profiles.username, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, 'su-2'));
    expect(kept).toEqual({ username: 'sx_2_', avatarUrl: '/a.png' });
  });
});
