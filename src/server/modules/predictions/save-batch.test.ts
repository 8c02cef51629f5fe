/**
 * The save batcher on a real database: saves arriving together share statements, yet each keeps its own
 * groups, membership and deadline, a person's saves land in the order they arrived, and one failing save
 * never fails the others.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { rowsOf, type Db } from '../../db/client';
import { seedDemoIfEmpty } from '../demo/seed';
import { createSaveBatcher } from './save-batch';

describe(`createSaveBatcher (${TEST_DB_KIND})`, () => {
  const database = useTestDatabase();
  let db: Db;
  let leagueId: string;
  let open: string[];
  let closed: string;
  const people = Array.from({ length: 12 }, (_, i) => `batch-${i}`);
  let pool: string;
  let otherPool: string;
  let inactivePool: string;

  const stored = async (groupId: string, userId: string, matchId: string) => rowsOf<{ home_goals: number; away_goals: number }>(await db.execute(sql`
    select home_goals, away_goals from predictions where group_id = ${groupId}::uuid and user_id = ${userId} and match_id = ${matchId}::uuid`))[0];

  beforeAll(async () => {
    db = database().db;
    await seedDemoIfEmpty(db, new Date());
    const [league] = rowsOf<{ id: string }>(await db.execute(sql`select id from leagues order by name limit 1`));
    leagueId = league!.id;
    open = rowsOf<{ id: string }>(await db.execute(sql`
      select id from matches where league_id = ${leagueId} and status = 'scheduled' and kickoff > now() + interval '2 days' order by kickoff, id limit 3`)).map((r) => r.id);
    // A scheduled match inside its last 15 minutes: closed by the deadline, not by its status.
    [{ id: closed }] = rowsOf<{ id: string }>(await db.execute(sql`
      update matches set kickoff = now() + interval '10 minutes'
       where id = (select id from matches where league_id = ${leagueId} and status = 'scheduled' and id <> all(${`{${open.join(',')}}`}::uuid[]) order by kickoff desc limit 1)
      returning id`)) as [{ id: string }];
    for (const person of people) await db.execute(sql`insert into "user" (id, name, email, email_verified) values (${person}, ${person}, ${`${person}@example.com`}, true)`);
    const group = async (name: string, code: string, status = 'active') => rowsOf<{ id: string }>(await db.execute(sql`
      insert into groups (name, league_id, color, invite_code, owner_id, status) values (${name}, ${leagueId}, 'sky', ${code}, ${people[0]}, ${status}) returning id`))[0]!.id;
    pool = await group('Batch pool', 'BATCHPL1');
    otherPool = await group('Batch other', 'BATCHPL2');
    inactivePool = await group('Batch inactive', 'BATCHPL3', 'deactivated');
    for (const person of people.slice(0, 10)) await db.execute(sql`insert into group_members (group_id, user_id) values (${pool}, ${person})`);
    for (const person of people.slice(0, 2)) await db.execute(sql`insert into group_members (group_id, user_id) values (${otherPool}, ${person}), (${inactivePool}, ${person})`);
  });

  it('writes saves that arrive together in fewer statements, each with its own groups, membership and deadline', async () => {
    const batcher = createSaveBatcher(db, { maxInFlight: 1 });
    const saves = people.map((userId, i) => batcher.save({
      userId, groupId: i === 11 ? inactivePool : pool, applyToOtherGroups: i < 2,
      items: [{ matchId: open[0]!, homeGoals: i, awayGoals: 1 }, { matchId: closed, homeGoals: 1, awayGoals: 1 }],
    }));
    const results = await Promise.all(saves);
    expect(batcher.stats.saves).toBe(people.length);
    expect(batcher.stats.statements).toBeLessThan(people.length);
    results.forEach((rows, i) => {
      const written = rows.map((row) => [row.group_id, row.match_id, Number(row.home_goals)]).sort();
      // Members of the pool: their open match only (the closed one is refused by the deadline); the first
      // two also in their other active group (not the inactive one); strangers and the inactive group: nothing.
      if (i >= 10) expect(written, people[i]).toEqual([]);
      else expect(written, people[i]).toEqual([[pool, open[0], i], ...(i < 2 ? [[otherPool, open[0], i]] : [])].sort());
    });
    for (const [i, person] of people.slice(0, 10).entries()) expect(await stored(pool, person, open[0]!)).toEqual({ home_goals: i, away_goals: 1 });
    expect(await stored(pool, people[0]!, closed)).toBeUndefined();
    expect(await stored(inactivePool, people[0]!, open[0]!)).toBeUndefined();
  });

  it("writes one person's saves in the order they arrived, never two in one statement", async () => {
    const batcher = createSaveBatcher(db, { maxInFlight: 3 });
    const person = people[2]!;
    const saves = [0, 1, 2, 3, 4].map((k) => batcher.save({ userId: person, groupId: pool, applyToOtherGroups: false, items: [{ matchId: open[1]!, homeGoals: k, awayGoals: 0 }] }));
    const others = people.slice(3, 10).map((userId) => batcher.save({ userId, groupId: pool, applyToOtherGroups: false, items: [{ matchId: open[1]!, homeGoals: 9, awayGoals: 9 }] }));
    const results = await Promise.all(saves);
    await Promise.all(others);
    results.forEach((rows, k) => expect(rows.map((row) => Number(row.home_goals))).toEqual([k]));
    expect(batcher.stats.statements).toBeGreaterThanOrEqual(5);
    expect(await stored(pool, person, open[1]!)).toEqual({ home_goals: 4, away_goals: 0 });
  });

  it('retries the saves of a failed statement one by one: only the failing save fails', async () => {
    const batcher = createSaveBatcher(db, { maxInFlight: 1 });
    const good = people.slice(4, 8).map((userId, i) => batcher.save({ userId, groupId: pool, applyToOtherGroups: false, items: [{ matchId: open[2]!, homeGoals: i, awayGoals: 2 }] }));
    // Not a uuid: the contract refuses it over HTTP; here it makes the shared statement fail.
    const bad = batcher.save({ userId: people[9]!, groupId: 'not-a-uuid', applyToOtherGroups: false, items: [{ matchId: open[2]!, homeGoals: 5, awayGoals: 5 }] });
    await expect(bad).rejects.toThrow();
    const results = await Promise.all(good);
    results.forEach((rows, i) => expect(rows.map((row) => [row.group_id, Number(row.home_goals)])).toEqual([[pool, i]]));
    for (const [i, person] of people.slice(4, 8).entries()) expect(await stored(pool, person, open[2]!)).toEqual({ home_goals: i, away_goals: 2 });
  });
});
