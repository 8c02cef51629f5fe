/**
 * How the translation files fit together: one JSON file per area and language
 * (`locales/<language>/<area>.json`), each holding its own top-level keys (`auth.json` → `auth.*`),
 * merged into one i18next namespace per language so `t('auth.signIn')` works whichever file a key
 * lives in, and helpers of different screens never edit the same file.
 */
export const LANGUAGE_CODES = ['en', 'pt-BR', 'es'] as const;
/** A language the app speaks. */
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** A tree of translation strings. */
export type Messages = { [key: string]: string | Messages };

/**
 * Areas loaded with the screens that use them, not at start (long texts: the public pages). Every other
 * area of the active language is loaded before the app first renders.
 */
export const ON_DEMAND_AREAS = ['pages'] as const;
/** An area loaded on demand. */
export type OnDemandArea = (typeof ON_DEMAND_AREAS)[number];

/** `{ './locales/en/auth.json': {...} }` (an import.meta.glob result) → `{ auth: {...} }`. */
export function areasOf(files: Record<string, Messages>): Record<string, Messages> {
  const areas: Record<string, Messages> = {};
  for (const [path, messages] of Object.entries(files)) {
    const area = /([^/]+)\.json$/.exec(path)?.[1];
    if (!area) throw new Error(`Unexpected locale file ${path}`);
    areas[area] = messages;
  }
  return areas;
}

/** Merges the area files of one language into one tree; throws on a top-level key defined twice. */
export function mergeAreas(areas: Record<string, Messages>): Messages {
  const merged: Messages = {};
  const owner: Record<string, string> = {};
  for (const [area, messages] of Object.entries(areas)) {
    for (const [key, value] of Object.entries(messages)) {
      if (key in merged) throw new Error(`Translation key "${key}" is defined in both ${owner[key]}.json and ${area}.json`);
      merged[key] = value;
      owner[key] = area;
    }
  }
  return merged;
}
