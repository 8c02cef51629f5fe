/**
 * Every translation key exists in en, pt-BR and es (STYLE.md habit 12), in the same area file, every
 * API error id has one, no string is empty, and no top-level key is defined by two area files.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_IDS } from '../../contracts/errors';
import { localeFiles, mergeAreas, messages, type Messages } from './resources';
import { ON_DEMAND_AREAS } from './merge';
import en from './bundles/en';
import ptBR from './bundles/pt-BR';
import es from './bundles/es';

/** A key without its i18next plural suffix ("points_one" → "points"; ordinal forms too), as languages have different plural forms. */
const base = (key: string) => key.replace(/(_ordinal)?_(zero|one|two|few|many|other)$/, '');

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('has the same area files in every language', () => {
    expect(Object.keys(localeFiles['pt-BR']).sort()).toEqual(Object.keys(localeFiles.en).sort());
    expect(Object.keys(localeFiles.es).sort()).toEqual(Object.keys(localeFiles.en).sort());
  });

  it.each(['pt-BR', 'es'] as const)('%s has exactly the keys of en, file by file (plural forms aside)', (language) => {
    for (const [area, english] of Object.entries(localeFiles.en)) {
      const set = (tree: unknown) => [...new Set(keys(tree).map(base))].sort();
      expect({ area, keys: set(localeFiles[language][area]) }).toEqual({ area, keys: set(english) });
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

  it('has every plural key with its "other" form', () => {
    for (const locale of Object.values(messages)) {
      const all = keys(locale);
      for (const key of all.filter((k) => base(k) !== k)) {
        const stem = key.replace(/_(zero|one|two|few|many|other)$/, '');
        expect(all, key).toContain(`${stem}_other`);
      }
    }
  });

  it('loads every area at start but the on-demand ones, in each language', () => {
    for (const [language, bundle] of [['en', en], ['pt-BR', ptBR], ['es', es]] as const) {
      const onDemandKeys = ON_DEMAND_AREAS.flatMap((area) => Object.keys(localeFiles[language][area] ?? {}));
      const expected = Object.keys(messages[language]).filter((key) => !onDemandKeys.includes(key)).sort();
      expect(Object.keys(bundle).sort(), language).toEqual(expected);
      expect(onDemandKeys.length).toBeGreaterThan(0);
    }
  });

  it('refuses a top-level key defined by two area files', () => {
    expect(() => mergeAreas({ auth: { title: 'a' }, profile: { title: 'b' } })).toThrow(/"title" is defined in both auth.json and profile.json/);
  });
});

describe('keys used by the code', () => {
  it('defines, in en, every literal key the web code asks for', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) files.push(path);
      }
    };
    walk('src/web');
    const defined = new Set(keys(messages.en).map(base));
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''); // code, not comments
      // t('area.key') and i18nKey="area.key": literal keys only (built ones, `errors.${id}`, are checked above by their ids).
      for (const match of source.matchAll(/(?:\bt\(|i18nKey=)\s*['"]([a-zA-Z]+\.[a-zA-Z0-9_.]+)['"]/g)) {
        const key = match[1]!;
        if (!defined.has(key) && ![...defined].some((k) => k.startsWith(`${key}.`))) missing.push(`${file}: ${key}`);
      }
    }
    expect(files.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
