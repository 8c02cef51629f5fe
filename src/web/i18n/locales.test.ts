/**
 * Every translation key exists in en, pt-BR and es (STYLE.md habit 12), in the same area file, every
 * API error id has one, no string is empty, and no top-level key is defined by two area files.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_IDS } from '../../contracts/errors';
import { localeFiles, mergeAreas, messages, type Messages } from './resources';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('has the same area files in every language', () => {
    expect(Object.keys(localeFiles['pt-BR']).sort()).toEqual(Object.keys(localeFiles.en).sort());
    expect(Object.keys(localeFiles.es).sort()).toEqual(Object.keys(localeFiles.en).sort());
  });

  it.each(['pt-BR', 'es'] as const)('%s has exactly the keys of en, file by file', (language) => {
    for (const [area, english] of Object.entries(localeFiles.en)) {
      expect({ area, keys: keys(localeFiles[language][area]).sort() }).toEqual({ area, keys: keys(english).sort() });
    }
  });

  it('translates every API error id', () => {
    for (const id of ERROR_IDS) expect(Object.keys(messages.en.errors as Messages)).toContain(id);
  });

  it('has no empty strings', () => {
    for (const locale of Object.values(messages)) {
      const flat = keys(locale).map((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale));
      expect(flat.every((text) => typeof text === 'string' && text.trim().length > 0)).toBe(true);
    }
  });

  it('refuses a top-level key defined by two area files', () => {
    expect(() => mergeAreas({ auth: { title: 'a' }, profile: { title: 'b' } })).toThrow(/"title" is defined in both auth.json and profile.json/);
  });
});
