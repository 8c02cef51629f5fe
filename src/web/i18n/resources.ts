/**
 * Every translation file of every language, read at once — for tests (completeness, plural forms) and
 * tools. The app itself loads one language at a time (./i18n.ts), never this module.
 */
import { areasOf, LANGUAGE_CODES, mergeAreas, type LanguageCode, type Messages } from './merge';

export { LANGUAGE_CODES, mergeAreas, type LanguageCode, type Messages };

const files = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });

/** The area files of each language: `{ en: { auth: {...}, common: {...} }, ... }` keyed by file name. */
export const localeFiles: Record<LanguageCode, Record<string, Messages>> = { en: {}, 'pt-BR': {}, es: {} };
for (const [path, messages] of Object.entries(files)) {
  const language = /^\.\/locales\/([^/]+)\//.exec(path)?.[1];
  if (!language || !(LANGUAGE_CODES as readonly string[]).includes(language)) throw new Error(`Unexpected locale file ${path}`);
  Object.assign(localeFiles[language as LanguageCode], areasOf({ [path]: messages }));
}

/** Every language's merged messages. */
export const messages: Record<LanguageCode, Messages> = {
  en: mergeAreas(localeFiles.en),
  'pt-BR': mergeAreas(localeFiles['pt-BR']),
  es: mergeAreas(localeFiles.es),
};
