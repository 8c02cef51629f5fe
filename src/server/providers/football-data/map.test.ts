import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isKnockoutRound, stageOf } from '../../../domain/rounds';
import { ImportError, type ImportedMatch } from '../fixture-source';
import { mapFootballDataMatches, mapScore, mapStatus, roundOf } from './map';
import type { FdScore } from './payloads';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const byId = (matches: readonly ImportedMatch[], id: number) => {
  const match = matches.find((m) => m.externalId === `fd:${id}`);
  if (!match) throw new Error(`fd:${id} not imported`);
  return match;
};

describe('mapFootballDataMatches on recorded payloads', () => {
  it('Premier League 2025-26: a league, its season label and every status', () => {
    const pl = mapFootballDataMatches(fixture('pl-2025-matches.json'));
    expect(pl).toMatchObject({ name: 'Premier League', season: '2025-26', kind: 'league', warnings: [] });
    expect(pl.matches).toHaveLength(10);
    expect(pl.matches.every((m) => m.stage === 'league' && m.groupName === null)).toBe(true);
    expect(byId(pl.matches, 537944)).toMatchObject({
      roundName: 'Matchday 14',
      home: { name: 'Manchester United FC', code: 'MUN', shortName: 'Man United', crestUrl: 'https://crests.football-data.org/66.png' },
      away: { name: 'West Ham United FC', code: 'WHU' },
      label: 'Matchday 14: Manchester United FC v West Ham United FC (2025-12-04)',
    });
  });

  it.each([
    [537941, 'FINISHED', 'finished', [2, 0]],
    [537942, 'AWARDED', 'finished', [0, 3]],
    [537943, 'POSTPONED', 'postponed', null],
    [537951, 'IN_PLAY', 'live', [2, 1]],
    [537952, 'PAUSED', 'live', [0, 1]],
    [537953, 'SUSPENDED', 'postponed', null],
    [537954, 'TIMED', 'scheduled', null],
    [537955, 'CANCELLED', 'cancelled', null],
    [537961, 'SCHEDULED', 'scheduled', null],
  ] as const)('Premier League fd:%i (%s) is %s with full time %j', (id, _raw, status, fullTime) => {
    const match = byId(mapFootballDataMatches(fixture('pl-2025-matches.json')).matches, id);
    expect(match).toMatchObject({ status, fullTime, extraTime: null, penalties: null });
  });

  it('a postponed match moved to a later date keeps its round and id; only the kickoff moves', () => {
    const doc = fixture('pl-2025-matches.json') as { matches: { id: number; utcDate: string; status: string }[] };
    const pl = mapFootballDataMatches(doc);
    const moved = byId(pl.matches, 537943);
    expect(moved).toMatchObject({ status: 'postponed', roundName: 'Matchday 14', roundOrder: 1 });
    expect(moved.kickoff.toISOString()).toBe('2026-02-11T19:30:00.000Z');
    expect(pl.matches.at(-1)?.externalId).toBe('fd:537943'); // sorted by kickoff
    // Rounds keep their order: the moved match does not drag Matchday 14 after Matchday 16.
    expect(Object.fromEntries(pl.matches.map((m) => [m.roundName, m.roundOrder]))).toEqual({ 'Matchday 14': 1, 'Matchday 15': 2, 'Matchday 16': 3 });

    // Rescheduled again and played: the same fixture, a new instant.
    const again = structuredClone(doc);
    const raw = again.matches.find((m) => m.id === 537943)!;
    raw.utcDate = '2026-03-04T20:00:00Z';
    raw.status = 'TIMED';
    const next = byId(mapFootballDataMatches(again).matches, 537943);
    expect(next).toMatchObject({ externalId: 'fd:537943', status: 'scheduled', roundName: 'Matchday 14' });
    expect(next.kickoff.toISOString()).toBe('2026-03-04T20:00:00.000Z');
  });

  it('World Cup 2022: groups, every knockout round, and the final 2-2 after 90, 3-3 after extra time, 4-2 on penalties', () => {
    const wc = mapFootballDataMatches(fixture('wc-2022-matches.json'));
    expect(wc).toMatchObject({ name: 'FIFA World Cup', season: '2022', kind: 'tournament', warnings: [] });

    expect(byId(wc.matches, 391881)).toMatchObject({
      roundName: 'Matchday 1', groupName: 'Group A', stage: 'group', fullTime: [0, 2],
      label: 'Group A, Matchday 1: Qatar v Ecuador (2022-11-20)',
    });
    const final = byId(wc.matches, 391936);
    expect(final).toMatchObject({
      roundName: 'Final', stage: 'knockout', status: 'finished', venue: 'Lusail Iconic Stadium',
      home: { name: 'Argentina', code: 'ARG' }, away: { name: 'France', code: 'FRA' },
      fullTime: [2, 2], extraTime: [3, 3], penalties: [4, 2],
    });
    expect(final.kickoff.toISOString()).toBe('2022-12-18T15:00:00.000Z');
    // Goals in extra time, then a shoot-out: 0-0, 1-1 a.e.t., 4-2 on penalties (fullTime 5-3 ignored).
    expect(byId(wc.matches, 391929)).toMatchObject({ roundName: 'Quarter-finals', fullTime: [0, 0], extraTime: [1, 1], penalties: [4, 2] });
    expect(byId(wc.matches, 391924)).toMatchObject({ roundName: 'Round of 16', fullTime: [1, 1], extraTime: [1, 1], penalties: [1, 3] });
    expect(byId(wc.matches, 391921)).toMatchObject({ roundName: 'Round of 16', fullTime: [3, 1], extraTime: null, penalties: null });
    expect(byId(wc.matches, 391933)).toMatchObject({ roundName: 'Semi-finals', stage: 'knockout' });
    expect(byId(wc.matches, 391935)).toMatchObject({ roundName: '3rd Place Final', stage: 'knockout', fullTime: [2, 1] });

    const order = Object.fromEntries(wc.matches.map((m) => [m.roundName, m.roundOrder]));
    expect(order).toEqual({
      'Matchday 1': 1, 'Matchday 3': 2, 'Round of 16': 3, 'Quarter-finals': 4, 'Semi-finals': 5, '3rd Place Final': 6, Final: 7,
    });
  });

  it('Euro 2024: matches decided in extra time keep 90 minutes and the cumulative 120 apart', () => {
    const euro = mapFootballDataMatches(fixture('ec-2024-matches.json'));
    expect(euro).toMatchObject({ name: 'European Championship', season: '2024', kind: 'tournament', warnings: [] });
    expect(byId(euro.matches, 495155)).toMatchObject({
      label: 'Round of 16: England v Slovakia (2024-06-30)', fullTime: [1, 1], extraTime: [2, 1], penalties: null,
    });
    expect(byId(euro.matches, 495163)).toMatchObject({ roundName: 'Quarter-finals', fullTime: [1, 1], extraTime: [2, 1], penalties: null });
    // fullTime 6-4 holds the shoot-out: never the 90-minute score.
    expect(byId(euro.matches, 495166)).toMatchObject({ fullTime: [1, 1], extraTime: [1, 1], penalties: [5, 3] });
  });

  it('Champions League 2024-25: league phase (not knockout), two-legged playoffs and round of 16, an undecided tie skipped', () => {
    const cl = mapFootballDataMatches(fixture('cl-2024-matches.json'));
    expect(cl).toMatchObject({ name: 'UEFA Champions League', season: '2024-25', kind: 'tournament' });

    const league = byId(cl.matches, 515820);
    expect(league).toMatchObject({ roundName: 'League phase, Matchday 1', stage: 'league', groupName: null, fullTime: [3, 1] });
    expect(isKnockoutRound(league.roundName)).toBe(false);
    expect(byId(cl.matches, 516068).roundName).toBe('League phase, Matchday 8');

    expect(byId(cl.matches, 537381)).toMatchObject({ roundName: 'Playoffs, 1st leg', stage: 'knockout', fullTime: [2, 1] });
    expect(byId(cl.matches, 537389)).toMatchObject({ roundName: 'Playoffs, 2nd leg', stage: 'knockout', fullTime: [1, 3] });
    expect(byId(cl.matches, 537397)).toMatchObject({ roundName: 'Round of 16, 1st leg', stage: 'knockout', fullTime: [0, 1] });
    expect(byId(cl.matches, 537405)).toMatchObject({
      roundName: 'Round of 16, 2nd leg', stage: 'knockout', fullTime: [0, 1], extraTime: [0, 1], penalties: [1, 4],
      home: { name: 'Liverpool FC' }, away: { name: 'Paris Saint-Germain FC', shortName: 'PSG' },
    });

    expect(cl.matches.map((m) => m.externalId)).not.toContain('fd:537413');
    expect(cl.warnings).toEqual(['fd:537413 Quarter-finals (2025-04-08): neither team is known yet; skipped until the teams are decided']);
    const order = [...new Map(cl.matches.map((m) => [m.roundName, m.roundOrder])).entries()];
    expect(order).toEqual([
      ['League phase, Matchday 1', 1], ['League phase, Matchday 8', 2], ['Playoffs, 1st leg', 3], ['Playoffs, 2nd leg', 4],
      ['Round of 16, 1st leg', 5], ['Round of 16, 2nd leg', 6],
    ]);
  });

  it('Europa League 2020-21: a round of 32 tie over two legs', () => {
    const el = mapFootballDataMatches(fixture('el-2020-matches.json'));
    expect(el).toMatchObject({ season: '2020-21', kind: 'tournament', warnings: [] });
    expect(el.matches.map((m) => [m.roundName, m.stage, m.fullTime])).toEqual([
      ['Round of 32, 1st leg', 'knockout', [1, 4]],
      ['Round of 32, 2nd leg', 'knockout', [4, 0]],
    ]);
  });

  it('World Cup 2026 before the play-offs: undecided teams are skipped with a warning, known ones imported', () => {
    const wc = mapFootballDataMatches(fixture('wc-2026-matches.json'));
    expect(wc).toMatchObject({ season: '2026', kind: 'tournament' });
    expect(wc.matches).toHaveLength(1);
    expect(wc.matches[0]).toMatchObject({
      externalId: 'fd:537327', status: 'scheduled', stage: 'group', groupName: 'Group A', fullTime: null,
      home: { name: 'Mexico', code: 'MEX' }, away: { name: 'South Africa', code: 'RSA' },
    });
    expect(wc.matches[0]?.kickoff.toISOString()).toBe('2026-06-11T19:00:00.000Z');
    expect(wc.warnings).toEqual([
      'fd:537328 Group A, Matchday 1 (2026-06-12): the away team is not known yet; skipped until the teams are decided',
      'fd:537399 Round of 32 (2026-06-28): neither team is known yet; skipped until the teams are decided',
      'fd:537430 Final (2026-07-19): neither team is known yet; skipped until the teams are decided',
    ]);
  });
});

describe('mapStatus', () => {
  it.each([
    ['SCHEDULED', 'scheduled'], ['TIMED', 'scheduled'],
    ['IN_PLAY', 'live'], ['PAUSED', 'live'], ['EXTRA_TIME', 'live'], ['PENALTY_SHOOTOUT', 'live'], ['LIVE', 'live'],
    ['FINISHED', 'finished'], ['AWARDED', 'finished'],
    ['POSTPONED', 'postponed'], ['SUSPENDED', 'postponed'],
    ['CANCELLED', 'cancelled'],
    ['ABANDONED', null],
  ] as const)('%s → %s', (raw, status) => {
    expect(mapStatus(raw)).toBe(status);
  });
});

describe('roundOf', () => {
  it.each([
    ['REGULAR_SEASON', 7, null, 'Matchday 7', null, 'league'],
    ['GROUP_STAGE', 2, 'GROUP_H', 'Matchday 2', 'Group H', 'group'],
    ['LEAGUE_STAGE', 3, null, 'League phase, Matchday 3', null, 'league'],
    ['PLAYOFFS', null, null, 'Playoffs', null, 'knockout'],
    ['LAST_64', null, null, 'Round of 64', null, 'knockout'],
    ['LAST_32', null, null, 'Round of 32', null, 'knockout'],
    ['LAST_16', 4, null, 'Round of 16', null, 'knockout'],
    ['QUARTER_FINALS', null, null, 'Quarter-finals', null, 'knockout'],
    ['SEMI_FINALS', null, null, 'Semi-finals', null, 'knockout'],
    ['THIRD_PLACE', null, null, '3rd Place Final', null, 'knockout'],
    ['FINAL', null, null, 'Final', null, 'knockout'],
  ] as const)('%s (matchday %s, group %s) → "%s" in %s, stage %s', (stage, matchday, group, name, groupName, kind) => {
    const round = roundOf(stage, matchday, group);
    expect(round).toEqual({ roundName: name, groupName, known: true });
    expect(stageOf(round.roundName, round.groupName)).toBe(kind);
    expect(isKnockoutRound(round.roundName)).toBe(kind === 'knockout');
  });

  it('names a stage it does not know after the API and says so', () => {
    expect(roundOf('QUALIFICATION_ROUND_1', null, null)).toEqual({ roundName: 'Qualification round 1', groupName: null, known: false });
    expect(roundOf('CLAUSURA', 5, null)).toEqual({ roundName: 'Clausura, Matchday 5', groupName: null, known: false });
  });
});

describe('mapScore', () => {
  const p = (home: number | null, away: number | null) => ({ home, away });

  it.each<[string, FdScore, 'live' | 'finished', [number, number] | null, [number, number] | null, [number, number] | null]>([
    ['a regular finish: fullTime', { duration: 'REGULAR', fullTime: p(2, 1), halfTime: p(1, 0) }, 'finished', [2, 1], null, null],
    ['a regular finish with regularTime: regularTime', { duration: 'REGULAR', fullTime: p(2, 1), regularTime: p(2, 1) }, 'finished', [2, 1], null, null],
    ['no duration counts as regular', { fullTime: p(0, 0) }, 'finished', [0, 0], null, null],
    ['extra time: regularTime, then 90 + extraTime', { duration: 'EXTRA_TIME', fullTime: p(2, 1), regularTime: p(1, 1), extraTime: p(1, 0) }, 'finished', [1, 1], [2, 1], null],
    ['a shoot-out: fullTime (7-5, every goal) is never the 90 minutes', { duration: 'PENALTY_SHOOTOUT', fullTime: p(7, 5), regularTime: p(2, 2), extraTime: p(1, 1), penalties: p(4, 2) }, 'finished', [2, 2], [3, 3], [4, 2]],
    ['live in the 90 minutes: the running score', { duration: 'REGULAR', fullTime: p(1, 0), halfTime: p(1, 0) }, 'live', [1, 0], null, null],
    ['live at kickoff: 0-0', { duration: 'REGULAR', fullTime: p(0, 0), halfTime: p(null, null) }, 'live', [0, 0], null, null],
    ['live in extra time: 90 minutes kept, 120 running', { duration: 'EXTRA_TIME', fullTime: p(1, 2), regularTime: p(1, 1), extraTime: p(0, 1) }, 'live', [1, 1], [1, 2], null],
    ['live in a shoot-out: running penalties', { duration: 'PENALTY_SHOOTOUT', fullTime: p(3, 2), regularTime: p(0, 0), extraTime: p(0, 0), penalties: p(3, 2) }, 'live', [0, 0], [0, 0], [3, 2]],
  ])('%s', (_name, score, status, fullTime, extraTime, penalties) => {
    expect(mapScore(score, status)).toEqual({ fullTime, extraTime, penalties, problems: [] });
  });

  it.each(['scheduled', 'postponed', 'cancelled'] as const)('a %s match has no score, whatever the node says', (status) => {
    expect(mapScore({ duration: 'REGULAR', fullTime: p(1, 1) }, status)).toEqual({ fullTime: null, extraTime: null, penalties: null, problems: [] });
  });

  it('derives the 90 minutes when regularTime is missing after extra time, and says so', () => {
    const score = mapScore({ duration: 'EXTRA_TIME', fullTime: p(3, 2), regularTime: p(null, null), extraTime: p(2, 1) }, 'finished');
    expect(score).toMatchObject({ fullTime: [1, 1], extraTime: [3, 2], penalties: null });
    expect(score.problems).toEqual(['no regularTime; 90-minute score 1-1 derived from fullTime 3-2 minus extra time']);
  });

  it('derives the 90 minutes of a shoot-out without regularTime from fullTime − extraTime − penalties', () => {
    const score = mapScore({ duration: 'PENALTY_SHOOTOUT', fullTime: p(6, 5), extraTime: p(0, 0), penalties: p(5, 4) }, 'finished');
    expect(score).toMatchObject({ fullTime: [1, 1], extraTime: [1, 1], penalties: [5, 4] });
    expect(score.problems[0]).toMatch(/derived from fullTime 6-5 minus extra time and penalties/);
  });

  it('leaves the score out rather than take fullTime when nothing allows the 90 minutes', () => {
    const score = mapScore({ duration: 'PENALTY_SHOOTOUT', fullTime: p(1, 1) }, 'finished');
    expect(score).toMatchObject({ fullTime: null, extraTime: null, penalties: null });
    expect(score.problems).toEqual([
      'no regularTime and too little else to derive the 90-minute score; imported without a score',
      'went to penalties but has no shoot-out score',
    ]);
  });

  it('uses only regularTime for a duration it does not know', () => {
    expect(mapScore({ duration: 'GOLDEN_GOAL', fullTime: p(2, 1), regularTime: p(1, 1) }, 'finished')).toEqual({
      fullTime: [1, 1], extraTime: null, penalties: null, problems: ['unknown score duration "GOLDEN_GOAL"; only regularTime is used'],
    });
  });

  it('flags a finished match without a score and an impossible shoot-out', () => {
    expect(mapScore({ duration: 'REGULAR', fullTime: p(null, null) }, 'finished').problems).toEqual(['finished without a score']);
    expect(mapScore(null, 'finished').problems).toEqual(['finished without a score']);
    const tied = mapScore({ duration: 'PENALTY_SHOOTOUT', fullTime: p(5, 5), regularTime: p(1, 1), extraTime: p(0, 0), penalties: p(4, 4) }, 'finished');
    expect(tied.penalties).toEqual([4, 4]);
    expect(tied.problems).toEqual(['penalty shoot-out 4-4 is impossible (a shoot-out has a winner); imported as written']);
  });
});

describe('mapFootballDataMatches on crafted input', () => {
  const team = (id: number | null, name: string | null) => ({ id, name, shortName: name, tla: name?.slice(0, 3).toUpperCase() ?? null, crest: null });
  const m = (extra: Record<string, unknown> = {}) => ({
    id: 1, utcDate: '2026-08-15T14:00:00Z', status: 'FINISHED', matchday: 1, stage: 'REGULAR_SEASON', group: null,
    homeTeam: team(10, 'Home FC'), awayTeam: team(20, 'Away FC'),
    score: { winner: 'HOME_TEAM', duration: 'REGULAR', fullTime: { home: 1, away: 0 }, halfTime: { home: 0, away: 0 } },
    season: { id: 9, startDate: '2026-08-14', endDate: '2027-05-23', currentMatchday: 1 },
    ...extra,
  });
  const doc = (matches: unknown[]) => ({ competition: { id: 1, name: 'Test League', code: 'TL', type: 'LEAGUE' }, matches });

  it('imports an unknown status as postponed, with a warning', () => {
    const c = mapFootballDataMatches(doc([m({ status: 'ABANDONED' })]));
    expect(c.matches[0]).toMatchObject({ status: 'postponed', fullTime: null });
    expect(c.warnings).toEqual(['Matchday 1: Home FC v Away FC (2026-08-15): unknown status "ABANDONED"; imported as postponed (no predictions, no score)']);
  });

  it('names an unknown stage after the API, with a warning', () => {
    const c = mapFootballDataMatches(doc([m({ stage: 'QUALIFICATION_ROUND_2', matchday: null })]));
    expect(c.matches[0]).toMatchObject({ roundName: 'Qualification round 2', stage: 'league' });
    expect(c.kind).toBe('tournament');
    expect(c.warnings[0]).toMatch(/stage QUALIFICATION_ROUND_2 is not one Palpite knows/);
  });

  it('warns about a group-stage match without a group', () => {
    const c = mapFootballDataMatches(doc([m({ stage: 'GROUP_STAGE', group: null })]));
    expect(c.warnings).toEqual(['Matchday 1: Home FC v Away FC (2026-08-15): a group-stage match without a group']);
  });

  it('passes the derivation warning of a score on, naming the match', () => {
    const score = { duration: 'EXTRA_TIME', fullTime: { home: 2, away: 1 }, extraTime: { home: 1, away: 0 } };
    const c = mapFootballDataMatches(doc([m({ stage: 'FINAL', matchday: null, score })]));
    expect(c.matches[0]).toMatchObject({ fullTime: [1, 1], extraTime: [2, 1] });
    expect(c.warnings).toEqual(['Final: Home FC v Away FC (2026-08-15): no regularTime; 90-minute score 1-1 derived from fullTime 2-1 minus extra time']);
  });

  it('a single-year season is labelled by its year; options.season wins', () => {
    const season = { startDate: '2026-04-12', endDate: '2026-12-06' };
    expect(mapFootballDataMatches(doc([m({ season })])).season).toBe('2026');
    expect(mapFootballDataMatches(doc([m()]), { season: '2026/27' }).season).toBe('2026/27');
  });

  it('an empty list needs the season from the caller', () => {
    expect(() => mapFootballDataMatches(doc([]))).toThrow(/No season/);
    expect(mapFootballDataMatches(doc([]), { season: '2026-27' })).toEqual({ name: 'Test League', season: '2026-27', kind: 'league', matches: [], warnings: [] });
  });

  it.each([
    [{ utcDate: '15/08/2026 14:00' }, /match #2 \(fd:2\): utcDate/],
    [{ homeTeam: 'Home FC' }, /match #2 \(fd:2\): homeTeam/],
    [{ score: { fullTime: { home: -1, away: 0 } } }, /match #2 \(fd:2\): score\.fullTime\.home/],
    [{ stage: '' }, /match #2 \(fd:2\): stage/],
  ])('rejects a malformed match (%j), naming it', (extra, message) => {
    const run = () => mapFootballDataMatches(doc([m(), m({ id: 2, ...extra })]));
    expect(run).toThrow(ImportError);
    expect(run).toThrow(message);
  });

  it('rejects a match without an id, a duplicated id, and a team playing itself', () => {
    expect(() => mapFootballDataMatches(doc([m({ id: 'x' })]))).toThrow(/match #1: id/);
    expect(() => mapFootballDataMatches(doc([m(), m()]))).toThrow(/fd:1 appears twice/);
    expect(() => mapFootballDataMatches(doc([m({ awayTeam: team(10, 'Home FC') })]))).toThrow(/cannot play itself/);
  });

  it('rejects documents of another shape', () => {
    expect(() => mapFootballDataMatches({ matches: [] })).toThrow(/Not a football-data.org matches response/);
    expect(() => mapFootballDataMatches([])).toThrow(ImportError);
    expect(() => mapFootballDataMatches(fixture('pl-2025-standings.json'))).toThrow(ImportError);
  });
});
