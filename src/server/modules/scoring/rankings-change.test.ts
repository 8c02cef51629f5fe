/**
 * What a result change says it moved in the rankings (scoreMatches): 'live' only when every match changed
 * was in play with a score before and after (a goal, a goal taken back), 'all' for anything else (a
 * kick-off, the final whistle, a result taken back to play, a match in play without a score, a bonus
 * question decided); said in
 * process before the commit and in the match events every instance hears at the commit. And the
 * RANKINGS_CHANNEL notice carries a 'live' kind that an instance reading it tells apart from 'all'.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { rowsOf, type Db } from '../../db/client';
import { groupMembers, groups, leagues, matches, predictions, teams, user } from '../../db/schema';
import { listenToRankingsSaid, type RankingsSaidListener } from '../../../../tests/helpers/rankings-said';
import { notifyRankingsChanged, parseRankingsNotice, RANKINGS_CHANNEL } from './rankings-changed';
import { scoreMatches } from './score-matches';

describe('parseRankingsNotice', () => {
  it('reads the origin, the group and a live change of every group, anything else being a change of all', () => {
    expect(parseRankingsNotice('')).toEqual({ origin: '', kind: 'all' });
    expect(parseRankingsNotice('i1')).toEqual({ origin: 'i1', kind: 'all' });
    expect(parseRankingsNotice('i1  live')).toEqual({ origin: 'i1', kind: 'live' });
    expect(parseRankingsNotice('  live')).toEqual({ origin: '', kind: 'live' });
    expect(parseRankingsNotice('i1  other')).toEqual({ origin: 'i1', kind: 'all' });
    // A group's own change is never a live one.
    expect(parseRankingsNotice('i1 g1')).toEqual({ origin: 'i1', groupId: 'g1', kind: 'all' });
    expect(parseRankingsNotice('i1 g1 live')).toEqual({ origin: 'i1', groupId: 'g1', kind: 'all' });
  });
});

describe(`what a result change moved in the rankings (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();
  let db: Db;
  let first: string;
  let second: string;
  let leagueId: string;
  let group: { id: string } | undefined;
  let heard: RankingsSaidListener;
  const notices: string[] = [];
  const stops: (() => unknown)[] = [];

  beforeAll(async () => {
    const database = testDatabase();
    db = database.db;
    const [league] = await db.insert(leagues).values({ name: 'Kinds', season: '1', kind: 'league', provider: 'test', externalId: 'kinds' }).returning();
    const clubs = await db.insert(teams).values([0, 1, 2, 3].map((i) => ({ name: `Kinds ${i}` }))).returning();
    const rows = await db.insert(matches).values([0, 1].map((i) => ({
      leagueId: league!.id, externalId: `k${i}`, roundName: 'R1', roundOrder: 1, stage: 'league' as const,
      kickoff: new Date(Date.UTC(2020, 0, 1, 15 + i)), status: 'scheduled' as const, homeTeamId: clubs[2 * i]!.id, awayTeamId: clubs[2 * i + 1]!.id,
    }))).returning({ id: matches.id });
    [first, second] = rows.map((row) => row.id) as [string, string];
    leagueId = league!.id;
    // An earlier round, played: what a bonus question on it is decided from.
    await db.insert(matches).values({
      leagueId, externalId: 'k-r0', roundName: 'R0', roundOrder: 0, stage: 'league', kickoff: new Date(Date.UTC(2019, 11, 1)),
      status: 'finished', homeTeamId: clubs[0]!.id, awayTeamId: clubs[3]!.id, homeGoals: 1, awayGoals: 1,
    });
    await db.insert(user).values([0, 1].map((i) => ({ id: `kinds-${i}`, name: `K${i}`, email: `kinds-${i}@example.com` })));
    [group] = await db.insert(groups).values({ name: 'Kinds', leagueId: league!.id, color: 'sky', inviteCode: 'KINDSKND', ownerId: 'kinds-0' }).returning();
    await db.insert(groupMembers).values([0, 1].map((i) => ({ groupId: group!.id, userId: `kinds-${i}` })));
    await db.insert(predictions).values([first, second].flatMap((matchId) => [0, 1].map((i) => ({ groupId: group!.id, userId: `kinds-${i}`, matchId, homeGoals: i, awayGoals: 0 }))));
    heard = await listenToRankingsSaid(database);
    stops.push(() => heard.stop());
    stops.push(await database.listen(RANKINGS_CHANNEL, (payload) => notices.push(payload)));
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  /** Until `count` notices arrived (they come on another connection). */
  const arrived = async (list: unknown[], count: number) => {
    for (let i = 0; i < 200 && list.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(list).toHaveLength(count);
  };

  /** Saves the states and scores them in one transaction, as an administrator's save does; returns what was said. */
  async function change(states: { id: string; status: 'scheduled' | 'live' | 'finished'; home: number | null; away: number | null }[]) {
    heard.clear();
    await db.transaction(async (tx) => {
      for (const { id, status, home, away } of states) await tx.update(matches).set({ status, homeGoals: home, awayGoals: away }).where(eq(matches.id, id));
      await scoreMatches(tx, states.map((state) => state.id));
    });
    return heard.said(states.length);
  }

  it('says live for scores in play changing alone, all for anything else, in process and to every instance', async () => {
    // Kick-off (0-0 now in play): the rankings turn provisional.
    expect(await change([{ id: first, status: 'live', home: 0, away: 0 }])).toEqual({ signalled: ['all'], announced: ['all'] });
    // A goal, and a goal taken back.
    expect(await change([{ id: first, status: 'live', home: 1, away: 0 }])).toEqual({ signalled: ['live'], announced: ['live'] });
    expect(await change([{ id: first, status: 'live', home: 0, away: 0 }])).toEqual({ signalled: ['live'], announced: ['live'] });
    // A goal beside another match's kick-off: all.
    expect(await change([{ id: first, status: 'live', home: 1, away: 0 }, { id: second, status: 'live', home: 0, away: 0 }]))
      .toEqual({ signalled: ['all'], announced: ['all', 'all'] });
    // Goals in both.
    expect(await change([{ id: first, status: 'live', home: 2, away: 0 }, { id: second, status: 'live', home: 0, away: 1 }]))
      .toEqual({ signalled: ['live'], announced: ['live', 'live'] });
    // The same score saved again (a rescore) moves nothing official either.
    expect(await change([{ id: first, status: 'live', home: 2, away: 0 }])).toEqual({ signalled: ['live'], announced: ['live'] });
    // In play without a score, and back to a score: all (the matches counted in play change).
    expect(await change([{ id: second, status: 'live', home: null, away: null }])).toEqual({ signalled: ['all'], announced: ['all'] });
    expect(await change([{ id: second, status: 'live', home: 0, away: 1 }])).toEqual({ signalled: ['all'], announced: ['all'] });
    // The final whistle, then the result taken back to play.
    expect(await change([{ id: first, status: 'finished', home: 2, away: 0 }])).toEqual({ signalled: ['all'], announced: ['all'] });
    expect(await change([{ id: first, status: 'live', home: 2, away: 0 }])).toEqual({ signalled: ['all'], announced: ['all'] });
    // Back to scheduled (a match wrongly started).
    expect(await change([{ id: second, status: 'scheduled', home: null, away: null }])).toEqual({ signalled: ['all'], announced: ['all'] });
  });

  it('says all for a goal that decides a bonus question (its points are in the official part), live for the next', async () => {
    await change([{ id: first, status: 'live', home: 0, away: 0 }]);
    // A question on the earlier round, closed since the last scoring: the next scoring decides it.
    await db.execute(sql`
      insert into bonus_questions (group_id, league_id, position, answer, subject, points, closes_at)
      values (${group!.id}::uuid, ${leagueId}::uuid, 1, 'teams', '{"kind":"reaches_round","round":"R0"}'::jsonb, 5, now() - interval '1 minute')`);
    expect(await change([{ id: first, status: 'live', home: 1, away: 0 }])).toEqual({ signalled: ['all'], announced: ['all'] });
    const [question] = rowsOf<{ solution: unknown }>(await db.execute(sql`select solution from bonus_questions where group_id = ${group!.id}::uuid`));
    expect(question?.solution).not.toBeNull();
    expect(await change([{ id: first, status: 'live', home: 2, away: 0 }])).toEqual({ signalled: ['live'], announced: ['live'] });
  });

  it("sends a live change of every group on RANKINGS_CHANNEL so that readers tell it apart, and a group's change as before", async () => {
    notices.length = 0;
    await notifyRankingsChanged(db, 'me', undefined, 'live');
    await notifyRankingsChanged(db, 'me');
    await notifyRankingsChanged(db, 'me', '7c3c1f7e-0000-4000-8000-000000000001', 'live');
    await arrived(notices, 3);
    expect(notices.map(parseRankingsNotice)).toEqual([
      { origin: 'me', kind: 'live' },
      { origin: 'me', kind: 'all' },
      { origin: 'me', groupId: '7c3c1f7e-0000-4000-8000-000000000001', kind: 'all' },
    ]);
  });
});
