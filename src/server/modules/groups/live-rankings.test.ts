/**
 * Rankings after live scores changed, from the official part of the rankings before and what the
 * matches in play add (liveRankings), against the whole statement (groupRankings) on the demo's league:
 * equal after each change of the scores in play, in every group (their own scoring rules, jokers, members without predictions);
 * nothing when no match of the league is in play with a score.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { rowsOf } from '../../db/client';
import { matches } from '../../db/schema';
import { seedDemoIfEmpty } from '../demo/seed';
import { scoreMatches } from '../scoring/score-matches';
import { groupRankings, liveRankings, officialPartOf, type GroupRanking } from './ranking';

describe(`rankings from their official part and the matches in play (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let leagueId: string;
  let groupIds: string[];
  let inPlay: string[];

  /** Sets matches' states as an administrator's save does: the matches and their scoring in one transaction. */
  const setMatches = (states: { id: string; status: 'live' | 'finished'; home: number; away: number }[]) => t.database.db.transaction(async (tx) => {
    for (const { id, status, home, away } of states) await tx.update(matches).set({ status, homeGoals: home, awayGoals: away }).where(eq(matches.id, id));
    await scoreMatches(tx, states.map((state) => state.id));
  });

  beforeAll(async () => {
    t = await createTestApp({ RANKING_CACHE_MS: '0' });
    await seedDemoIfEmpty(t.database.db, new Date());
    const db = t.database.db;
    leagueId = rowsOf<{ id: string }>(await db.execute(sql`select id from leagues order by name limit 1`))[0]!.id;
    const played = rowsOf<{ id: string }>(await db.execute(sql`
      select id from matches where league_id = ${leagueId}::uuid and status = 'finished' order by kickoff, id`)).map((row) => row.id);
    inPlay = rowsOf<{ id: string }>(await db.execute(sql`
      select id from matches where league_id = ${leagueId}::uuid and status = 'scheduled' order by kickoff, id limit 2`)).map((row) => row.id);
    expect(played.length).toBeGreaterThan(3);
    expect(inPlay).toHaveLength(2);
    // Twelve members in three groups, each with its own scoring rules; member 0 never predicts, the
    // others predict every played match and both matches soon in play (0-0 to 3-3), some with a joker.
    await db.execute(sql`insert into "user" (id, name, email) select 'lr-' || i, 'M' || i, 'lr-' || i || '@example.com' from generate_series(0, 11) i`);
    await db.execute(sql`insert into profiles (user_id, username, full_name) select id, replace(id, '-', '_'), name from "user" where id like 'lr-%'`);
    groupIds = [];
    for (const [name, exact, difference, winner, opposite] of [['Palpite', 10, 5, 3, -2], ['Classic', 3, 1, 1, 0], ['Wide', 4, 3, 2, -1]] as const) {
      const [row] = rowsOf<{ id: string }>(await db.execute(sql`
        insert into groups (name, league_id, color, invite_code, owner_id, scoring_exact, scoring_goal_difference, scoring_winner, scoring_opposite)
        values (${name}, ${leagueId}::uuid, 'sky', ${`LR${name.toUpperCase()}`.slice(0, 8)}, 'lr-0', ${exact}, ${difference}, ${winner}, ${opposite}) returning id`));
      groupIds.push(row!.id);
    }
    groupIds.sort();
    await db.execute(sql`insert into group_members (group_id, user_id) select g.id, 'lr-' || i from groups g cross join generate_series(0, 11) i where g.name in ('Palpite', 'Classic', 'Wide')`);
    await db.execute(sql`
      insert into predictions (group_id, user_id, match_id, home_goals, away_goals, joker)
      select gm.group_id, gm.user_id, m.id, abs(hashtext(gm.user_id || m.id::text || gm.group_id::text)) % 4, abs(hashtext(m.id::text || gm.user_id)) % 4,
             m.id = ${inPlay[0]!}::uuid and abs(hashtext(gm.user_id)) % 3 = 0
        from group_members gm join groups g on g.id = gm.group_id
        join matches m on m.id = any(${`{${[...played, ...inPlay].join(',')}}`}::uuid[])
       where g.name in ('Palpite', 'Classic', 'Wide') and gm.user_id <> 'lr-0'`);
    await db.transaction((tx) => scoreMatches(tx, played));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ranks each change of the live scores from the rankings before and the matches in play as the whole statement does', async () => {
    const [first, second] = inPlay as [string, string];
    await setMatches([{ id: first, status: 'live', home: 0, away: 0 }, { id: second, status: 'live', home: 1, away: 1 }]);
    let before = await groupRankings(t.database.db, leagueId, groupIds);
    expect(before.size).toBe(groupIds.length);
    /** Each score's points per member, to show that the scores moved the rankings compared. */
    const pointsSeen = new Set<string>();
    for (const [home, away, homeSecond, awaySecond] of [[1, 0, 1, 1], [1, 1, 1, 1], [1, 1, 2, 1], [3, 1, 2, 2], [0, 0, 0, 0]] as const) {
      await setMatches([{ id: first, status: 'live', home, away }, { id: second, status: 'live', home: homeSecond, away: awaySecond }]);
      const fromParts = await liveRankings(t.database.db, leagueId, before);
      const whole = await groupRankings(t.database.db, leagueId, groupIds);
      expect(fromParts.size).toBe(groupIds.length);
      for (const id of groupIds) {
        expect(fromParts.get(id), `group ${id} at ${home}-${away}, ${homeSecond}-${awaySecond}`).toEqual(whole.get(id));
        expect(officialPartOf(fromParts.get(id)!)).toBeDefined();
      }
      pointsSeen.add(JSON.stringify([...whole.values()].map((ranking) => ranking.rows.map((row) => [row.userId, row.points, row.movement]))));
      // The next goal from these (kept official parts), as a refresh after a refresh does.
      before = fromParts;
    }
    // Each of the five scores ranked the members differently: the comparisons were not of one ranking.
    expect(pointsSeen.size).toBe(5);
  });

  it('gives nothing when no match of the league is in play with a score, and leaves out rankings without an official part in play', async () => {
    const [first, second] = inPlay as [string, string];
    await setMatches([{ id: first, status: 'live', home: 1, away: 0 }, { id: second, status: 'live', home: 0, away: 0 }]);
    const inPlayBefore = await groupRankings(t.database.db, leagueId, groupIds);
    // An official ranking (no match in play) is no base: it counts the latest finished round, not the matches in play.
    await setMatches([{ id: first, status: 'finished', home: 1, away: 0 }, { id: second, status: 'finished', home: 0, away: 0 }]);
    const official = await groupRankings(t.database.db, leagueId, groupIds);
    expect([...official.values()].every((ranking) => ranking.liveMatches === 0)).toBe(true);
    // An official ranking keeps no part; a provisional one does.
    expect([...official.values()].some((ranking) => officialPartOf(ranking) !== undefined)).toBe(false);
    expect([...inPlayBefore.values()].every((ranking) => officialPartOf(ranking) !== undefined)).toBe(true);
    expect((await liveRankings(t.database.db, leagueId, official)).size).toBe(0);
    // Nothing in play with a score now: the official part moved, so nothing is ranked from it.
    expect((await liveRankings(t.database.db, leagueId, inPlayBefore)).size).toBe(0);
    // Rankings that are not the statements' (made up) have no official part.
    expect((await liveRankings(t.database.db, leagueId, new Map([[groupIds[0]!, { rows: [], liveMatches: 1 }]]))).size).toBe(0);
    await t.database.db.update(matches).set({ status: 'scheduled', homeGoals: null, awayGoals: null }).where(and(eq(matches.leagueId, leagueId), eq(matches.id, first)));
  });

  it('leaves out rankings older than the age asked for, or computed before a prediction deadline passed', async () => {
    const db = t.database.db;
    const [first, second] = inPlay as [string, string];
    await setMatches([{ id: first, status: 'live', home: 1, away: 0 }, { id: second, status: 'live', home: 2, away: 2 }]);
    const before = await groupRankings(db, leagueId, groupIds);
    await setMatches([{ id: first, status: 'live', home: 1, away: 1 }, { id: second, status: 'live', home: 2, away: 2 }]);
    expect((await liveRankings(db, leagueId, before, { maxAgeMs: 60_000 })).size).toBe(groupIds.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await liveRankings(db, leagueId, before, { maxAgeMs: 10 })).size).toBe(0);
    // A later match's predictions close (its kick-off brought to 15 minutes from now): its jokers now
    // count among those played, which the rankings before did not count.
    const [later] = rowsOf<{ id: string; kickoff: string }>(await db.execute(sql`
      select id, kickoff::text from matches where league_id = ${leagueId}::uuid and status = 'scheduled' and kickoff > now() + interval '1 hour'
       and id <> all(${`{${inPlay.join(',')}}`}::uuid[]) order by kickoff limit 1`));
    expect(later).toBeDefined();
    await db.execute(sql`
      insert into predictions (group_id, user_id, match_id, home_goals, away_goals, joker)
      select gm.group_id, gm.user_id, ${later!.id}::uuid, 1, 0, true from group_members gm
        join groups g on g.id = gm.group_id where g.name in ('Palpite', 'Classic', 'Wide') and gm.user_id = 'lr-2'
      on conflict (group_id, user_id, match_id) do update set joker = true`);
    const beforeClose = await groupRankings(db, leagueId, groupIds);
    try {
      await db.execute(sql`update matches set kickoff = now() + make_interval(mins => 15) where id = ${later!.id}::uuid`);
      expect((await liveRankings(db, leagueId, beforeClose)).size).toBe(0);
      const whole = await groupRankings(db, leagueId, groupIds);
      const jokers = (rankings: Map<string, GroupRanking>) => [...rankings.values()].flatMap((r) => r.rows.filter((row) => row.userId === 'lr-2').map((row) => row.jokers));
      expect(jokers(whole)).not.toEqual(jokers(beforeClose));
      // Rankings computed since (by more than the margin a late save needs: the deadline moved 20 s back) are bases again.
      await db.execute(sql`update matches set kickoff = now() + make_interval(mins => 15) - interval '20 seconds' where id = ${later!.id}::uuid`);
      await setMatches([{ id: first, status: 'live', home: 2, away: 1 }, { id: second, status: 'live', home: 2, away: 2 }]);
      const fromParts = await liveRankings(db, leagueId, whole);
      expect(fromParts.size).toBe(groupIds.length);
      const now = await groupRankings(db, leagueId, groupIds);
      for (const id of groupIds) expect(fromParts.get(id)).toEqual(now.get(id));
    } finally {
      await db.execute(sql`update matches set kickoff = ${later!.kickoff}::timestamptz where id = ${later!.id}::uuid`);
      await db.execute(sql`delete from predictions where match_id = ${later!.id}::uuid and user_id = 'lr-2'`);
    }
  });
});
