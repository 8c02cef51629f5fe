import { describe, expect, it } from 'vitest';
import { exportUrl } from './export-url';

describe('exportUrl', () => {
  it('asks for the header row in the page language', () => {
    expect(exportUrl('g-1', 'ranking', 'pt-BR')).toBe('/api/groups/g-1/export/ranking.csv?lang=pt-BR');
    expect(exportUrl('g-1', 'predictions', 'es')).toBe('/api/groups/g-1/export/predictions.csv?lang=es');
  });

  it('falls back to English for a language Palpite does not speak', () => {
    expect(exportUrl('g-1', 'ranking', 'fr')).toBe('/api/groups/g-1/export/ranking.csv?lang=en');
    expect(exportUrl('g-1', 'ranking', 'en-GB')).toBe('/api/groups/g-1/export/ranking.csv?lang=en');
  });
});
