/**
 * The language a request asks for, among the three Palpite speaks: the first of its Accept-Language
 * header's tags that is one of them (pt-* → pt-BR, es-* → es, en-* → en), in the header's order, as the
 * web app reads navigator.languages (src/web/i18n/i18n.ts); English when none is.
 */

/** The languages Palpite speaks. */
export type Language = 'en' | 'pt-BR' | 'es';

/** Picks the first supported language from an Accept-Language header (English when none or absent). */
export function preferredLanguage(acceptLanguage: string | null | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
