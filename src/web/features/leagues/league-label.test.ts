import { describe, expect, it } from 'vitest';
import { leagueLabel } from './league-label';

describe('leagueLabel', () => {
  it('adds the season to a name without it', () => {
    expect(leagueLabel({ name: 'Premier League', season: '2025/26' })).toBe('Premier League 2025/26');
    expect(leagueLabel({ name: 'Palpite Demo League', season: '2026' })).toBe('Palpite Demo League 2026');
  });

  it('never says the season twice, nor a missing one', () => {
    expect(leagueLabel({ name: 'World Cup 2022', season: '2022' })).toBe('World Cup 2022');
    expect(leagueLabel({ name: 'Euro 2024', season: '2024' })).toBe('Euro 2024');
    expect(leagueLabel({ name: 'English Premier League 2024/25', season: '2024/25' })).toBe('English Premier League 2024/25');
    expect(leagueLabel({ name: 'Friendlies', season: '—' })).toBe('Friendlies');
    expect(leagueLabel({ name: 'Friendlies', season: ' ' })).toBe('Friendlies');
  });
});
