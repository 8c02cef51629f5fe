/**
 * The language a request asks for, among the three Palpite speaks: the first of its Accept-Language
 * header's tags that stands for one of them (src/domain/languages.ts supportedLanguage), in the header's
 * order, as the web app reads navigator.languages (src/web/i18n/i18n.ts); English when none does.
 */
import { supportedLanguage, type LanguageCode } from '../../domain/languages';

/** The languages Palpite speaks. */
export type Language = LanguageCode;

/** Picks the first supported language from an Accept-Language header (English when none or absent). */
export function preferredLanguage(acceptLanguage: string | null | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const language = supportedLanguage(part.split(';')[0]?.trim());
    if (language) return language;
  }
  return 'en';
}
