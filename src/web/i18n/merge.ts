/**
 * How the translation files fit together: one JSON file per area and language
 * (`locales/<language>/<area>.json`), each holding its own top-level keys (`auth.json` → `auth.*`),
 * merged into one i18next namespace per language so `t('auth.signIn')` works whichever file a key
 * lives in, and helpers of different screens never edit the same file.
 */
import { LANGUAGE_CODES, type LanguageCode } from '../../domain/languages';

export { LANGUAGE_CODES, type LanguageCode };

/** A tree of translation strings. */
export type Messages = { [key: string]: string | Messages };

/**
 * The areas every screen needs, loaded before the app first renders: the shell, the home page and what
 * is common. Everything else is an on-demand area, loaded with the screens that use it (ON_DEMAND_AREAS;
 * the landing page's weight: docs/benchmarks.md).
 */
export const START_AREAS = ['common', 'home', 'shell'] as const;

/** Areas loaded with the screens that use them, not at start (see START_AREAS). */
export const ON_DEMAND_AREAS = [
  'pages', 'auth', 'admin', 'admin-extra', 'admin-fixtures', 'admin-people', 'profile', 'notifications',
  'game', 'groups', 'group-page', 'discover', 'rules', 'settings', 'standings', 'stats', 'member-home', 'bonus', 'jokers', 'exports',
  'calendar', 'share', 'wall', 'admin-wall', 'admin-replay',
] as const;
/** The areas of the game's screens (my groups, a group, its stats, a member's predictions, the member's home). */
export const PLAY_AREAS = ['game', 'groups', 'group-page', 'discover', 'rules', 'settings', 'standings', 'stats', 'member-home', 'bonus', 'jokers', 'exports', 'share', 'wall'] as const satisfies readonly (typeof ON_DEMAND_AREAS)[number][];
/**
 * The on-demand areas loaded together, built into one file per pack and language (vite.config.ts): the
 * game's screens, an administrator's, the profile's, the sign-in screens', the public pages'.
 */
const TEXT_PACKS: Record<string, readonly string[]> = {
  play: PLAY_AREAS,
  admin: ['admin', 'admin-extra', 'admin-fixtures', 'admin-people', 'admin-wall', 'admin-replay'],
  account: ['profile', 'notifications', 'calendar'],
  auth: ['auth'],
  pages: ['pages'],
};

/** The pack an on-demand area belongs to (null for an area loaded at start). */
export function textPackOf(area: string): string | null {
  return Object.entries(TEXT_PACKS).find(([, areas]) => areas.includes(area))?.[0] ?? null;
}

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
