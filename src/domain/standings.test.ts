import { describe, expect, it } from 'vitest';
import { hasOpenfootballData, readOpenfootball } from '../../tests/openfootball-data';
import { stageOf } from './rounds';
import { computeStandings, knockoutWinner, leagueTable, type FinishedMatch, type StandingRow } from './standings';

const m = (home: string, homeGoals: number, awayGoals: number, away: string, extra: Partial<FinishedMatch> = {}): FinishedMatch => ({
  home, away, homeGoals, awayGoals, stage: 'league', ...extra,
});

/** [team, P, W, D, L, GF, GA, GD, Pts] of each row, for compact tables. */
const compact = (rows: StandingRow[]) =>
  rows.map((r) => [r.team, r.played, r.won, r.drawn, r.lost, r.goalsFor, r.goalsAgainst, r.goalDifference, r.points]);

describe('leagueTable (hand-computed)', () => {
  it('counts played, won, drawn, lost, goals and 3/1/0 points', () => {
    const table = leagueTable([m('A', 2, 0, 'B'), m('B', 1, 1, 'C'), m('C', 0, 3, 'A'), m('A', 1, 2, 'C')]);
    // A: W 2-0, W 3-0, L 1-2 → 3 P, 2 W, 0 D, 1 L, 6-2, +4, 6 pts
    // C: D 1-1, L 0-3, W 2-1 → 3 P, 1 W, 1 D, 1 L, 3-5, −2, 4 pts
    // B: L 0-2, D 1-1 → 2 P, 0 W, 1 D, 1 L, 1-3, −2, 1 pt
    expect(compact(table)).toEqual([
      ['A', 3, 2, 0, 1, 6, 2, 4, 6],
      ['C', 3, 1, 1, 1, 3, 5, -2, 4],
      ['B', 2, 0, 1, 1, 1, 3, -2, 1],
    ]);
    expect(table.map((r) => r.position)).toEqual([1, 2, 3]);
  });

  it('breaks ties by goal difference, then goals scored, then name', () => {
    const table = leagueTable([
      // Everyone beats Z once; the margins decide.
      m('Delta', 3, 0, 'Z'), // 3 pts, +3, 3 scored
      m('Alpha', 4, 1, 'Z'), // 3 pts, +3, 4 scored: above Delta on goals scored
      m('Charlie', 1, 0, 'Z'), // 3 pts, +1
      m('Bravo', 1, 0, 'Z'), // 3 pts, +1, 1 scored: level with Charlie on everything → name
      m('Echo', 5, 0, 'Z'), // 3 pts, +5: best goal difference
    ]);
    expect(table.map((r) => r.team)).toEqual(['Echo', 'Alpha', 'Delta', 'Bravo', 'Charlie', 'Z']);
    expect(table.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('puts more points above a better goal difference', () => {
    const table = leagueTable([m('A', 1, 0, 'X'), m('A', 0, 0, 'Y'), m('B', 9, 0, 'X'), m('B', 0, 1, 'Y')]);
    // A and Y: 4 points, +1, 1 scored (A first by name); B: 3 points but +8.
    expect(table.map((r) => [r.team, r.points, r.goalDifference])).toEqual([['A', 4, 1], ['Y', 4, 1], ['B', 3, 8], ['X', 0, -10]]);
  });

  it('sorts names ignoring case and accents', () => {
    const table = leagueTable([m('Özil United', 0, 0, 'ajax'), m('Zenit', 0, 0, 'Bayern')]);
    expect(table.map((r) => r.team)).toEqual(['ajax', 'Bayern', 'Özil United', 'Zenit']);
  });

  it('lists teams without results with zeros', () => {
    expect(compact(leagueTable([], ['B', 'A']))).toEqual([['A', 0, 0, 0, 0, 0, 0, 0, 0], ['B', 0, 0, 0, 0, 0, 0, 0, 0]]);
    expect(leagueTable([])).toEqual([]);
  });

  it('refuses impossible input', () => {
    expect(() => leagueTable([m('A', -1, 0, 'B')])).toThrow(RangeError);
    expect(() => leagueTable([m('A', 1.5, 0, 'B')])).toThrow(RangeError);
    expect(() => leagueTable([m('A', 1, 0, 'A')])).toThrow(RangeError);
  });
});

describe('knockoutWinner', () => {
  it('uses penalties, else extra time, else full time; level means no winner', () => {
    expect(knockoutWinner({ homeGoals: 2, awayGoals: 2, extraTime: [3, 3], penalties: [4, 2] })).toBe('home');
    expect(knockoutWinner({ homeGoals: 1, awayGoals: 1, extraTime: [1, 2], penalties: null })).toBe('away');
    expect(knockoutWinner({ homeGoals: 0, awayGoals: 1 })).toBe('away');
    expect(knockoutWinner({ homeGoals: 1, awayGoals: 1 })).toBeNull();
    expect(knockoutWinner({ homeGoals: 0, awayGoals: 1, extraTime: [0, 1], penalties: [4, 4] })).toBeNull();
  });
});

describe('computeStandings (hand-computed)', () => {
  const g = (group: string) => ({ stage: 'group' as const, groupName: group, roundName: 'Matchday 1' });
  const ko = (roundName: string, roundOrder?: number, more: Partial<FinishedMatch> = {}) => ({ stage: 'knockout' as const, roundName, roundOrder, ...more });

  it('makes one table per group, groups in natural order, and knockout rounds in order', () => {
    const standings = computeStandings(
      [
        m('A1', 1, 0, 'A2', g('Group A')),
        m('B1', 0, 0, 'B2', g('Group B')),
        m('K1', 2, 1, 'K2', g('Group K')),
        m('A1', 1, 1, 'B1', ko('Final', 3, { extraTime: [1, 1], penalties: [3, 4] })),
        m('A1', 2, 0, 'K1', ko('Semi-finals', 2)),
        m('B1', 1, 0, 'B2', ko('Semi-finals', 2)),
      ],
      { groups: { 'Group A': ['A1', 'A2', 'A3'], 'Group C': ['C1'] } },
    );
    expect(standings.league).toEqual([]);
    expect(standings.groups.map((x) => x.groupName)).toEqual(['Group A', 'Group B', 'Group C', 'Group K']);
    expect(standings.groups[0]!.table.map((r) => [r.team, r.points])).toEqual([['A1', 3], ['A3', 0], ['A2', 0]]);
    expect(standings.groups[2]!.table.map((r) => r.team)).toEqual(['C1']);
    expect(standings.knockout.map((r) => [r.roundName, r.matches.map((x) => `${x.home}-${x.away}:${x.winner}`)])).toEqual([
      ['Semi-finals', ['A1-K1:home', 'B1-B2:home']],
      ['Final', ['A1-B1:away']],
    ]);
    // Knockout matches never count in a table.
    expect(standings.groups[0]!.table[0]!.played).toBe(1);
  });

  it('keeps the order of first appearance for rounds without an order', () => {
    const standings = computeStandings([m('A', 1, 0, 'B', ko('Playoffs')), m('C', 1, 0, 'D', ko('Final')), m('E', 1, 0, 'F', ko('Quarter', 1))]);
    expect(standings.knockout.map((r) => r.roundName)).toEqual(['Quarter', 'Playoffs', 'Final']);
  });

  it('gives a league table, and a league phase followed by knockout rounds', () => {
    const standings = computeStandings([m('A', 1, 0, 'B'), m('A', 0, 2, 'B', ko('Final', 1))], { teams: ['C'] });
    // C (no result, 0 goal difference) above B (−1).
    expect(standings.league.map((r) => [r.team, r.points])).toEqual([['A', 3], ['C', 0], ['B', 0]]);
    expect(standings.knockout[0]!.matches[0]!.winner).toBe('away');
    expect(standings.groups).toEqual([]);
  });

  it('refuses a group match without its group', () => {
    expect(() => computeStandings([m('A', 1, 0, 'B', { stage: 'group' })])).toThrow(RangeError);
  });
});

/** The finished matches of an openfootball file with a flat `matches` list (variants A and B). */
function finishedMatches(path: string): FinishedMatch[] {
  const file = readOpenfootball(path) as {
    matches: { round: string; team1: string; team2: string; group?: string; score: { ft?: [number, number]; et?: [number, number]; p?: [number, number] } }[];
  };
  return file.matches
    .filter((match) => match.score.ft)
    .map((match) => ({
      home: match.team1,
      away: match.team2,
      homeGoals: match.score.ft![0],
      awayGoals: match.score.ft![1],
      stage: stageOf(match.round, match.group),
      groupName: match.group ?? null,
      roundName: match.round,
      extraTime: match.score.et ?? null,
      penalties: match.score.p ?? null,
    }));
}

describe.runIf(hasOpenfootballData())('standings of real seasons (openfootball)', () => {
  it('EPL 2024/25: the final table', () => {
    const matches = finishedMatches('football.json/2024-25/en.1.json');
    expect(matches).toHaveLength(380);
    const { league, groups, knockout } = computeStandings(matches);
    expect(groups).toEqual([]);
    expect(knockout).toEqual([]);
    expect(league).toHaveLength(20);

    // Rows of the published final table (premierleague.com, 2024/25).
    const byTeam = new Map(league.map((r) => [r.team, r]));
    expect(compact([byTeam.get('Liverpool FC')!])).toEqual([['Liverpool FC', 38, 25, 9, 4, 86, 41, 45, 84]]);
    expect(league[0]!.team).toBe('Liverpool FC');
    expect(league.slice(0, 3).map((r) => [r.team, r.points])).toEqual([['Liverpool FC', 84], ['Arsenal FC', 74], ['Manchester City FC', 71]]);
    // Newcastle (66, +21) above Aston Villa (66, +7) on goal difference.
    expect(league.slice(4, 6).map((r) => [r.position, r.team, r.points])).toEqual([[5, 'Newcastle United FC', 66], [6, 'Aston Villa FC', 66]]);
    expect(league.slice(-3).map((r) => [r.team, r.points])).toEqual([['Leicester City FC', 25], ['Ipswich Town FC', 22], ['Southampton FC', 12]]);

    // Sums the data itself must give: every team played 38; wins = losses; goals for = against.
    const sum = (key: keyof StandingRow) => league.reduce((total, r) => total + (r[key] as number), 0);
    const draws = matches.filter((x) => x.homeGoals === x.awayGoals).length;
    const goals = matches.reduce((total, x) => total + x.homeGoals + x.awayGoals, 0);
    expect(league.every((r) => r.played === 38 && r.won + r.drawn + r.lost === 38)).toBe(true);
    expect(sum('played')).toBe(760);
    expect(sum('won')).toBe(380 - draws);
    expect(sum('lost')).toBe(380 - draws);
    expect(sum('drawn')).toBe(2 * draws);
    expect(sum('goalsFor')).toBe(goals);
    expect(sum('goalsAgainst')).toBe(goals);
    expect(sum('goalDifference')).toBe(0);
    expect(sum('points')).toBe(3 * (380 - draws) + 2 * draws);
    // The order holds row by row.
    for (let i = 1; i < league.length; i++) {
      const [above, below] = [league[i - 1]!, league[i]!];
      const key = (r: StandingRow) => [r.points, r.goalDifference, r.goalsFor];
      const first = key(above).findIndex((value, k) => value !== key(below)[k]!);
      if (first === -1) expect(above.team < below.team).toBe(true);
      else expect(key(above)[first]!).toBeGreaterThan(key(below)[first]!);
    }
  });

  it('World Cup 2022: all 8 group tables and the knockout rounds', () => {
    const matches = finishedMatches('worldcup.json/2022/worldcup.json');
    const { league, groups, knockout } = computeStandings(matches);
    expect(league).toEqual([]);
    // Final group tables (FIFA). Ties: C Poland over Mexico and E Spain over Germany on goal
    // difference; D France over Australia and G Brazil over Switzerland on goal difference; H South
    // Korea over Uruguay on goals scored (both 0 goal difference).
    expect(groups.map((x) => [x.groupName, x.table.map((r) => [r.team, r.points])])).toEqual([
      ['Group A', [['Netherlands', 7], ['Senegal', 6], ['Ecuador', 4], ['Qatar', 0]]],
      ['Group B', [['England', 7], ['USA', 5], ['Iran', 3], ['Wales', 1]]],
      ['Group C', [['Argentina', 6], ['Poland', 4], ['Mexico', 4], ['Saudi Arabia', 3]]],
      ['Group D', [['France', 6], ['Australia', 6], ['Tunisia', 4], ['Denmark', 1]]],
      ['Group E', [['Japan', 6], ['Spain', 4], ['Germany', 4], ['Costa Rica', 3]]],
      ['Group F', [['Morocco', 7], ['Croatia', 5], ['Belgium', 4], ['Canada', 0]]],
      ['Group G', [['Brazil', 6], ['Switzerland', 6], ['Cameroon', 4], ['Serbia', 1]]],
      ['Group H', [['Portugal', 6], ['South Korea', 4], ['Uruguay', 4], ['Ghana', 3]]],
    ]);
    const groupH = groups.find((x) => x.groupName === 'Group H')!.table;
    expect(compact(groupH.slice(1, 3))).toEqual([['South Korea', 3, 1, 1, 1, 4, 4, 0, 4], ['Uruguay', 3, 1, 1, 1, 2, 2, 0, 4]]);
    expect(groups.every((x) => x.table.every((r) => r.played === 3))).toBe(true);

    // Knockout rounds, in the order the file lists them (chronological), with who went through.
    expect(knockout.map((r) => [r.roundName, r.matches.length])).toEqual([
      ['Round of 16', 8], ['Quarter-finals', 4], ['Semi-finals', 2], ['Match for third place', 1], ['Final', 1],
    ]);
    const final = knockout.at(-1)!.matches[0]!;
    expect([final.home, final.homeGoals, final.awayGoals, final.away, final.winner]).toEqual(['Argentina', 2, 2, 'France', 'home']);
    // Every knockout match of a World Cup has a winner; the semi-finals' winners meet in the final.
    expect(knockout.every((r) => r.matches.every((x) => x.winner !== null))).toBe(true);
    const semiWinners = knockout.find((r) => r.roundName === 'Semi-finals')!.matches.map((x) => (x.winner === 'home' ? x.home : x.away));
    expect(semiWinners.sort()).toEqual([final.home, final.away].sort());
  });
});
