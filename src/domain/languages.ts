/**
 * The languages Palpite speaks, and which of them a BCP 47 tag (a browser's language, an Accept-Language
 * entry) stands for: any Portuguese → Brazilian Portuguese, any Spanish → Spanish, any English → English.
 * Shared by the web app (src/web/i18n) and the server (src/server/http/language.ts, the mails).
 */

/** The languages, English first (the fallback). */
export const LANGUAGE_CODES = ['en', 'pt-BR', 'es'] as const;
/** A language Palpite speaks. */
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/**
 * Maps a BCP 47 tag to a supported language ("pt-PT" → "pt-BR", "es-AR" → "es", "EN-gb" → "en").
 * @returns the language, or null for a tag of another language, an empty tag or none.
 */
export function supportedLanguage(tag: string | null | undefined): LanguageCode | null {
  const lower = (tag ?? '').toLowerCase();
  if (lower.startsWith('pt')) return 'pt-BR';
  if (lower.startsWith('es')) return 'es';
  if (lower.startsWith('en')) return 'en';
  return null;
}
