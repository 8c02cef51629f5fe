import { describe, expect, it } from 'vitest';
import type { MatchGoal } from '../../../contracts/leagues';
import { scorerLines } from './scorer-lines';

const goal = (side: MatchGoal['side'], minute: number, scorer: string | null, extra: Partial<MatchGoal> = {}): MatchGoal => ({
  side, minute, offset: null, scorer, penalty: false, ownGoal: false, ...extra,
});

describe('scorerLines', () => {
  // The 2022 World Cup final, as the source lists the goals (not in match order).
  const final = [
    goal('home', 23, 'Lionel Messi', { penalty: true }), goal('home', 108, 'Lionel Messi'), goal('home', 36, 'Ángel Di María'),
    goal('away', 80, 'Kylian Mbappé', { penalty: true }), goal('away', 81, 'Kylian Mbappé'), goal('away', 118, 'Kylian Mbappé', { penalty: true }),
  ];

  it('gives a line per scorer in the order of their first goal, each goal with its minute and kind', () => {
    expect(scorerLines(final, 'home')).toEqual([
      { scorer: 'Lionel Messi', ownGoal: false, goals: [{ minute: "23'", penalty: true }, { minute: "108'", penalty: false }] },
      { scorer: 'Ángel Di María', ownGoal: false, goals: [{ minute: "36'", penalty: false }] },
    ]);
    expect(scorerLines(final, 'away')).toEqual([
      { scorer: 'Kylian Mbappé', ownGoal: false, goals: [{ minute: "80'", penalty: true }, { minute: "81'", penalty: false }, { minute: "118'", penalty: true }] },
    ]);
  });

  it('orders stoppage time after its minute, keeps own goals and unknown scorers apart', () => {
    const goals = [
      goal('home', 45, 'Ana', { offset: 2 }), goal('home', 45, 'Ana'), goal('home', 12, 'Bia', { ownGoal: true }),
      goal('home', 60, 'Bia'), goal('home', 70, null), goal('home', 75, null), goal('away', 5, 'Caio'),
    ];
    expect(scorerLines(goals, 'home')).toEqual([
      { scorer: 'Bia', ownGoal: true, goals: [{ minute: "12'", penalty: false }] },
      { scorer: 'Ana', ownGoal: false, goals: [{ minute: "45'", penalty: false }, { minute: "45+2'", penalty: false }] },
      { scorer: 'Bia', ownGoal: false, goals: [{ minute: "60'", penalty: false }] },
      { scorer: null, ownGoal: false, goals: [{ minute: "70'", penalty: false }, { minute: "75'", penalty: false }] },
    ]);
    expect(scorerLines([], 'away')).toEqual([]);
  });
});
