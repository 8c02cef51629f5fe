/** Every translation key exists in en, pt-BR and es (STYLE.md habit 12), and every API error id has one. */
import { describe, expect, it } from 'vitest';
import { ERROR_IDS } from '../../contracts/errors';
import en from './locales/en.json';
import es from './locales/es.json';
import ptBR from './locales/pt-BR.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it.each([['pt-BR', ptBR], ['es', es]])('%s has exactly the keys of en', (_name, locale) => {
    expect(keys(locale).sort()).toEqual(keys(en).sort());
  });

  it('translates every API error id', () => {
    for (const id of ERROR_IDS) expect(Object.keys(en.errors)).toContain(id);
  });

  it('has no empty strings', () => {
    for (const locale of [en, ptBR, es]) {
      const flat = keys(locale).map((key) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale));
      expect(flat.every((text) => typeof text === 'string' && text.trim().length > 0)).toBe(true);
    }
  });
});
