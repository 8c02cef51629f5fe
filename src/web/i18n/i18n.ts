/**
 * react-i18next set-up: English, Brazilian Portuguese and Spanish. The language is the one the person
 * picked (localStorage key `userLanguage`, the specification's; signed in, also their profile's), else
 * the browser's (pt-* → pt-BR, es-* → es), else English; it sets `<html lang>`. Only the active
 * language is downloaded: its start-up texts before the first render (`initI18n`), the long texts of
 * the public pages when one of them opens (`loadArea`); switching language loads what the new one needs
 * first, then switches.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { supportedLanguage } from '../../domain/languages';
import type { LanguageCode, Messages, OnDemandArea } from './merge';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'pt-BR', label: 'Português (Brasil)' },
  { code: 'es', label: 'Español' },
] as const;
export type Language = LanguageCode;

/** The specification's storage key (section 9). */
export const LANGUAGE_STORAGE_KEY = 'userLanguage';
/** Where earlier versions kept the choice; read once and moved. */
const OLD_STORAGE_KEY = 'palpite.language';

const startBundles = import.meta.glob<Messages>('./bundles/*.ts', { import: 'default' });
// Every area but merge.ts START_AREAS (a glob takes literals only).
const onDemandFiles = import.meta.glob<Messages>(
  ['./locales/*/*.json', '!./locales/*/common.json', '!./locales/*/home.json', '!./locales/*/shell.json'],
  { import: 'default' },
);

/** The stored choice, moving one kept under the old key to `userLanguage`. */
function storedLanguage(): string | null {
  try {
    const old = localStorage.getItem(OLD_STORAGE_KEY);
    if (old !== null) {
      const language = supportedLanguage(old);
      if (localStorage.getItem(LANGUAGE_STORAGE_KEY) === null && language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      localStorage.removeItem(OLD_STORAGE_KEY);
    }
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage unavailable (private mode)
  }
}

/** The language to start in: stored choice, else the browser's languages in order, else English. */
export function initialLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  for (const tag of [storedLanguage(), ...browser]) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return 'en';
}

const loadedAreas = new Set<OnDemandArea>();
/** `${language}/${area}` of the on-demand texts registered so far. */
const registered = new Set<string>();

/** Downloads (once) and registers a language's start-up texts and the on-demand areas already in use. */
async function ensureLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const load = startBundles[`./bundles/${language}.ts`];
    if (!load) throw new Error(`No texts for ${language}`);
    i18n.addResourceBundle(language, 'translation', await load(), true, true);
  }
  await Promise.all([...loadedAreas].map((area) => ensureArea(language, area)));
}

/** Settles when i18next has started (initI18n): texts downloaded earlier are registered after it. */
let resolveStarted: () => void = () => {};
const started = new Promise<void>((resolve) => {
  resolveStarted = resolve;
});

async function ensureArea(language: Language, area: OnDemandArea): Promise<void> {
  if (registered.has(`${language}/${area}`)) return;
  const load = onDemandFiles[`./locales/${language}/${area}.json`];
  if (!load) throw new Error(`No ${area} texts for ${language}`);
  const texts = await load();
  await started;
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  registered.add(`${language}/${area}`);
}

/**
 * Loads an on-demand area (merge.ts ON_DEMAND_AREAS) for the current language; later switches load it too.
 * May be called before initI18n (the first screen's texts download alongside the start-up ones); it then
 * settles once i18next has started.
 */
export async function loadArea(area: OnDemandArea): Promise<void> {
  loadedAreas.add(area);
  await ensureArea((i18n.language as Language | undefined) ?? initialLanguage(), area);
}

/** Whether an on-demand area's texts are loaded for the current language. */
export function areaLoaded(area: OnDemandArea): boolean {
  return registered.has(`${i18n.language}/${area}`);
}

/** Switches the language (after loading its texts) and remembers the choice in localStorage (`userLanguage`). */
export async function changeLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage unavailable: the choice lasts for this visit
  }
  await ensureLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Starts i18next in the initial language with its texts loaded; resolves when the app can render. */
export async function initI18n(): Promise<void> {
  const language = initialLanguage();
  await i18n.use(initReactI18next).init({
    resources: {},
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    partialBundledLanguages: true,
  });
  resolveStarted();
  await ensureLanguage(language);
  document.documentElement.lang = language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
}

export default i18n;
