/**
 * react-i18next set-up: English, Brazilian Portuguese and Spanish, bundled. The language is the one
 * the person picked (kept in localStorage), else the browser's, else English.
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

const STORAGE_KEY = 'palpite.language';

/** Maps a BCP 47 tag to a supported language ("pt-PT" → "pt-BR", "es-AR" → "es"), or null. */
export function supportedLanguage(tag: string | null | undefined): Language | null {
  const lower = (tag ?? '').toLowerCase();
  if (lower.startsWith('pt')) return 'pt-BR';
  if (lower.startsWith('es')) return 'es';
  if (lower.startsWith('en')) return 'en';
  return null;
}

function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  for (const tag of [stored, ...browser]) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return 'en';
}

/** Switches the language and remembers the choice. */
export function changeLanguage(language: Language) {
  localStorage.setItem(STORAGE_KEY, language);
  void i18n.changeLanguage(language);
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
