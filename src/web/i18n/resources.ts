/**
 * The translations, one JSON file per area and language: `locales/<language>/<area>.json`, each
 * holding its own top-level keys (`auth.json` → `auth.*`). They are merged into one i18next
 * namespace per language, so `t('auth.signIn')` works whichever file a key lives in, and helpers of
 * different screens never edit the same file. Throws at load when two files of one language define the
 * same top-level key (one would silently hide the other).
 */
export const LANGUAGE_CODES = ['en', 'pt-BR', 'es'] as const;
/** A language the app speaks. */
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** A tree of translation strings. */
export type Messages = { [key: string]: string | Messages };

const files = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });

/** The area files of each language: `{ en: { auth: {...}, common: {...} }, ... }` keyed by file name. */
export const localeFiles: Record<LanguageCode, Record<string, Messages>> = { en: {}, 'pt-BR': {}, es: {} };
for (const [path, messages] of Object.entries(files)) {
  const [, language, area] = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (!language || !area || !(LANGUAGE_CODES as readonly string[]).includes(language)) throw new Error(`Unexpected locale file ${path}`);
  localeFiles[language as LanguageCode][area] = messages;
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

/** Every language's merged messages, ready for i18next's `resources` (namespace `translation`). */
export const messages: Record<LanguageCode, Messages> = {
  en: mergeAreas(localeFiles.en),
  'pt-BR': mergeAreas(localeFiles['pt-BR']),
  es: mergeAreas(localeFiles.es),
};
