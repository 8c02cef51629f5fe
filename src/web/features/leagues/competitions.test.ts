import { describe, expect, it } from 'vitest';
import type { League } from '../../../contracts/leagues';
import { competitionsToPlay } from './competitions';

const league = (name: string, season: string, matchesToPlay: number): League => ({
  id: `00000000-0000-4000-8000-${String(Math.abs(name.length * 1000 + Number(season.slice(0, 4)) + matchesToPlay)).padStart(12, '0')}`,
  name, season, kind: 'league', replay: false, matchCount: 380, matchesToPlay, firstKickoff: null, lastKickoff: null,
});

describe('competitionsToPlay', () => {
  it('keeps leagues with matches to play, grouped by competition name, newest season first', () => {
    const grouped = competitionsToPlay([
      league('Premier League', '2024/25', 0),
      league('Premier League', '2025/26', 120),
      league('Brasileirão', '2026', 30),
      league('Premier League', '2026/27', 380),
    ]);
    expect(grouped.map(([name, seasons]) => [name, seasons.map((s) => s.season)])).toEqual([
      ['Brasileirão', ['2026']],
      ['Premier League', ['2026/27', '2025/26']],
    ]);
  });

  it('offers nothing when every league is played out', () => {
    expect(competitionsToPlay([league('World Cup', '2022', 0)])).toEqual([]);
  });
});
