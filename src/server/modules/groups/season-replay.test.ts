/**
 * A full season replay over HTTP on a real database: the Premier League 2024/25 from the shared
 * openfootball data, 20 members whose predictions come from a seeded generator, results applied round by
 * round (some folded at once, some left queued and counted on read). After every round the ranking and
 * the stats equal an independent recomputation written here from the raw file: totals, ranks, movement,
 * matchday winners, the stat cards, the podium and the charts' series (rank and cumulative points per round).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenfootballData, readOpenfootball } from '../../../../tests/openfootball-data';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { groupStatsResponse } from '../../../contracts/stats';
import { rowsOf } from '../../db/client';
import { parseOpenfootball } from '../../providers/openfootball/parse';
import { importCompetition } from '../import/service';
import { foldPending } from '../scoring/fold';
import { advanceSeasonMarks, seasonTotalsMismatches } from '../scoring/season-totals';
import { scoreMatches } from '../scoring/score-matches';

interface RawMatch { round: string; date: string; time: string; team1: string; team2: string; score: { ft: [number, number] } }
interface Totals { points: number; exact: number; goalDifference: number; winner: number; opposite: number }

const MEMBERS = 20;

/** Deterministic pseudo-random scores, 0–3 goals, mostly low. */
function predictedScore(member: number, match: number): [number, number] {
  let x = (member * 7919 + match * 104_729 + 12_345) >>> 0;
  const next = () => {
    x = (Math.imul(x ^ (x >>> 15), 2_246_822_519) + 3_266_489_917) >>> 0;
    x ^= x >>> 13;
    return (x % 100) / 100;
  };
  const goals = () => { const r = next(); return r < 0.35 ? 0 : r < 0.7 ? 1 : r < 0.9 ? 2 : 3; };
  return [goals(), goals()];
}

/** The published rule, written again here: exact 10, goal difference 5, winner 3, opposite −2, else 0. */
function score(predicted: [number, number], actual: [number, number]): { points: number; kind: keyof Totals | null } {
  if (predicted[0] === actual[0] && predicted[1] === actual[1]) return { points: 10, kind: 'exact' };
  const p = predicted[0] - predicted[1];
  const a = actual[0] - actual[1];
  if (p === a) return { points: 5, kind: 'goalDifference' };
  if (Math.sign(p) === Math.sign(a)) return { points: 3, kind: 'winner' };
  if (a !== 0 && Math.sign(p) === -Math.sign(a)) return { points: -2, kind: 'opposite' };
  return { points: 0, kind: null };
}

/** Standard competition ranks ("1, 1, 3") by points, exact, goal difference, winner, then fewer −2. */
function ranks(totals: Map<string, Totals>): Map<string, number> {
  const key = (t: Totals) => [t.points, t.exact, t.goalDifference, t.winner, -t.opposite];
  const entries = [...totals.entries()];
  return new Map(entries.map(([id, t]) => {
    const better = entries.filter(([, o]) => {
      const a = key(o); const b = key(t);
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
      return false;
    }).length;
    return [id, better + 1];
  }));
}

const leaders = (values: Map<string, number>) => {
  const best = Math.max(0, ...values.values());
  return best <= 0 ? { userIds: [], value: 0 } : { userIds: [...values].filter(([, v]) => v === best).map(([id]) => id).sort(), value: best };
};

describe.runIf(hasOpenfootballData())(`season replay: Premier League 2024/25, 20 members (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let viewer: TestUser;
  let groupId: string;
  let memberIds: string[];
  const raw = (hasOpenfootballData() ? readOpenfootball('football.json/2024-25/en.1.json') : { matches: [] }) as { matches: RawMatch[] };
  const rounds = [...new Set(raw.matches.map((m) => m.round))].sort((a, b) => Number(a.split(' ')[1]) - Number(b.split(' ')[1]));

  beforeAll(async () => {
    t = await createTestApp({ SCORING_FOLD_INTERVAL_MS: '3600000' });
    const competition = parseOpenfootball(raw, { timeZone: 'Europe/London', sourcePath: '2024-25/en.1.json' });
    // Fixtures without results: the season is replayed round by round.
    competition.matches = competition.matches.map((m) => ({ ...m, status: 'scheduled', fullTime: null, extraTime: null, penalties: null }));
    const { leagueId } = await importCompetition(t.database.db, competition, { provider: 'openfootball' });
    viewer = await createUser(t, { username: 'viewer' });
    groupId = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Replay pool', leagueId }, headers: { cookie: viewer.cookie } })).json().group.id;
    const db = t.database.db;
    await db.execute(sql`insert into "user" (id, name, email) select 'replay-' || i, 'Member ' || i, 'replay-' || i || '@example.com' from generate_series(1, ${MEMBERS - 1}) i`);
    await db.execute(sql`insert into profiles (user_id, username, full_name) select id, replace(id, 'replay-', 'member'), name from "user" where id like 'replay-%'`);
    await db.execute(sql`insert into group_members (group_id, user_id) select ${groupId}::uuid, id from "user" where id like 'replay-%'`);
    memberIds = rowsOf<{ user_id: string }>(await db.execute(sql`select user_id from group_members where group_id = ${groupId}::uuid order by user_id`)).map((r) => r.user_id);
    expect(memberIds).toHaveLength(MEMBERS);
    const ids = await matchIds();
    const values = memberIds.flatMap((userId, member) => raw.matches.map((m, index) => {
      const [home, away] = predictedScore(member, index);
      return sql`(${groupId}::uuid, ${userId}, ${ids.get(keyOf(m))!}::uuid, ${home}, ${away})`;
    }));
    for (let i = 0; i < values.length; i += 1000) {
      await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals) values ${sql.join(values.slice(i, i + 1000), sql`, `)}`);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  const keyOf = (m: { round: string; team1: string; team2: string }) => `${m.round}|${m.team1}|${m.team2}`;
  async function matchIds(): Promise<Map<string, string>> {
    const rows = rowsOf<{ id: string; round_name: string; home: string; away: string }>(await t.database.db.execute(sql`
      select m.id, m.round_name, h.name as home, a.name as away from matches m join teams h on h.id = m.home_team_id join teams a on a.id = m.away_team_id`));
    return new Map(rows.map((r) => [`${r.round_name}|${r.home}|${r.away}`, r.id]));
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } }).then((r) => r.json());

  it('agrees with an independent recomputation after every round', async () => {
    const ids = await matchIds();
    // Results arrive in the league's round order (chronological, as imported), not by the matchday's number.
    const order = new Map(rowsOf<{ round_name: string; round_order: number }>(await t.database.db.execute(sql`
      select distinct round_name, round_order from matches`)).map((row) => [row.round_name, Number(row.round_order)]));
    rounds.sort((a, b) => order.get(a)! - order.get(b)!);
    const totals = new Map(memberIds.map((id) => [id, { points: 0, exact: 0, goalDifference: 0, winner: 0, opposite: 0 } as Totals]));
    const picks = new Map(memberIds.map((id) => [id, [] as { at: string; id: string; points: number }[]]));
    const bestRound = new Map<string, number>();
    let previousRanks = new Map(memberIds.map((id) => [id, 1]));
    // The season mark: the latest round finished (each is played whole) while nothing was left queued.
    let quietMark: number | undefined;
    // Each member's rank and cumulative points after every round so far: the charts' series.
    const series = new Map(memberIds.map((id) => [id, { ranks: [] as number[], cumulativePoints: [] as number[] }]));

    for (const [r, round] of rounds.entries()) {
      const played = raw.matches.map((m, index) => ({ m, index })).filter(({ m }) => m.round === round);
      const roundPoints = new Map(memberIds.map((id) => [id, 0]));
      for (const { m, index } of played) {
        await t.database.db.execute(sql`update matches set status = 'finished', home_goals = ${m.score.ft[0]}, away_goals = ${m.score.ft[1]} where id = ${ids.get(keyOf(m))!}::uuid`);
        memberIds.forEach((userId, member) => {
          const result = score(predictedScore(member, index), m.score.ft);
          const total = totals.get(userId)!;
          total.points += result.points;
          if (result.kind) total[result.kind] += 1;
          roundPoints.set(userId, roundPoints.get(userId)! + result.points);
          picks.get(userId)!.push({ at: `${m.date}T${m.time}`, id: ids.get(keyOf(m))!, points: result.points });
        });
      }
      // Odd rounds are folded at once; even rounds stay queued and are counted on read.
      await scoreMatches(t.database.db, played.map(({ m }) => ids.get(keyOf(m))!), { syncLimit: r % 2 === 0 ? 1_000_000 : 0 });
      for (const [id, points] of roundPoints) bestRound.set(id, Math.max(bestRound.get(id) ?? Number.NEGATIVE_INFINITY, points));
      // The folder's tick moves the season mark of a quiet league (rounds left queued keep it where it is);
      // rankings then read the season rows up to it.
      // Every fourth round the folder catches up with the queue first.
      if (r % 4 === 3) await foldPending(t.database.db);
      else await advanceSeasonMarks(t.database.db);
      const [{ queued }] = rowsOf<{ queued: number }>(await t.database.db.execute(sql`select count(*)::int as queued from scoring_queue`)) as [{ queued: number }];
      const [mark] = rowsOf<{ through_round: number }>(await t.database.db.execute(sql`select through_round from season_total_marks`));
      if (queued === 0) quietMark = order.get(round)!;
      expect(mark?.through_round, `season mark after ${round}`).toBe(quietMark);
      expect(await seasonTotalsMismatches(t.database.db), `season rows after ${round}`).toEqual([]);

      const expectedRanks = ranks(totals);
      const ranking = (await get(`/api/groups/${groupId}/ranking`)).ranking as ({ userId: string; rank: number } & Totals)[];
      expect(ranking.map((row) => [row.userId, row.rank, row.points, row.exact, row.goalDifference, row.winner, row.opposite]).sort(),
        `ranking after ${round}`).toEqual(memberIds.map((id) => {
        const x = totals.get(id)!;
        return [id, expectedRanks.get(id), x.points, x.exact, x.goalDifference, x.winner, x.opposite];
      }).sort());

      for (const id of memberIds) {
        series.get(id)!.ranks.push(expectedRanks.get(id)!);
        series.get(id)!.cumulativePoints.push(totals.get(id)!.points);
      }
      const stats = await get(`/api/groups/${groupId}/stats`);
      expect(stats.standings.roundOrders, `chart rounds after ${round}`).toEqual(rounds.slice(0, r + 1).map((name) => order.get(name)).sort((a, b) => a! - b!));
      expect(Object.fromEntries(stats.standings.members.map((m: { userId: string; ranks: number[]; cumulativePoints: number[] }) => [m.userId, { ranks: m.ranks, cumulativePoints: m.cumulativePoints }])),
        `chart series after ${round}`).toEqual(Object.fromEntries(series));
      // The page keeps its contract after every round (the server builds it typed, without checking it).
      expect(groupStatsResponse.safeParse(stats).error, `stats contract after ${round}`).toBeUndefined();
      const movement = Object.fromEntries(memberIds.map((id) => [id, r === 0 ? 0 : previousRanks.get(id)! - expectedRanks.get(id)!]));
      expect(stats.movement, `movement after ${round}`).toEqual(movement);
      expect(Object.fromEntries(ranking.map((row) => [row.userId, (row as unknown as { movement: number }).movement])), `ranking movement after ${round}`).toEqual(movement);
      const winners = leaders(roundPoints);
      const roundOrder = stats.rounds.find((x: { roundName: string }) => x.roundName === round).roundOrder as number;
      const shownWinners = stats.matchdayWinners.find((w: { roundOrder: number }) => w.roundOrder === roundOrder) ?? { roundOrder, userIds: [], points: 0 };
      expect({ ...shownWinners, userIds: [...shownWinners.userIds].sort() }, `winners of ${round}`)
        .toEqual({ roundOrder, userIds: winners.userIds, points: winners.value });
      // The round view's own endpoint agrees.
      const onRound = (await get(`/api/groups/${groupId}/matchday-winners`)).winners.find((w: { roundOrder: number }) => w.roundOrder === roundOrder)
        ?? { roundOrder, points: 0, members: [] };
      expect({ roundOrder, points: onRound.points, userIds: onRound.members.map((m: { userId: string }) => m.userId).sort() }, `round view winners of ${round}`)
        .toEqual({ roundOrder, userIds: winners.userIds, points: winners.userIds.length > 0 ? winners.value : 0 });
      previousRanks = expectedRanks;

      // The cards and the podium, every round.
      const streaks = new Map(memberIds.map((id) => {
        const ordered = [...picks.get(id)!].sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : 1) : a.at < b.at ? -1 : 1));
        let best = 0; let run = 0;
        for (const pick of ordered) { run = pick.points > 0 ? run + 1 : 0; best = Math.max(best, run); }
        return [id, best];
      }));
      const count = (kind: keyof Totals) => leaders(new Map(memberIds.map((id) => [id, totals.get(id)![kind]])));
      const top = leaders(bestRound);
      // Ties list every member; compare them as sets (the viewer's id is random, so any fixed order would be arbitrary).
      const cards = Object.fromEntries(stats.cards.map((card: { kind: string; userIds: string[] }) => [card.kind, { ...card, userIds: [...card.userIds].sort() }]));
      expect(cards.sharpshooter).toMatchObject(count('exact'));
      expect(cards.mathematician).toMatchObject(count('goalDifference'));
      expect(cards.victor).toMatchObject(count('winner'));
      expect(cards.unlucky).toMatchObject(count('opposite'));
      expect({ userIds: cards.topScorer.userIds, value: cards.topScorer.value }).toEqual(top); // sorted above
      expect(cards.hotStreak).toMatchObject(leaders(streaks));
      expect(stats.podium.map((p: { userId: string; rank: number }) => [p.userId, p.rank]).sort())
        .toEqual([...expectedRanks].filter(([, rank]) => rank <= 3).sort());
    }
    // The mark moved with the season: last after the 37th round, the last one after which nothing was
    // left queued (the 38th stays queued until the folder runs).
    expect(quietMark).toBe(order.get(rounds[36]!)!);
    await foldPending(t.database.db);
    const final = await get(`/api/groups/${groupId}/stats`);
    expect(final.leagueFinished).toBe(true);
    expect(final.rounds).toHaveLength(38);
    expect(final.standings.roundOrders).toHaveLength(38);
    expect(final.standings.members.map((m: { ranks: number[] }) => m.ranks.length)).toEqual(Array(MEMBERS).fill(38));
  }, 240_000);
});
