import { describe, expect, it } from 'vitest';
import { isKnockoutRound, orderRounds, roundParts, stageOf } from './rounds';

describe('isKnockoutRound', () => {
  it.each([
    'Round of 16', 'Round of 32', 'Quarter-finals', 'Quarter-final', 'Finals, Quarterfinals', 'Semi-finals',
    'Semi-final', 'Finals, Semifinals', 'Final', 'Finals, Final', 'Finals, Round of 16', 'Match for third place',
    'Third place play-off', 'Playoffs, Matchday 1', 'Play-off round', 'Knockout round play-offs',
    'Oitavas de final', 'Quartas de final', 'Semifinal', 'Octavos de final', 'Cuartos de final', 'Semifinales',
  ])('%s is a knockout round', (name) => {
    expect(isKnockoutRound(name)).toBe(true);
  });

  it.each(['Matchday 1', 'Matchday 38', 'League, Matchday 8', 'Group A', 'Rodada 5', 'Jornada 12', 'Round 3'])(
    '%s is not a knockout round',
    (name) => {
      expect(isKnockoutRound(name)).toBe(false);
    },
  );
});

describe('stageOf', () => {
  it('puts matches with a group in the group stage', () => {
    expect(stageOf('Matchday 3', 'Group B')).toBe('group');
  });
  it('recognises knockout rounds', () => {
    expect(stageOf('Finals, Semifinals', null)).toBe('knockout');
  });
  it('calls everything else league', () => {
    expect(stageOf('Matchday 12', undefined)).toBe('league');
    expect(stageOf('League, Matchday 2', null)).toBe('league');
  });
});

describe('orderRounds', () => {
  it('orders rounds by their earliest kickoff, whatever the input order', () => {
    const order = orderRounds([
      { roundName: 'Final', kickoff: new Date('2022-12-18T15:00:00Z') },
      { roundName: 'Matchday 2', kickoff: new Date('2022-11-21T10:00:00Z') },
      { roundName: 'Matchday 1', kickoff: new Date('2022-11-20T16:00:00Z') },
      // a rescheduled Matchday 1 game played late does not move the round
      { roundName: 'Matchday 1', kickoff: new Date('2022-12-01T16:00:00Z') },
    ]);
    expect([...order]).toEqual([['Matchday 1', 1], ['Matchday 2', 2], ['Final', 3]]);
  });

  it('breaks ties by natural name order', () => {
    const same = new Date('2024-01-01T12:00:00Z');
    const order = orderRounds([
      { roundName: 'Matchday 10', kickoff: same },
      { roundName: 'Matchday 2', kickoff: same },
    ]);
    expect(order.get('Matchday 2')).toBe(1);
    expect(order.get('Matchday 10')).toBe(2);
  });

  it('returns an empty map for no matches', () => {
    expect(orderRounds([]).size).toBe(0);
  });
});

describe('roundParts', () => {
  it('recognises the round names of openfootball and football-data.org', () => {
    expect(roundParts('Matchday 7')).toEqual([{ kind: 'matchday', number: 7 }]);
    expect(roundParts('Round of 16')).toEqual([{ kind: 'round_of', teams: 16 }]);
    expect(roundParts('Round of 32')).toEqual([{ kind: 'round_of', teams: 32 }]);
    expect(roundParts('Quarter-finals')).toEqual([{ kind: 'quarter_finals' }]);
    expect(roundParts('Semi-finals')).toEqual([{ kind: 'semi_finals' }]);
    expect(roundParts('Final')).toEqual([{ kind: 'final' }]);
    expect(roundParts('Match for third place')).toEqual([{ kind: 'third_place' }]);
    expect(roundParts('3rd Place Final')).toEqual([{ kind: 'third_place' }]);
    expect(roundParts('Group A')).toEqual([{ kind: 'group', name: 'A' }]);
    expect(roundParts('Playoffs')).toEqual([{ kind: 'playoffs' }]);
    expect(roundParts('Regular season')).toEqual([{ kind: 'regular_season' }]);
    expect(roundParts('Group stage')).toEqual([{ kind: 'group_stage' }]);
  });

  it('reads stage prefixes and legs, and drops the "Finals" prefix of a knockout round', () => {
    expect(roundParts('League, Matchday 2')).toEqual([{ kind: 'league_phase' }, { kind: 'matchday', number: 2 }]);
    expect(roundParts('League phase, Matchday 8')).toEqual([{ kind: 'league_phase' }, { kind: 'matchday', number: 8 }]);
    expect(roundParts('Playoffs, Matchday 1')).toEqual([{ kind: 'playoffs' }, { kind: 'matchday', number: 1 }]);
    expect(roundParts('Finals, Quarterfinals')).toEqual([{ kind: 'quarter_finals' }]);
    expect(roundParts('Finals, Final')).toEqual([{ kind: 'final' }]);
    expect(roundParts('Round of 16, 2nd leg')).toEqual([{ kind: 'round_of', teams: 16 }, { kind: 'leg', number: 2 }]);
  });

  it('keeps what it does not know as it was written', () => {
    expect(roundParts('Qualification round 1')).toEqual([{ kind: 'text', text: 'Qualification round 1' }]);
    expect(roundParts('Oitavas de final')).toEqual([{ kind: 'text', text: 'Oitavas de final' }]);
    expect(roundParts('Qualification round 2, Matchday 1')).toEqual([{ kind: 'text', text: 'Qualification round 2' }, { kind: 'matchday', number: 1 }]);
    expect(roundParts('Finals, Something new')).toEqual([{ kind: 'final' }, { kind: 'text', text: 'Something new' }]);
  });
});
