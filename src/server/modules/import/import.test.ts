import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { hasOpenfootballData, OPENFOOTBALL_FILES, readOpenfootball } from '../../../../tests/openfootball-data';
import { groupMembers, groups, leagues, matches, predictions, teamAliases, teams, user } from '../../db/schema';
import type { ImportedCompetition } from '../../providers/fixture-source';
import { parseOpenfootball } from '../../providers/openfootball/parse';
import { importCompetition } from './service';
import { rowsOf } from '../../db/client';
import { roundTotalsMismatches, totalsMismatches } from '../scoring/consistency';
import { scoredPredictions } from '../scoring/scored-predictions';
import { listenToRankingsSaid } from '../../../../tests/helpers/rankings-said';

const withData = hasOpenfootballData();

describe(`importCompetition (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();
  const count = async (table: typeof teams | typeof matches | typeof leagues) =>
    Number((await testDatabase().db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n);

  it.runIf(withData).each(OPENFOOTBALL_FILES)('$path imports with the counts of INDEX.md', async (file) => {
    const competition = parseOpenfootball(readOpenfootball(file.path), { timeZone: file.tz, sourcePath: file.path });
    const summary = await importCompetition(testDatabase().db, competition, { provider: 'openfootball' });
    expect(summary).toMatchObject({ matches: file.matches, teams: file.teams, finished: file.finished, postponed: file.postponed, created: file.matches });
    const stored = await testDatabase().db.select({ status: matches.status }).from(matches).where(eq(matches.leagueId, summary.leagueId));
    expect(stored).toHaveLength(file.matches);
    expect(stored.filter((m) => m.status === 'finished')).toHaveLength(file.finished);
  });

  it.runIf(withData)('stores the World Cup 2022 final as a UTC instant with all three scores', async () => {
    const [final] = await testDatabase().db
      .select()
      .from(matches)
      .innerJoin(leagues, eq(leagues.id, matches.leagueId))
      .where(and(eq(leagues.name, 'World Cup 2022'), eq(matches.roundName, 'Final')));
    expect(final?.matches.kickoff.toISOString()).toBe('2022-12-18T15:00:00.000Z');
    expect(final?.matches).toMatchObject({
      stage: 'knockout', status: 'finished', homeGoals: 2, awayGoals: 2,
      homeGoalsExtraTime: 3, awayGoalsExtraTime: 3, homePenalties: 4, awayPenalties: 2,
    });
    expect(final?.leagues).toMatchObject({ kind: 'tournament', season: '2022' });
  });

  it.runIf(withData)('re-importing the same file changes nothing and duplicates nothing', async () => {
    const [teamsBefore, matchesBefore, leaguesBefore] = [await count(teams), await count(matches), await count(leagues)];
    const file = OPENFOOTBALL_FILES[1];
    const competition = parseOpenfootball(readOpenfootball(file.path), { timeZone: file.tz, sourcePath: file.path });
    const summary = await importCompetition(testDatabase().db, competition, { provider: 'openfootball' });
    expect(summary).toMatchObject({ created: 0, updated: 0, unchanged: 64, rescored: 0 });
    expect([await count(teams), await count(matches), await count(leagues)]).toEqual([teamsBefore, matchesBefore, leaguesBefore]);
  });

  it('scores a match again when its shoot-out arrives in a later import (it decides who won a final)', async () => {
    const final = (penalties: [number, number] | null): ImportedCompetition => ({
      name: 'Shoot-out Cup', season: '2030', kind: 'tournament', warnings: [],
      matches: [{
        externalId: 'shoot-out-final', roundName: 'Final', roundOrder: 1, stage: 'knockout', groupName: null,
        kickoff: new Date('2030-07-02T18:00:00Z'), status: 'finished', home: { name: 'Gamma FC', code: null }, away: { name: 'Delta FC', code: null },
        fullTime: [1, 1], extraTime: [2, 2], penalties, venue: null, label: 'Final: Gamma FC v Delta FC',
      }],
    });
    const { leagueId } = await importCompetition(testDatabase().db, final(null), { provider: 'test' });
    const version = async () => (await testDatabase().db.select({ v: matches.resultVersion }).from(matches).where(eq(matches.leagueId, leagueId)))[0]!.v;
    const before = await version();
    expect(await importCompetition(testDatabase().db, final(null), { provider: 'test' })).toMatchObject({ unchanged: 1 });
    expect(await version()).toBe(before);
    expect(await importCompetition(testDatabase().db, final([5, 4]), { provider: 'test' })).toMatchObject({ updated: 1 });
    expect(await version()).toBe(before + 1);
  });

  describe('with predictions on a small cup', () => {
    const cup = (final: [number, number] | null, status: 'scheduled' | 'finished' | 'postponed' = final ? 'finished' : 'scheduled'): ImportedCompetition => ({
      name: 'Friendly Cup', season: '2030', kind: 'tournament', warnings: [],
      matches: [{
        externalId: 'final', roundName: 'Final', roundOrder: 1, stage: 'knockout', groupName: null,
        kickoff: new Date('2030-07-01T18:00:00Z'), status, home: { name: 'Alpha FC', code: 'ALP' }, away: { name: 'Beta FC', code: null },
        fullTime: final, extraTime: null, penalties: null, venue: 'Somewhere', label: 'Final: Alpha FC v Beta FC',
      }],
    });
    let groupId: string;
    let matchId: string;

    beforeAll(async () => {
      const summary = await importCompetition(testDatabase().db, cup(null), { provider: 'test' });
      const db = testDatabase().db;
      await db.insert(user).values([
        { id: 'u1', name: 'One', email: 'one@example.com', emailVerified: true },
        { id: 'u2', name: 'Two', email: 'two@example.com', emailVerified: true },
      ]);
      const [group] = await db.insert(groups).values({ name: 'G', leagueId: summary.leagueId, color: 'sky', inviteCode: 'ABCDEFGH', ownerId: 'u1' }).returning();
      groupId = group!.id;
      await db.insert(groupMembers).values([{ groupId, userId: 'u1', role: 'owner' }, { groupId, userId: 'u2' }]);
      [{ id: matchId }] = (await db.select({ id: matches.id }).from(matches).where(eq(matches.leagueId, summary.leagueId))) as [{ id: string }];
      await db.insert(predictions).values([
        { groupId, userId: 'u1', matchId, homeGoals: 1, awayGoals: 0 },
        { groupId, userId: 'u2', matchId, homeGoals: 0, awayGoals: 2 },
      ]);
    });

    const points = async () => {
      const rows = await scoredPredictions(testDatabase().db, { groupId });
      expect(await totalsMismatches(testDatabase().db, groupId)).toEqual([]);
      return rows.map(({ userId, points, outcome }) => ({ userId, points, outcome })).sort((a, b) => (a.userId < b.userId ? -1 : 1));
    };

    it('scores predictions when an import brings the result, and re-scores when it changes', async () => {
      const first = await importCompetition(testDatabase().db, cup([1, 0]), { provider: 'test' });
      expect(first).toMatchObject({ updated: 1, rescored: 2 });
      expect(await points()).toEqual([{ userId: 'u1', points: 10, outcome: 'exact' }, { userId: 'u2', points: -2, outcome: 'opposite' }]);
      const corrected = await importCompetition(testDatabase().db, cup([0, 1]), { provider: 'test' });
      expect(corrected).toMatchObject({ updated: 1, rescored: 2 });
      expect(await points()).toEqual([{ userId: 'u1', points: -2, outcome: 'opposite' }, { userId: 'u2', points: 3, outcome: 'winner' }]);
      const postponed = await importCompetition(testDatabase().db, cup(null, 'postponed'), { provider: 'test' });
      expect(postponed.rescored).toBe(2);
      expect(await points()).toEqual([{ userId: 'u1', points: null, outcome: 'void' }, { userId: 'u2', points: null, outcome: 'void' }]);
    });

    it('moves the points with a match that moves to another round', async () => {
      const db = testDatabase().db;
      await importCompetition(db, cup([1, 0]), { provider: 'test' });
      const moved = cup([1, 0]);
      moved.matches = moved.matches.map((match) => ({ ...match, roundOrder: 2 }));
      await importCompetition(db, moved, { provider: 'test' });
      expect(await roundTotalsMismatches(db, groupId)).toEqual([]);
      const rounds = rowsOf<{ round_order: number }>(await db.execute(sql`
        select distinct round_order from member_round_totals where group_id = ${groupId}::uuid and scored > 0`));
      expect(rounds).toEqual([{ round_order: 2 }]);
    });

    it('publishes a moved kickoff as a live match event, once, and nothing for an unchanged import', async () => {
      const db = testDatabase().db;
      const events = async () => rowsOf<{ payload: { matchId: string; kickoff: string; status: string } }>(await db.execute(sql`
        select payload from live_events where kind = 'match' and payload->>'matchId' = ${matchId} order by id`)).map((row) => row.payload);
      const scheduled = await importCompetition(db, cup(null), { provider: 'test' }); // a result change: published by scoring
      expect(scheduled.rescored).toBeGreaterThan(0);
      const before = (await events()).length;
      await importCompetition(db, cup(null), { provider: 'test' });
      expect(await events(), 'nothing changed').toHaveLength(before);
      const later = cup(null);
      later.matches = later.matches.map((match) => ({ ...match, kickoff: new Date('2030-07-02T20:30:00Z') }));
      const moved = await importCompetition(db, later, { provider: 'test' });
      expect(moved).toMatchObject({ updated: 1, rescored: 0 });
      const after = await events();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({ matchId, status: 'scheduled', kickoff: '2030-07-02T20:30:00.000Z' });
      await importCompetition(db, later, { provider: 'test' });
      expect(await events(), 'the same kickoff again').toHaveLength(before + 1);
    });

    it('writes nothing when any part of an import fails', async () => {
      const before = await testDatabase().db.select().from(matches).where(eq(matches.id, matchId));
      const broken = cup([5, 5]);
      broken.matches.push({ ...broken.matches[0]!, externalId: 'bad', kickoff: new Date(Number.NaN) });
      await expect(importCompetition(testDatabase().db, broken, { provider: 'test' })).rejects.toThrow();
      expect(await testDatabase().db.select().from(matches).where(eq(matches.id, matchId))).toEqual(before);
      expect(await testDatabase().db.select().from(matches).where(eq(matches.externalId, 'bad'))).toEqual([]);
    });

    it('says a change of live scores alone when that is all an import brings, and a change of all otherwise', async () => {
      const database = testDatabase();
      const [{ kickoff }] = (await database.db.select({ kickoff: matches.kickoff }).from(matches).where(eq(matches.id, matchId))) as [{ kickoff: Date }];
      /** The cup's final in play at `score`, where it is now (and at `venue`). */
      const inPlay = (score: [number, number], venue = 'Somewhere'): ImportedCompetition => {
        const competition = cup(score, 'finished');
        competition.matches = competition.matches.map((match) => ({ ...match, kickoff, status: 'live', venue }));
        return competition;
      };
      const heard = await listenToRankingsSaid(database);
      /** What importing `competition` said: in process, and in its match events (heard on another connection). */
      const said = async (competition: ImportedCompetition, events: number) => {
        heard.clear();
        await importCompetition(database.db, competition, { provider: 'test' });
        return heard.said(events);
      };
      try {
        expect(await said(inPlay([0, 0]), 1)).toEqual({ signalled: ['all'], announced: ['all'] }); // kick-off
        expect(await said(inPlay([1, 0]), 1)).toEqual({ signalled: ['live'], announced: ['live'] }); // a goal
        // The venue alone (no result changed): a change of all, by the import's notice.
        expect(await said(inPlay([1, 0], 'Elsewhere'), 0)).toEqual({ signalled: ['all'], announced: [] });
        // A goal and the venue: the goal's events say all too, and so does the notice.
        expect(await said(inPlay([2, 0], 'Somewhere'), 1)).toEqual({ signalled: ['all', 'all'], announced: ['all'] });
        expect(await said(inPlay([2, 1], 'Somewhere'), 1)).toEqual({ signalled: ['live'], announced: ['live'] });
      } finally {
        await heard.stop();
      }
    });
  });

  it('meets a provider\'s other name of a team through its alias, and writes into a given league', async () => {
    const db = testDatabase().db;
    const [usa] = await db.insert(teams).values({ name: 'Republic of Atlantis', code: 'ATL' }).returning();
    await db.insert(teamAliases).values({ alias: 'atlantis', teamId: usa!.id });
    const friendly = (home: string): ImportedCompetition => ({
      name: 'Alias Friendly', season: '2031', kind: 'league', warnings: [],
      matches: [{
        externalId: 'f1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', groupName: null,
        kickoff: new Date('2031-03-01T18:00:00Z'), status: 'scheduled', home: { name: home, code: null }, away: { name: 'Gamma FC', code: null },
        fullTime: null, extraTime: null, penalties: null, venue: null, label: `${home} v Gamma FC`,
      }],
    });
    const summary = await importCompetition(db, friendly('Atlantis'), { provider: 'test' });
    const [match] = await db.select({ home: matches.homeTeamId }).from(matches).where(eq(matches.leagueId, summary.leagueId));
    expect(match!.home).toBe(usa!.id);
    expect(await db.select().from(teams).where(eq(teams.name, 'Atlantis'))).toEqual([]);
    // Into a given league: the same league row, whatever the competition's name says.
    const renamed = { ...friendly('ATLANTIS'), name: 'Renamed by the provider' }; // aliases ignore case
    const again = await importCompetition(db, renamed, { provider: 'test', leagueId: summary.leagueId });
    expect(again).toMatchObject({ leagueId: summary.leagueId, unchanged: 1 });
    await expect(importCompetition(db, renamed, { provider: 'test', leagueId: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(/does not exist/);
  });
});
