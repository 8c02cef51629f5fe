/**
 * The World Cup 2022 replayed over HTTP with the tournament's bonus questions, from the shared openfootball
 * data: the fixtures imported without results and moved into the future, the owner adds the tournament
 * set, members answer, the questions close, then the results arrive round by round through the scoring
 * path (as a provider's would). The answers and the ranking's bonus points are checked against an
 * independent reading of the raw file: Argentina champions on penalties after 3–3, France runners-up, the
 * four semi-finalists, the top-scoring team and 172 goals; a corrected final decides the champion again.
 * The group plays with jokers (three for the season, doubling the points, the −2 too): members' jokers on
 * the final (2–2 after 90 minutes, the score the group counts), a semi-final and Saudi Arabia's upset of
 * Argentina count doubled in the ranking beside the bonus points, read from the file by the spec's points.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenfootballData, readOpenfootball } from '../../../../tests/openfootball-data';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { parseOpenfootball } from '../../providers/openfootball/parse';
import { importCompetition } from '../import/service';
import { bonusMismatches, jokerMismatches, totalsMismatches } from '../scoring/consistency';
import { scoreMatches } from '../scoring/score-matches';

type Pair = [number, number];
interface RawMatch { round: string; team1: string; team2: string; score: { ft: Pair; et?: Pair; p?: Pair } }

/** Each member's answers, by preset key (none: no answer). */
const ANSWERS: Record<string, Record<string, object>> = {
  ana: {
    champion: { kind: 'team', team: 'Argentina' }, runner_up: { kind: 'team', team: 'France' },
    semi_finalists: { kind: 'teams', teams: ['Argentina', 'France', 'Croatia', 'Morocco'] },
    top_scoring_team: { kind: 'team', team: 'France' }, total_goals: { kind: 'number', value: 172 },
  },
  bruno: {
    champion: { kind: 'team', team: 'France' }, runner_up: { kind: 'team', team: 'Argentina' },
    semi_finalists: { kind: 'teams', teams: ['France', 'Brazil', 'England', 'Argentina'] },
    top_scoring_team: { kind: 'team', team: 'Argentina' }, total_goals: { kind: 'number', value: 168 },
  },
  carla: {
    champion: { kind: 'team', team: 'Brazil' }, runner_up: { kind: 'team', team: 'Spain' },
    semi_finalists: { kind: 'teams', teams: ['Brazil', 'Spain', 'Germany', 'Portugal'] },
    top_scoring_team: { kind: 'team', team: 'England' }, total_goals: { kind: 'number', value: 150 },
  },
  dora: {},
};

/** Each member's predictions of a few matches (round, home, away as the file names them), with or without a joker. */
const PICKS: Record<string, { round: string; team1: string; team2: string; home: number; away: number; joker: boolean }[]> = {
  ana: [
    { round: 'Final', team1: 'Argentina', team2: 'France', home: 2, away: 2, joker: true },
    { round: 'Semi-finals', team1: 'Argentina', team2: 'Croatia', home: 3, away: 0, joker: true },
    { round: 'Matchday 3', team1: 'Argentina', team2: 'Saudi Arabia', home: 2, away: 0, joker: true },
  ],
  bruno: [
    { round: 'Final', team1: 'Argentina', team2: 'France', home: 1, away: 0, joker: true },
    { round: 'Semi-finals', team1: 'France', team2: 'Morocco', home: 2, away: 0, joker: false },
  ],
  carla: [{ round: 'Final', team1: 'Argentina', team2: 'France', home: 0, away: 0, joker: true }],
  dora: [],
};

/** A prediction's points read from the file by the specification's points (10 / 5 / 3 / −2), doubled with a joker. */
function pickPoints(pick: (typeof PICKS)[string][number], [home, away]: Pair): number {
  const sign = (n: number) => Math.sign(n);
  const points = pick.home === home && pick.away === away ? 10
    : pick.home - pick.away === home - away ? 5
      : sign(pick.home - pick.away) === sign(home - away) ? 3
        : home !== away && sign(pick.home - pick.away) === -sign(home - away) ? -2 : 0;
  return pick.joker ? points * 2 : points;
}

describe.runIf(hasOpenfootballData())(`bonus questions and jokers over the World Cup 2022 (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const people: Record<string, TestUser> = {};
  let groupId: string;
  const byPreset: Record<string, string> = {};
  const raw = (hasOpenfootballData() ? readOpenfootball('worldcup.json/2022/worldcup.json') : { matches: [] }) as { matches: RawMatch[] };

  const keyOf = (m: { round: string; team1: string; team2: string }) => `${m.round}|${m.team1}|${m.team2}`;
  async function matchIds(): Promise<Map<string, string>> {
    const rows = rowsOf<{ id: string; round_name: string; home: string; away: string }>(await t.database.db.execute(sql`
      select m.id, m.round_name, h.name as home, a.name as away from matches m join teams h on h.id = m.home_team_id join teams a on a.id = m.away_team_id`));
    return new Map(rows.map((r) => [`${r.round_name}|${r.home}|${r.away}`, r.id]));
  }
  beforeAll(async () => {
    t = await createTestApp({ SCORING_FOLD_INTERVAL_MS: '3600000' });
    const competition = parseOpenfootball(raw, { timeZone: 'Asia/Qatar', sourcePath: '2022/worldcup.json' });
    competition.matches = competition.matches.map((m) => ({ ...m, status: 'scheduled', fullTime: null, extraTime: null, penalties: null }));
    const { leagueId } = await importCompetition(t.database.db, competition, { provider: 'openfootball' });
    // The tournament moved to start in two days, its matches keeping their spacing: questions can still be asked.
    await t.database.db.execute(sql`
      update matches set kickoff = kickoff + ((now() + interval '2 days') - (select min(kickoff) from matches where league_id = ${leagueId}::uuid))
       where league_id = ${leagueId}::uuid`);
    for (const name of Object.keys(ANSWERS)) people[name] = await createUser(t, { username: name });
    const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
    const group = (await as(people.ana!, 'POST', '/api/groups', {
      name: 'Qatar 2022', leagueId, scoring: { preset: 'palpite', jokers: { mode: 'double', perSeason: 3 } },
    })).json().group;
    groupId = group.id;
    for (const name of ['bruno', 'carla', 'dora']) await as(people[name]!, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });
    expect((await as(people.ana!, 'POST', `/api/groups/${groupId}/bonus/presets`, { set: 'tournament' })).statusCode).toBe(201);
    for (const q of (await as(people.ana!, 'GET', `/api/groups/${groupId}/bonus`)).json().questions) byPreset[q.preset] = q.id;
    for (const [name, answers] of Object.entries(ANSWERS)) {
      for (const [preset, answer] of Object.entries(answers)) {
        const saved = await as(people[name]!, 'PUT', `/api/groups/${groupId}/bonus/questions/${byPreset[preset]}/answer`, { answer });
        expect(saved.statusCode, `${name} ${preset}: ${saved.body}`).toBe(204);
      }
    }
    const ids = await matchIds();
    for (const [name, picks] of Object.entries(PICKS)) {
      for (const pick of picks) {
        const matchId = ids.get(keyOf(pick))!;
        const saved = await as(people[name]!, 'PUT', `/api/groups/${groupId}/predictions/${matchId}`, { homeGoals: pick.home, awayGoals: pick.away });
        expect(saved.statusCode, `${name} ${keyOf(pick)}: ${saved.body}`).toBe(200);
        if (pick.joker) expect((await as(people[name]!, 'PUT', `/api/groups/${groupId}/jokers/${matchId}`, {})).statusCode).toBe(200);
      }
    }
    // The questions close (as the first kickoff − 15 minutes would close them).
    await t.database.db.execute(sql`update bonus_questions set closes_at = now() - interval '1 minute' where group_id = ${groupId}::uuid`);
  }, 120_000);
  afterEach(async () => {
    expect(await bonusMismatches(t.database.db, groupId)).toEqual([]);
    expect(await totalsMismatches(t.database.db, groupId)).toEqual([]);
    expect(await jokerMismatches(t.database.db, groupId)).toEqual([]);
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: people.ana!.cookie } }).then((r) => r.json());
  /** Sets a match's result from the raw file (full time, extra time, shoot-out) and scores it. */
  async function play(id: string, score: RawMatch['score']) {
    await t.database.db.execute(sql`
      update matches set status = 'finished', home_goals = ${score.ft[0]}, away_goals = ${score.ft[1]},
             home_goals_extra_time = ${score.et?.[0] ?? null}, away_goals_extra_time = ${score.et?.[1] ?? null},
             home_penalties = ${score.p?.[0] ?? null}, away_penalties = ${score.p?.[1] ?? null}
       where id = ${id}::uuid`);
    await scoreMatches(t.database.db, [id]);
  }

  /** What the raw file says, read here without the app's code: goals count extra time, never a shoot-out. */
  function truth(matches: readonly RawMatch[]) {
    const final = matches.find((m) => m.round === 'Final')!;
    const [home, away] = final.score.p ?? final.score.et ?? final.score.ft;
    const goals = new Map<string, number>();
    let total = 0;
    for (const m of matches) {
      const [g1, g2] = m.score.et ?? m.score.ft;
      goals.set(m.team1, (goals.get(m.team1) ?? 0) + g1);
      goals.set(m.team2, (goals.get(m.team2) ?? 0) + g2);
      total += g1 + g2;
    }
    const most = Math.max(...goals.values());
    return {
      champion: home > away ? final.team1 : final.team2,
      runnerUp: home > away ? final.team2 : final.team1,
      semis: new Set(matches.filter((m) => m.round === 'Semi-finals').flatMap((m) => [m.team1, m.team2])),
      topScoring: new Set([...goals].filter(([, n]) => n === most).map(([team]) => team)),
      total,
    };
  }
  /** Each member's bonus points from their answers and the truth, by the tournament set's points. */
  function expectedPoints(known: ReturnType<typeof truth>): Record<string, number> {
    return Object.fromEntries(Object.entries(ANSWERS).map(([name, a]) => {
      const team = (key: string) => (a[key] as { team?: string } | undefined)?.team;
      let points = 0;
      if (team('champion') === known.champion) points += 15;
      if (team('runner_up') === known.runnerUp) points += 10;
      points += 5 * ((a.semi_finalists as { teams?: string[] } | undefined)?.teams ?? []).filter((x) => known.semis.has(x)).length;
      if (known.topScoring.has(team('top_scoring_team') ?? '')) points += 8;
      const guess = (a.total_goals as { value?: number } | undefined)?.value;
      if (guess === known.total) points += 10;
      else if (guess !== undefined && Math.abs(guess - known.total) <= 5) points += 5;
      return [name, points];
    }));
  }
  /** Each member's bonus points in the ranking, checking their points are those and their predictions' (jokers doubled), and their jokers played. */
  const bonusByName = async (results: readonly RawMatch[] = raw.matches) => Object.fromEntries((await get(`/api/groups/${groupId}/ranking`)).ranking.map((row: { username: string; bonus: number; points: number; jokers: number }) => {
    const picks = PICKS[row.username]!;
    const matchPoints = picks.reduce((sum, pick) => sum + pickPoints(pick, results.find((m) => keyOf(m) === keyOf(pick))!.score.ft), 0);
    expect(row.points, `${row.username}: bonus points and their predictions' points`).toBe(row.bonus + matchPoints);
    expect(row.jokers, `${row.username}: jokers played`).toBe(picks.filter((pick) => pick.joker).length);
    return [row.username, row.bonus];
  }));

  it('decides each question when the results can, and ranks the bonus points the file gives', async () => {
    const ids = await matchIds();
    const order = new Map(rowsOf<{ round_name: string; round_order: number }>(await t.database.db.execute(sql`
      select distinct round_name, round_order from matches`)).map((row) => [row.round_name, Number(row.round_order)]));
    const rounds = [...new Set(raw.matches.map((m) => m.round))].sort((a, b) => order.get(a)! - order.get(b)!);
    for (const round of rounds) {
      for (const m of raw.matches.filter((x) => x.round === round)) await play(ids.get(keyOf(m))!, m.score);
      const { questions } = await get(`/api/groups/${groupId}/bonus`);
      const solution = (preset: string) => questions.find((q: { preset: string }) => q.preset === preset).solution;
      // The semi-finalists once their round is played; the final's questions and the season's only at the end.
      if (order.get(round)! < order.get('Semi-finals')!) expect(solution('semi_finalists'), round).toBeNull();
      if (round !== 'Final') {
        expect(solution('champion'), round).toBeNull();
        expect(solution('total_goals'), round).toBeNull();
      }
    }

    const known = truth(raw.matches);
    expect(known).toMatchObject({ champion: 'Argentina', runnerUp: 'France', total: 172 });
    // The jokers by hand: ana 20 (final 2–2) + 20 (semi 3–0) − 4 (the upset 1–2); bruno 0 (a draw) + 10; carla 10 (a draw).
    const byHand = Object.fromEntries(Object.entries(PICKS).map(([name, picks]) => [name, picks.reduce((sum, pick) => sum + pickPoints(pick, raw.matches.find((m) => keyOf(m) === keyOf(pick))!.score.ft), 0)]));
    expect(byHand).toEqual({ ana: 36, bruno: 10, carla: 10, dora: 0 });
    const { questions } = await get(`/api/groups/${groupId}/bonus`);
    const solution = (preset: string) => questions.find((q: { preset: string }) => q.preset === preset).solution;
    expect(solution('champion')).toEqual({ kind: 'teams', teams: ['Argentina'] });
    expect(solution('runner_up')).toEqual({ kind: 'teams', teams: ['France'] });
    expect(new Set(solution('semi_finalists').teams)).toEqual(known.semis);
    expect(new Set(solution('top_scoring_team').teams)).toEqual(known.topScoring);
    expect(solution('total_goals')).toEqual({ kind: 'number', value: 172 });
    expect(await bonusByName()).toEqual(expectedPoints(known));

    // The final corrected: France won the shoot-out. The champion and runner-up are decided again.
    const finalId = ids.get(keyOf(raw.matches.find((m) => m.round === 'Final')!))!;
    const corrected = raw.matches.map((m) => (m.round === 'Final' ? { ...m, score: { ...m.score, p: [2, 4] as Pair } } : m));
    await play(finalId, corrected.find((m) => m.round === 'Final')!.score);
    expect(truth(corrected)).toMatchObject({ champion: 'France', runnerUp: 'Argentina' });
    expect(await bonusByName()).toEqual(expectedPoints(truth(corrected)));
    await play(finalId, raw.matches.find((m) => m.round === 'Final')!.score);
    expect(await bonusByName()).toEqual(expectedPoints(known));
  }, 300_000);
});
