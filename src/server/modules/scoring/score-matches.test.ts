/**
 * The set-based scoring SQL must agree with the domain rule (src/domain/scoring.ts) on every
 * predicted and actual score up to 5-5: 1,296 predictions scored in one statement, and folded into totals
 * that the consistency checks find exact; a third of them carry a joker (src/domain/jokers.ts), doubled alike.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { jokerPoints, JOKER_MODES } from '../../../domain/jokers';
import { PREDICTION_OUTCOMES, scorePrediction } from '../../../domain/scoring';
import { groupMembers, groups, leagues, matches, predictions, teams, user } from '../../db/schema';
import { roundTotalsMismatches, totalsMismatches } from './consistency';
import { scoredPredictions } from './scored-predictions';
import { countedResultSql, liveOutcomeSql, outcomeOnCountedSql, pointsSql } from './scoring-sql';
import { rowsOf } from '../../db/client';
import { scoreMatches } from './score-matches';

describe(`scoreMatches (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();

  it('agrees with scorePrediction on every score up to 5-5', async () => {
    const db = testDatabase().db;
    const [league] = await db.insert(leagues).values({ name: 'Grid', season: '1', kind: 'league', provider: 'test', externalId: 'grid' }).returning();
    const [home, away] = await db.insert(teams).values([{ name: 'Grid Home' }, { name: 'Grid Away' }]).returning();
    const actuals: [number, number][] = [];
    for (let h = 0; h <= 5; h++) for (let a = 0; a <= 5; a++) actuals.push([h, a]);
    const matchRows = await db.insert(matches).values(actuals.map(([h, a], i) => ({
      leagueId: league!.id, externalId: `m${i}`, roundName: 'R', roundOrder: 1, stage: 'league' as const,
      kickoff: new Date('2020-01-01T00:00:00Z'), status: 'finished' as const, homeTeamId: home!.id, awayTeamId: away!.id, homeGoals: h, awayGoals: a,
    }))).returning({ id: matches.id, homeGoals: matches.homeGoals, awayGoals: matches.awayGoals });
    await db.insert(user).values(actuals.map((_, i) => ({ id: `grid-${i}`, name: `G${i}`, email: `g${i}@example.com` })));
    const [group] = await db.insert(groups).values({ name: 'Grid', leagueId: league!.id, color: 'sky', inviteCode: 'GRIDGRID', ownerId: 'grid-0', jokerMode: 'double', jokersPerSeason: 10 }).returning();
    await db.insert(groupMembers).values(actuals.map((_, i) => ({ groupId: group!.id, userId: `grid-${i}` })));
    // user i predicts actuals[i] for every match
    // A third of them with a joker (the group doubles the points, the −2 too).
    await db.insert(predictions).values(matchRows.flatMap((match, m) => actuals.map(([h, a], i) => ({
      groupId: group!.id, userId: `grid-${i}`, matchId: match.id, homeGoals: h, awayGoals: a, joker: (i + m) % 3 === 0,
    }))));

    expect(await scoreMatches(db, matchRows.map((m) => m.id))).toBe(36 * 36);

    const scored = await scoredPredictions(db, { groupId: group!.id });
    expect(scored).toHaveLength(36 * 36);
    const actualById = new Map(matchRows.map((m) => [m.id, { home: m.homeGoals!, away: m.awayGoals! }]));
    for (const p of scored) {
      const plain = scorePrediction({ home: p.homeGoals, away: p.awayGoals }, actualById.get(p.matchId)!);
      const expected = p.joker ? { ...plain, points: jokerPoints(plain.points, 'double') } : plain;
      expect({ points: p.points, outcome: p.outcome }, `${p.homeGoals}-${p.awayGoals} vs ${JSON.stringify(actualById.get(p.matchId))}`).toEqual(expected);
    }
    // The same rule on a result reduced once per match (countedResultSql, as the stats page scores) agrees.
    const reduced = rowsOf<{ id: string; outcome: string | null }>(await db.execute(sql`
      select p.user_id || ' ' || p.match_id as id, ${outcomeOnCountedSql('p', 'r')} as outcome
        from predictions p
        join (select m.id, ${countedResultSql('m', 'g')} from matches m cross join groups g where g.id = ${group!.id}::uuid) r on r.id = p.match_id
       where p.group_id = ${group!.id}::uuid`));
    expect(reduced).toHaveLength(36 * 36);
    // Each prediction of the group by "user match" (its key within the group).
    const byPrediction = new Map((await db.select({ userId: predictions.userId, matchId: predictions.matchId, homeGoals: predictions.homeGoals, awayGoals: predictions.awayGoals })
      .from(predictions).where(eq(predictions.groupId, group!.id))).map((p) => [`${p.userId} ${p.matchId}`, p]));
    for (const row of reduced) {
      const p = byPrediction.get(row.id)!;
      expect(row.outcome).toBe(scorePrediction({ home: p.homeGoals, away: p.awayGoals }, actualById.get(p.matchId)!).outcome);
    }
    // The folded totals are the same rule summed.
    expect(await roundTotalsMismatches(db, group!.id)).toEqual([]);
    expect(await totalsMismatches(db, group!.id)).toEqual([]);

    // In play, the provisional ranking's rule ("if it ended now") is the same rule on the live score; on a
    // knockout match whose group counts extra time, on the score after extra time once it has one.
    await db.update(matches).set({ status: 'live' }).where(eq(matches.leagueId, league!.id));
    const liveOutcomes = async () => new Map(rowsOf<{ id: string; outcome: string | null }>(await db.execute(sql`
      select p.user_id || ' ' || p.match_id as id, ${liveOutcomeSql('p', 'm', 'g')} as outcome
        from predictions p join matches m on m.id = p.match_id join groups g on g.id = p.group_id
       where p.group_id = ${group!.id}::uuid`)).map((row) => [row.id, row.outcome]));
    let live = await liveOutcomes();
    for (const [id, p] of byPrediction) {
      expect(live.get(id)).toBe(scorePrediction({ home: p.homeGoals, away: p.awayGoals }, actualById.get(p.matchId)!).outcome);
    }
    await db.update(matches).set({ stage: 'knockout', homeGoalsExtraTime: sql`${matches.homeGoals} + 1`, awayGoalsExtraTime: matches.awayGoals })
      .where(eq(matches.leagueId, league!.id));
    await db.update(groups).set({ knockoutBasis: 'extra_time' }).where(eq(groups.id, group!.id));
    live = await liveOutcomes();
    for (const [id, p] of byPrediction) {
      const actual = actualById.get(p.matchId)!;
      expect(live.get(id)).toBe(scorePrediction({ home: p.homeGoals, away: p.awayGoals }, { home: actual.home + 1, away: actual.away }).outcome);
    }
    // Not in play: no provisional outcome.
    await db.update(matches).set({ status: 'scheduled' }).where(eq(matches.leagueId, league!.id));
    expect([...(await liveOutcomes()).values()].every((outcome) => outcome === null)).toBe(true);

    // Every result corrected at once, in one call: still exact.
    await db.update(matches).set({ status: 'finished', stage: 'league', homeGoals: 0, awayGoals: 0, homeGoalsExtraTime: null, awayGoalsExtraTime: null })
      .where(eq(matches.leagueId, league!.id));
    await db.update(groups).set({ knockoutBasis: 'full_time' }).where(eq(groups.id, group!.id));
    expect(await scoreMatches(db, matchRows.map((m) => m.id))).toBe(36 * 36);
    expect(await roundTotalsMismatches(db, group!.id)).toEqual([]);
    expect(await totalsMismatches(db, group!.id)).toEqual([]);
  });

  it('applies a joker as jokerPoints does, in both modes, on custom points and on void or unscored outcomes', async () => {
    const db = testDatabase().db;
    const outcomes = [...PREDICTION_OUTCOMES, null] as const;
    const points = { exact: 7, goal_difference: 4, winner: 2, opposite: -3, miss: 0 } as Record<string, number>;
    for (const mode of [...JOKER_MODES, null]) {
      for (const joker of [true, false, null]) {
        const rows = rowsOf<{ outcome: string | null; points: number | null }>(await db.execute(sql`
          select x.outcome, ${pointsSql(sql`x.outcome`, 'x')} as points
            from (select o.outcome::prediction_outcome as outcome, 7 as scoring_exact, 4 as scoring_goal_difference, 2 as scoring_winner,
                         -3 as scoring_opposite, ${mode}::joker_mode as joker_mode, ${joker}::boolean as joker
                    from unnest(${`{${outcomes.map((o) => o ?? 'NULL').join(',')}}`}::text[]) as o(outcome)) x`));
        expect(rows).toHaveLength(outcomes.length);
        for (const row of rows) {
          const base = row.outcome === null || row.outcome === 'void' ? null : points[row.outcome]!;
          const expected = base === null ? null : joker && mode ? jokerPoints(base, mode) : base;
          expect(row.points, `${row.outcome} ${mode} ${joker}`).toBe(expected);
        }
      }
    }
  });

  it('does nothing for no matches', async () => {
    expect(await scoreMatches(testDatabase().db, [])).toBe(0);
  });
});
