/** Bonus questions (bonus.ts): answers checked and scored, questions decided from fixtures, real and made up. */
import { describe, expect, it } from 'vitest';
import { hasOpenfootballData, readOpenfootball } from '../../tests/openfootball-data';
import {
  BonusAnswerError, checkBonusAnswer, defaultBonusClose, latestBonusClose, leaguePresets, resolveBonusSubject, scoreBonusAnswer, solutionKindOf, SUBJECT_ANSWERS,
  TOURNAMENT_PRESETS, type BonusFixture, type BonusQuestion,
} from './bonus';
import { orderRounds, stageOf } from './rounds';

const TEAMS = ['Argentina', 'Croatia', 'France', 'Morocco', 'Brazil', 'Portugal'];

describe('checkBonusAnswer', () => {
  const champion: BonusQuestion = { answer: 'team', subject: { kind: 'champion' }, points: 15 };
  const semis: BonusQuestion = { answer: 'teams', subject: { kind: 'semi_finalists' }, points: 5, picks: 4 };
  const goals: BonusQuestion = { answer: 'number', subject: { kind: 'total_goals' }, points: 10, nearPoints: 5, nearWithin: 5 };
  const choice: BonusQuestion = { answer: 'choice', subject: { kind: 'admin' }, points: 5, options: ['Messi', 'Mbappé'] };

  it('accepts an answer of the right kind made of the league\'s teams, options or a whole number', () => {
    expect(checkBonusAnswer(champion, { kind: 'team', team: 'France' }, TEAMS)).toEqual({ kind: 'team', team: 'France' });
    expect(checkBonusAnswer(semis, { kind: 'teams', teams: ['Argentina', 'Croatia', 'France', 'Morocco'] }, TEAMS).kind).toBe('teams');
    expect(checkBonusAnswer(goals, { kind: 'number', value: 172 }, TEAMS)).toEqual({ kind: 'number', value: 172 });
    expect(checkBonusAnswer(choice, { kind: 'choice', option: 'Mbappé' }, TEAMS)).toEqual({ kind: 'choice', option: 'Mbappé' });
  });

  it.each([
    ['an unknown team', champion, { kind: 'team', team: 'Narnia' }, 'Narnia is not a team of this league.'],
    ['a team among several unknown', semis, { kind: 'teams', teams: ['Argentina', 'Croatia', 'France', 'Narnia'] }, 'Narnia is not a team of this league.'],
    ['a team named twice', semis, { kind: 'teams', teams: ['Argentina', 'Argentina', 'France', 'Morocco'] }, 'Name each team once.'],
    ['too few teams', semis, { kind: 'teams', teams: ['Argentina', 'France'] }, 'Name 4 different teams.'],
    ['a negative number', goals, { kind: 'number', value: -1 }, 'The answer is a whole number from 0 to 100,000.'],
    ['a fraction', goals, { kind: 'number', value: 2.5 }, 'The answer is a whole number from 0 to 100,000.'],
    ['an option not offered', choice, { kind: 'choice', option: 'Pelé' }, 'Pelé is not one of this question\'s options.'],
    ['a number for a team question', champion, { kind: 'number', value: 3 }, 'This question takes a team as its answer.'],
    ['one team for a several-teams question', semis, { kind: 'team', team: 'France' }, 'This question takes teams as its answer.'],
  ] as const)('refuses %s with a clear message', (_label, question, answer, message) => {
    expect(() => checkBonusAnswer(question, answer, TEAMS)).toThrow(new BonusAnswerError(message));
  });
});

describe('scoreBonusAnswer', () => {
  it('scores one team right or wrong, and any of several teams level on the count', () => {
    const q: BonusQuestion = { answer: 'team', subject: { kind: 'top_scoring_team' }, points: 8 };
    expect(scoreBonusAnswer(q, { kind: 'team', team: 'France' }, { kind: 'teams', teams: ['France'] })).toBe(8);
    expect(scoreBonusAnswer(q, { kind: 'team', team: 'Brazil' }, { kind: 'teams', teams: ['France'] })).toBe(0);
    expect(scoreBonusAnswer(q, { kind: 'team', team: 'Brazil' }, { kind: 'teams', teams: ['Brazil', 'France'] })).toBe(8);
  });

  it('scores each right team of a several-teams answer', () => {
    const q: BonusQuestion = { answer: 'teams', subject: { kind: 'semi_finalists' }, points: 5, picks: 4 };
    const solution = { kind: 'teams', teams: ['Argentina', 'Croatia', 'France', 'Morocco'] } as const;
    expect(scoreBonusAnswer(q, { kind: 'teams', teams: ['Argentina', 'Brazil', 'France', 'Portugal'] }, solution)).toBe(10);
    expect(scoreBonusAnswer(q, { kind: 'teams', teams: ['Argentina', 'Croatia', 'France', 'Morocco'] }, solution)).toBe(20);
    expect(scoreBonusAnswer(q, { kind: 'teams', teams: ['Brazil', 'Portugal'] }, solution)).toBe(0);
  });

  it('scores a number exact, within ±N, or not at all', () => {
    const q: BonusQuestion = { answer: 'number', subject: { kind: 'total_goals' }, points: 10, nearPoints: 5, nearWithin: 5 };
    const solution = { kind: 'number', value: 172 } as const;
    expect(scoreBonusAnswer(q, { kind: 'number', value: 172 }, solution)).toBe(10);
    expect(scoreBonusAnswer(q, { kind: 'number', value: 167 }, solution)).toBe(5);
    expect(scoreBonusAnswer(q, { kind: 'number', value: 177 }, solution)).toBe(5);
    expect(scoreBonusAnswer(q, { kind: 'number', value: 166 }, solution)).toBe(0);
    expect(scoreBonusAnswer({ ...q, nearWithin: undefined }, { kind: 'number', value: 171 }, solution)).toBe(0);
  });

  it('scores the right option only, and nothing for an answer of another kind', () => {
    const q: BonusQuestion = { answer: 'choice', subject: { kind: 'admin' }, points: 4, options: ['Yes', 'No'] };
    expect(scoreBonusAnswer(q, { kind: 'choice', option: 'Yes' }, { kind: 'choice', option: 'Yes' })).toBe(4);
    expect(scoreBonusAnswer(q, { kind: 'choice', option: 'No' }, { kind: 'choice', option: 'Yes' })).toBe(0);
    expect(scoreBonusAnswer(q, { kind: 'number', value: 1 }, { kind: 'choice', option: 'Yes' })).toBe(0);
  });
});

/** A fixture made up for the tests: finished with `ft` unless a status is given. */
function fixture(home: string, away: string, roundName: string, roundOrder: number, day: number, ft: [number, number] | null, more: Partial<BonusFixture> = {}): BonusFixture {
  return {
    home, away, roundName, roundOrder, stage: stageOf(roundName, null), kickoff: new Date(Date.UTC(2026, 5, day, 18)),
    status: ft ? 'finished' : 'scheduled', homeGoals: ft?.[0] ?? null, awayGoals: ft?.[1] ?? null, ...more,
  };
}

describe('resolveBonusSubject on a small tournament', () => {
  const semis = [fixture('Argentina', 'Croatia', 'Semi-finals', 1, 13, [3, 0]), fixture('France', 'Morocco', 'Semi-finals', 1, 14, [2, 0])];
  const third = fixture('Croatia', 'Morocco', 'Match for third place', 2, 17, [2, 1]);
  const final = (more: Partial<BonusFixture> = {}) => fixture('Argentina', 'France', 'Final', 3, 18, [2, 2], { extraTime: [3, 3], penalties: [4, 2], ...more });

  it('names the champion and the runner-up from the final decided on penalties, not from its 90 minutes', () => {
    const fixtures = [...semis, third, final()];
    expect(resolveBonusSubject({ kind: 'champion' }, fixtures)).toEqual({ kind: 'teams', teams: ['Argentina'] });
    expect(resolveBonusSubject({ kind: 'runner_up' }, fixtures)).toEqual({ kind: 'teams', teams: ['France'] });
  });

  it('decides again from a corrected result, and nothing while the final is unplayed', () => {
    const corrected = [...semis, third, final({ penalties: [2, 4] })];
    expect(resolveBonusSubject({ kind: 'champion' }, corrected)).toEqual({ kind: 'teams', teams: ['France'] });
    expect(resolveBonusSubject({ kind: 'champion' }, [...semis, third, final({ status: 'scheduled', homeGoals: null, awayGoals: null, extraTime: null, penalties: null })])).toBeNull();
    expect(resolveBonusSubject({ kind: 'champion' }, [...semis, third, final({ status: 'live' })])).toBeNull();
  });

  it('names the semi-finalists once the semi-finals are played, and a team reaching a round by its name\'s spelling', () => {
    expect(resolveBonusSubject({ kind: 'semi_finalists' }, [...semis, third, final()])).toEqual({ kind: 'teams', teams: ['Argentina', 'Croatia', 'France', 'Morocco'] });
    expect(resolveBonusSubject({ kind: 'semi_finalists' }, [semis[0]!, { ...semis[1]!, status: 'scheduled', homeGoals: null, awayGoals: null }])).toBeNull();
    expect(resolveBonusSubject({ kind: 'reaches_round', round: 'Final' }, [...semis, third, final()])).toEqual({ kind: 'teams', teams: ['Argentina', 'France'] });
    expect(resolveBonusSubject({ kind: 'reaches_round', round: 'Semi-final' }, semis)).toEqual({ kind: 'teams', teams: ['Argentina', 'Croatia', 'France', 'Morocco'] });
  });

  it('counts the season\'s goals with extra time but never a shoot-out, only once every fixture is over', () => {
    const fixtures = [...semis, third, final()];
    expect(resolveBonusSubject({ kind: 'total_goals' }, fixtures)).toEqual({ kind: 'number', value: 3 + 2 + 3 + 6 });
    expect(resolveBonusSubject({ kind: 'total_goals' }, [...semis, { ...third, status: 'postponed' }, final()])).toBeNull();
    // A cancelled fixture will never be played: the season is over without it.
    expect(resolveBonusSubject({ kind: 'total_goals' }, [...semis, { ...third, status: 'cancelled', homeGoals: null, awayGoals: null }, final()])).toEqual({ kind: 'number', value: 11 });
  });

  it('names every team level on the most goals, and on the fewest conceded', () => {
    const fixtures = [...semis, third, final()];
    // Scored: Argentina 3+3 = 6, France 2+3 = 5, Croatia 2, Morocco 1. Conceded: France 3, Argentina 3, Croatia 4, Morocco 4.
    expect(resolveBonusSubject({ kind: 'top_scoring_team' }, fixtures)).toEqual({ kind: 'teams', teams: ['Argentina'] });
    expect(resolveBonusSubject({ kind: 'best_defence' }, fixtures)).toEqual({ kind: 'teams', teams: ['Argentina', 'France'] });
  });

  it('leaves a question of the admin\'s to the admin', () => {
    expect(resolveBonusSubject({ kind: 'admin' }, [...semis, third, final()])).toBeNull();
  });
});

describe('resolveBonusSubject on a league', () => {
  // Four teams, each pair once: A 9 points, B 6, C 3, D 0 once every fixture is played.
  const league = [
    fixture('A', 'B', 'Matchday 1', 1, 1, [2, 0]), fixture('C', 'D', 'Matchday 1', 1, 1, [1, 0]),
    fixture('A', 'C', 'Matchday 2', 2, 8, [3, 1]), fixture('B', 'D', 'Matchday 2', 2, 8, [2, 2]),
    fixture('A', 'D', 'Matchday 3', 3, 15, [1, 0]), fixture('B', 'C', 'Matchday 3', 3, 15, [4, 0]),
  ];

  it('names the champion and the relegated teams from the final table, only once the season is over', () => {
    expect(resolveBonusSubject({ kind: 'champion' }, league)).toEqual({ kind: 'teams', teams: ['A'] });
    expect(resolveBonusSubject({ kind: 'runner_up' }, league)).toEqual({ kind: 'teams', teams: ['B'] });
    expect(resolveBonusSubject({ kind: 'relegated', teams: 2 }, league)).toEqual({ kind: 'teams', teams: ['C', 'D'] });
    const unfinished = [...league.slice(0, 5), { ...league[5]!, status: 'scheduled' as const, homeGoals: null, awayGoals: null }];
    expect(resolveBonusSubject({ kind: 'champion' }, unfinished)).toBeNull();
    expect(resolveBonusSubject({ kind: 'relegated', teams: 2 }, unfinished)).toBeNull();
    expect(resolveBonusSubject({ kind: 'relegated', teams: 5 }, league)).toBeNull();
  });
});

describe('when a question may close', () => {
  const fixtures = [
    fixture('A', 'B', 'Quarter-finals', 1, 9, [1, 0]), fixture('C', 'D', 'Quarter-finals', 1, 10, [1, 0]),
    fixture('A', 'C', 'Semi-finals', 2, 13, null), fixture('A', 'C', 'Final', 3, 18, null),
  ];
  const deadline = (day: number) => new Date(Date.UTC(2026, 5, day, 17, 45));

  it('closes by default at the first kickoff\'s deadline, and at the latest before the fixtures could tell the answer', () => {
    expect(defaultBonusClose(fixtures)).toEqual(deadline(9));
    expect(defaultBonusClose([])).toBeNull();
    expect(latestBonusClose({ kind: 'champion' }, fixtures)).toEqual(deadline(18));
    // The semi-finalists are known once the last quarter-final is played.
    expect(latestBonusClose({ kind: 'semi_finalists' }, fixtures)).toEqual(deadline(10));
    expect(latestBonusClose({ kind: 'total_goals' }, fixtures)).toEqual(deadline(18));
    expect(latestBonusClose({ kind: 'admin' }, fixtures)).toBeNull();
    // A round the fixtures do not list yet: by the last fixture listed.
    expect(latestBonusClose({ kind: 'reaches_round', round: 'Round of 16' }, fixtures)).toEqual(deadline(18));
  });
});

describe('presets', () => {
  it('offers the tournament\'s and the league season\'s questions with the points people expect', () => {
    expect(TOURNAMENT_PRESETS.map((q) => [q.key, q.points, q.picks ?? 1])).toEqual([
      ['champion', 15, 1], ['runner_up', 10, 1], ['semi_finalists', 5, 4], ['top_scoring_team', 8, 1], ['total_goals', 10, 1],
    ]);
    expect(TOURNAMENT_PRESETS.find((q) => q.key === 'total_goals')).toMatchObject({ nearPoints: 5, nearWithin: 5 });
    expect(leaguePresets().map((q) => [q.key, q.points, q.picks ?? 1])).toEqual([['champion', 15, 1], ['relegated', 5, 3], ['top_scoring_team', 8, 1]]);
    expect(leaguePresets(2).find((q) => q.key === 'relegated')?.subject).toEqual({ kind: 'relegated', teams: 2 });
  });
});

/** openfootball's variants B (worldcup.json) and A (football.json) as fixtures; kickoffs at `offset` from UTC (hours). */
function openfootballFixtures(path: string, offset: number): BonusFixture[] {
  const data = readOpenfootball(path) as { matches: { round: string; date: string; time?: string; team1: string; team2: string; group?: string; score?: { ft?: [number, number]; et?: [number, number]; p?: [number, number] } }[] };
  const kickoff = (m: { date: string; time?: string }) => new Date(Date.parse(`${m.date}T${(m.time ?? '12:00').slice(0, 5)}:00Z`) - offset * 3_600_000);
  const orders = orderRounds(data.matches.map((m) => ({ roundName: m.round, kickoff: kickoff(m) })));
  return data.matches.map((m) => ({
    home: m.team1, away: m.team2, roundName: m.round, roundOrder: orders.get(m.round)!, stage: stageOf(m.round, m.group), kickoff: kickoff(m),
    status: m.score?.ft ? 'finished' : 'scheduled', homeGoals: m.score?.ft?.[0] ?? null, awayGoals: m.score?.ft?.[1] ?? null,
    extraTime: m.score?.et ?? null, penalties: m.score?.p ?? null,
  }));
}

describe.runIf(hasOpenfootballData())('resolveBonusSubject on real seasons (../shared/data/openfootball)', () => {
  it('decides the World Cup 2022: Argentina champions on penalties, France runners-up, the semi-finalists, 172 goals', () => {
    const fixtures = openfootballFixtures('worldcup.json/2022/worldcup.json', 3);
    expect(resolveBonusSubject({ kind: 'champion' }, fixtures)).toEqual({ kind: 'teams', teams: ['Argentina'] });
    expect(resolveBonusSubject({ kind: 'runner_up' }, fixtures)).toEqual({ kind: 'teams', teams: ['France'] });
    expect(resolveBonusSubject({ kind: 'semi_finalists' }, fixtures)).toEqual({ kind: 'teams', teams: ['Argentina', 'Croatia', 'France', 'Morocco'] });
    expect(resolveBonusSubject({ kind: 'total_goals' }, fixtures)).toEqual({ kind: 'number', value: 172 });
    // The final kicked off at 18:00 in Qatar (15:00 UTC): the champion may be asked until 14:45 UTC that day.
    expect(latestBonusClose({ kind: 'champion' }, fixtures)?.toISOString()).toBe('2022-12-18T14:45:00.000Z');
    expect(defaultBonusClose(fixtures)?.toISOString()).toBe('2022-11-20T15:45:00.000Z');
  });

  it('decides the Premier League 2024/25: Liverpool champions and top scorers (86), Arsenal the best defence (34), the three relegated, 1,115 goals', () => {
    const fixtures = openfootballFixtures('football.json/2024-25/en.1.json', 1);
    expect(resolveBonusSubject({ kind: 'champion' }, fixtures)).toEqual({ kind: 'teams', teams: ['Liverpool FC'] });
    expect(resolveBonusSubject({ kind: 'top_scoring_team' }, fixtures)).toEqual({ kind: 'teams', teams: ['Liverpool FC'] });
    expect(resolveBonusSubject({ kind: 'best_defence' }, fixtures)).toEqual({ kind: 'teams', teams: ['Arsenal FC'] });
    expect(resolveBonusSubject({ kind: 'relegated', teams: 3 }, fixtures)).toEqual({ kind: 'teams', teams: ['Ipswich Town FC', 'Leicester City FC', 'Southampton FC'] });
    expect(resolveBonusSubject({ kind: 'total_goals' }, fixtures)).toEqual({ kind: 'number', value: 1115 });
  });
});

describe('which answers a subject takes', () => {
  it("fits every preset's answer to its subject, and decides team answers by teams", () => {
    for (const preset of [...TOURNAMENT_PRESETS, ...leaguePresets(3)]) expect(SUBJECT_ANSWERS[preset.subject.kind], preset.key).toContain(preset.answer);
    expect(SUBJECT_ANSWERS.total_goals).toEqual(['number']);
    expect(SUBJECT_ANSWERS.champion).toEqual(['team']);
    expect(SUBJECT_ANSWERS.admin).toEqual(['team', 'teams', 'number', 'choice']);
    expect(['team', 'teams', 'number', 'choice'].map((kind) => solutionKindOf(kind as 'team'))).toEqual(['teams', 'teams', 'number', 'choice']);
  });
});

describe('a tournament listed only up to its group stage', () => {
  const group = (home: string, away: string, goals: [number, number], day: number): BonusFixture => ({
    home, away, roundName: `Matchday ${day}`, roundOrder: day, stage: 'group', kickoff: new Date(Date.UTC(2026, 5, day, 18)),
    status: 'finished', homeGoals: goals[0], awayGoals: goals[1],
  });
  const groupStage = [group('A', 'B', [3, 0], 1), group('C', 'D', [1, 1], 2), group('A', 'C', [2, 2], 3)];

  it('decides no season-long question and no champion before the final is listed and played', () => {
    for (const subject of [{ kind: 'total_goals' }, { kind: 'top_scoring_team' }, { kind: 'best_defence' }, { kind: 'champion' }, { kind: 'runner_up' }] as const) {
      expect(resolveBonusSubject(subject, groupStage, { tournament: true }), subject.kind).toBeNull();
    }
    // As a round-robin league the same fixtures are a finished season.
    expect(resolveBonusSubject({ kind: 'total_goals' }, groupStage)).toEqual({ kind: 'number', value: 9 });
    const final: BonusFixture = { home: 'A', away: 'C', roundName: 'Final', roundOrder: 9, stage: 'knockout', kickoff: new Date(Date.UTC(2026, 6, 1, 18)), status: 'finished', homeGoals: 1, awayGoals: 0 };
    expect(resolveBonusSubject({ kind: 'total_goals' }, [...groupStage, final], { tournament: true })).toEqual({ kind: 'number', value: 10 });
    expect(resolveBonusSubject({ kind: 'champion' }, [...groupStage, final], { tournament: true })).toEqual({ kind: 'teams', teams: ['A'] });
  });

  it('closes a semi-finalists question by the last fixture listed while the semi-finals are not', () => {
    expect(latestBonusClose({ kind: 'semi_finalists' }, groupStage)?.toISOString()).toBe('2026-06-03T17:45:00.000Z');
  });
});
