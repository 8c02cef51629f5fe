/**
 * The save batcher on a real database: saves arriving together share statements, yet each keeps its own
 * groups, membership and deadline, a person's saves land in the order they arrived, and one failing save
 * never fails the others. Predictions have no foreign keys (decision 011): the statement locks what it
 * writes for, and triggers delete the predictions of a deleted group, account or match.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { seedDemoIfEmpty } from '../demo/seed';
import { removeMember, resetPredictions } from '../groups/administration';
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

  /** An account with a verified email. */
  const addPerson = async (id: string) => {
    await db.execute(sql`insert into "user" (id, name, email, email_verified) values (${id}, ${id}, ${`${id}@example.com`}, true)`);
  };
  /** A group of the league. @returns its id. */
  const addGroup = async (name: string, code: string, ownerId: string, status = 'active') => rowsOf<{ id: string }>(await db.execute(sql`
    insert into groups (name, league_id, color, invite_code, owner_id, status) values (${name}, ${leagueId}, 'sky', ${code}, ${ownerId}, ${status}) returning id`))[0]!.id;
  /** The league’s open match that kicks off last. */
  const lastOpenMatch = async () => rowsOf<{ id: string }>(await db.execute(sql`
    select id from matches where league_id = ${leagueId} and status = 'scheduled' and kickoff > now() + interval '2 days' order by kickoff desc, id limit 1`))[0]!.id;

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
    for (const person of people) await addPerson(person);
    pool = await addGroup('Batch pool', 'BATCHPL1', people[0]!);
    otherPool = await addGroup('Batch other', 'BATCHPL2', people[0]!);
    inactivePool = await addGroup('Batch inactive', 'BATCHPL3', people[0]!, 'deactivated');
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

  it('deletes the predictions of a deleted group, account or match with it, and no others', async () => {
    const [first, second] = rowsOf<{ id: string }>(await db.execute(sql`
      select id from matches where league_id = ${leagueId} and status = 'scheduled' and kickoff > now() + interval '2 days'
         and id <> all(${`{${open.join(',')}}`}::uuid[]) order by kickoff, id limit 2`)).map((r) => r.id) as [string, string];
    const pair = ['cascade-a', 'cascade-b'];
    for (const person of pair) await addPerson(person);
    const groupIds: string[] = [];
    for (const code of ['CASCADE1', 'CASCADE2']) {
      const groupId = await addGroup(code, code, people[0]!);
      groupIds.push(groupId);
      for (const person of pair) await db.execute(sql`insert into group_members (group_id, user_id) values (${groupId}, ${person})`);
    }
    const batcher = createSaveBatcher(db);
    for (const groupId of groupIds) {
      for (const userId of pair) {
        const rows = await batcher.save({ userId, groupId, applyToOtherGroups: false, items: [{ matchId: first, homeGoals: 1, awayGoals: 0 }, { matchId: second, homeGoals: 2, awayGoals: 2 }] });
        expect(rows).toHaveLength(2);
      }
    }
    const left = async () => rowsOf<{ key: string }>(await db.execute(sql`
      select (case group_id when ${groupIds[0]}::uuid then 'g1' when ${groupIds[1]}::uuid then 'g2' end) || ' ' || user_id || ' ' || (case match_id when ${first}::uuid then 'm1' when ${second}::uuid then 'm2' end) as key
        from predictions where group_id in (${groupIds[0]}::uuid, ${groupIds[1]}::uuid) order by 1`)).map((r) => r.key);
    expect(await left()).toHaveLength(8);
    await db.execute(sql`delete from groups where id = ${groupIds[0]}::uuid`);
    expect(await left()).toEqual(['g2 cascade-a m1', 'g2 cascade-a m2', 'g2 cascade-b m1', 'g2 cascade-b m2']);
    await db.execute(sql`delete from "user" where id = 'cascade-a'`);
    expect(await left()).toEqual(['g2 cascade-b m1', 'g2 cascade-b m2']);
    await db.execute(sql`delete from matches where id = ${second}::uuid`);
    expect(await left()).toEqual(['g2 cascade-b m1']);
    // Nothing anywhere points at a row that is gone.
    const [orphans] = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from predictions p
       where not exists (select 1 from groups g where g.id = p.group_id) or not exists (select 1 from "user" u where u.id = p.user_id)
          or not exists (select 1 from matches m where m.id = p.match_id)`));
    expect(orphans!.n).toBe(0);
  });

  /** Waits until some statement of this database waits for a row lock (PostgreSQL). */
  const someoneWaitsOnALock = () => vi.waitFor(async () => {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`));
    expect(row!.n).toBeGreaterThan(0);
  }, { timeout: 10_000, interval: 25 });

  /** Runs `hold` in a transaction kept open until the returned release is called. */
  async function heldTransaction(hold: (tx: Tx) => Promise<unknown>) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => { held = resolve; });
    const done = db.transaction(async (tx) => {
      await hold(tx);
      held();
      await gate;
    });
    // A hold that fails fails the test here instead of leaving it waiting.
    await Promise.race([holding, done]);
    return { release, done };
  }

  // Two connections at once: PostgreSQL only (the embedded database runs one statement at a time).
  it.skipIf(TEST_DB_KIND !== 'postgres')('a save waits for a deletion under way of its group or membership, then writes nothing there', async () => {
    const match = await lastOpenMatch();
    const person = 'race-a';
    await addPerson(person);
    const groupIds: string[] = [];
    for (const code of ['RACEGRP1', 'RACEGRP2']) {
      const groupId = await addGroup(code, code, person);
      groupIds.push(groupId);
      await db.execute(sql`insert into group_members (group_id, user_id) values (${groupId}, ${person})`);
    }
    const batcher = createSaveBatcher(db);
    const deletions = [sql`delete from groups where id = ${groupIds[0]}::uuid`, sql`delete from group_members where group_id = ${groupIds[1]}::uuid and user_id = ${person}`];
    for (const [k, deletion] of deletions.entries()) {
      const deleting = await heldTransaction((tx) => tx.execute(deletion));
      let saving: Promise<unknown> | undefined;
      try {
        saving = batcher.save({ userId: person, groupId: groupIds[k]!, applyToOtherGroups: false, items: [{ matchId: match, homeGoals: 3, awayGoals: 1 }] });
        await someoneWaitsOnALock();
      } finally {
        deleting.release();
        await deleting.done;
      }
      expect(await saving).toEqual([]);
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from predictions where group_id = ${groupIds[k]}::uuid`));
      expect(row!.n).toBe(0);
    }
  });

  it.skipIf(TEST_DB_KIND !== 'postgres')("a member's removal or a reset waits for a save under way in the group, then deletes what it wrote", async () => {
    const match = await lastOpenMatch();
    const [owner, member] = ['race-owner', 'race-member'];
    for (const person of [owner, member]) await addPerson(person);
    const group = await addGroup('RACEGRP3', 'RACEGRP3', owner);
    await db.execute(sql`insert into group_members (group_id, user_id, role) values (${group}, ${owner}, 'owner')`);
    const viewer = { userId: owner, email: `${owner}@example.com`, username: owner, fullName: 'Owner', role: 'Regular User' as const, language: null, avatarUrl: '', emailVerified: true };
    const actions: [string, () => Promise<unknown>][] = [
      ['removal', () => removeMember(db, viewer, group, member)],
      ['reset', () => resetPredictions(db, viewer, group, 'RACEGRP3')],
    ];
    for (const [label, act] of actions) {
      await db.execute(sql`insert into group_members (group_id, user_id) values (${group}, ${member}) on conflict do nothing`);
      // A save under way, as the save's statement runs it: the group and the membership locked FOR KEY
      // SHARE, its prediction written, not yet committed.
      const saving = await heldTransaction(async (tx) => {
        await tx.execute(sql`select 1 from groups g join group_members gm on gm.group_id = g.id
          where g.id = ${group}::uuid and gm.user_id = ${member} for key share of g, gm`);
        await tx.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals) values (${group}, ${member}, ${match}, 2, 0)`);
      });
      let acting: Promise<unknown> | undefined;
      try {
        acting = act();
        await someoneWaitsOnALock();
      } finally {
        saving.release();
        await saving.done;
      }
      await acting;
      const [left] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from predictions where group_id = ${group}::uuid and user_id = ${member}`));
      expect(left!.n, label).toBe(0);
    }
  });
});
