import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../fixture-source';
import { mapFootballDataCompetition, mapFootballDataCompetitions, seasonLabel } from './competitions';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('mapFootballDataCompetitions', () => {
  it('lists every competition with its area, type and current season', () => {
    const list = mapFootballDataCompetitions(fixture('competitions.json'));
    expect(list.map((c) => c.code).sort()).toEqual(['BL1', 'BSA', 'CL', 'CLI', 'DED', 'EC', 'ELC', 'FL1', 'PD', 'PL', 'PPL', 'SA', 'WC']);
    expect(list.find((c) => c.code === 'PL')).toEqual({
      code: 'PL', name: 'Premier League', area: 'England', type: 'LEAGUE',
      currentSeason: { startDate: '2025-08-15', endDate: '2026-05-24', label: '2025-26' },
    });
    expect(list.find((c) => c.code === 'BSA')).toMatchObject({ area: 'Brazil', type: 'LEAGUE', currentSeason: { label: '2025' } });
    expect(list.find((c) => c.code === 'WC')).toMatchObject({ name: 'FIFA World Cup', area: 'World', type: 'CUP', currentSeason: { label: '2026' } });
    expect(list.find((c) => c.code === 'CL')).toMatchObject({ area: 'Europe', type: 'CUP', currentSeason: { label: '2025-26' } });
  });

  it('one competition (GET /competitions/{code})', () => {
    expect(mapFootballDataCompetition(fixture('pl-competition.json'))).toMatchObject({ code: 'PL', currentSeason: { label: '2025-26' } });
  });

  it('a competition without a current season', () => {
    const doc = { competitions: [{ id: 1, name: 'Cup', code: 'XC', type: 'CUP', area: null, currentSeason: null }] };
    expect(mapFootballDataCompetitions(doc)).toEqual([{ code: 'XC', name: 'Cup', area: null, type: 'CUP', currentSeason: null }]);
  });

  it('rejects documents of another shape', () => {
    expect(() => mapFootballDataCompetitions(fixture('pl-competition.json'))).toThrow(ImportError);
    expect(() => mapFootballDataCompetition({ name: 'No code' })).toThrow(/code/);
  });
});

describe('seasonLabel', () => {
  it.each([
    ['2025-08-15', '2026-05-24', '2025-26'],
    ['2026-06-11', '2026-07-19', '2026'],
    ['1999-08-07', '2000-05-14', '1999-00'],
  ])('%s – %s → %s', (start, end, label) => {
    expect(seasonLabel(start, end)).toBe(label);
  });

  it('rejects what is not a date', () => {
    expect(() => seasonLabel('next year', '2026-05-01')).toThrow(RangeError);
  });
});
