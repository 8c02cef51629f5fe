/**
 * react-i18next set-up: English, Brazilian Portuguese and Spanish, bundled. The language is the one
 * the person picked (localStorage key `userLanguage`, the specification's; signed in, also their
 * profile's), else the browser's (pt-* → pt-BR, es-* → es), else English. It sets `<html lang>`.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { messages } from './resources';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'pt-BR', label: 'Português (Brasil)' },
  { code: 'es', label: 'Español' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

/** The specification's storage key (section 9). */
export const LANGUAGE_STORAGE_KEY = 'userLanguage';
/** Where earlier versions kept the choice; read once and moved. */
const OLD_STORAGE_KEY = 'palpite.language';

/** Maps a BCP 47 tag to a supported language ("pt-PT" → "pt-BR", "es-AR" → "es"), or null. */
export function supportedLanguage(tag: string | null | undefined): Language | null {
  const lower = (tag ?? '').toLowerCase();
  if (lower.startsWith('pt')) return 'pt-BR';
  if (lower.startsWith('es')) return 'es';
  if (lower.startsWith('en')) return 'en';
  return null;
}

/** The stored choice, moving one kept under the old key to `userLanguage`. */
function storedLanguage(): string | null {
  if (typeof localStorage === 'undefined') return null;
  const old = localStorage.getItem(OLD_STORAGE_KEY);
  if (old !== null) {
    if (localStorage.getItem(LANGUAGE_STORAGE_KEY) === null && supportedLanguage(old)) localStorage.setItem(LANGUAGE_STORAGE_KEY, supportedLanguage(old)!);
    localStorage.removeItem(OLD_STORAGE_KEY);
  }
  return localStorage.getItem(LANGUAGE_STORAGE_KEY);
}

function initialLanguage(): Language {
  const stored = storedLanguage();
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  for (const tag of [stored, ...browser]) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return 'en';
}

/** Switches the language and remembers the choice in localStorage (`userLanguage`). */
export function changeLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: messages.en }, 'pt-BR': { translation: messages['pt-BR'] }, es: { translation: messages.es } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

export default i18n;
