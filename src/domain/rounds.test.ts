import { describe, expect, it } from 'vitest';
import { isKnockoutRound, orderRounds, stageOf } from './rounds';

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
