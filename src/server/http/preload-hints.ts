/**
 * Preload hints for the single-page app's first screen: a `Link` header on the index.html a signed-in
 * browser navigates to, naming its style sheet, the API reads the first screen will make, its texts and
 * the code of its screen (from the build's .vite/manifest.json), so the browser fetches them while it
 * downloads the app's framework instead of after running it (on a phone's network, a round trip or two
 * before the page's largest content; decision 012). The paths are exactly those the web app asks for
 * (src/web/features/auth/api/session.ts and my-profile.ts, src/web/app/route-data.ts, src/web/i18n/i18n.ts):
 * a preload that does not match its later fetch is fetched twice, which the browser tests count.
 *
 * Only with a session cookie (the signed-in pages are the heavy ones; a guest's landing page meets its
 * budget without), and no data in the hint itself: the reads are the ordinary API routes with their own
 * authorization, the rest public files of the build.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from './language';

/** A group page's address (`/group/<uuid>`, no sub-page) and its group id. */
const GROUP_PAGE = /^\/group\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The session check every screen starts with (session.ts fetchSession). */
export const SESSION_READ = '/api/auth/get-session?disableCookieCache=true';

/** The signed-in person's profile, which the app asks for once the session check names them (auth-provider.ts prefetchAuth, my-profile.ts). */
export const PROFILE_READ = '/api/me';

/**
 * The API reads a signed-in browser's first screen at `path` (a URL's pathname) makes as it starts.
 * @returns paths with their query strings (the session check first); empty for a guest.
 */
export function firstScreenReads(path: string, signedIn: boolean): string[] {
  if (!signedIn) return [];
  const groupId = GROUP_PAGE.exec(path)?.[1];
  if (!groupId) return [SESSION_READ, PROFILE_READ];
  return [SESSION_READ, PROFILE_READ, `/api/groups/${groupId}`, `/api/groups/${groupId}/matches`, `/api/groups/${groupId}/ranking?page=1`, '/api/groups', `/api/groups/${groupId}/matchday-winners`];
}

/**
 * The `Link` header value preloading the style sheets `styles` first (what the first paint waits for: a
 * phone's network starts them before the page's own reads and code compete with them; `crossorigin` as
 * index.html's own `<link rel="stylesheet" crossorigin>`, or the browser would fetch it twice), then `reads` as
 * the web app fetches them (fetch() with credentials 'same-origin': `as=fetch` with `crossorigin`, the
 * anonymous CORS mode, which matches it), then the JavaScript modules `code` (`modulepreload`, as Vite's
 * own hints); null for none of them.
 */
export function preloadLinkHeader(reads: string[], code: string[] = [], styles: string[] = []): string | null {
  const links = [
    ...styles.map((file) => `<${file}>; rel=preload; as=style; crossorigin`),
    ...reads.map((read) => `<${read}>; rel=preload; as=fetch; crossorigin`),
    ...code.map((file) => `<${file}>; rel=modulepreload`),
  ];
  return links.length === 0 ? null : links.join(', ');
}

/** What `vite build` writes in .vite/manifest.json, as far as read here: each chunk's file, static imports and style sheets. */
export type BuildManifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** The style sheets index.html links (absolute paths); empty without a manifest. */
export function entryStyles(manifest: BuildManifest | null): string[] {
  return (manifest?.['index.html']?.css ?? []).map((file) => `/${file}`);
}

/** The screens whose code is named, by address: a group page (its screen and its data's starter, route-data.ts). */
const SCREEN_MODULES: [RegExp, string[]][] = [[GROUP_PAGE, ['routes/group.tsx', 'app/route-data.ts']]];
/** The on-demand text packs (src/web/i18n/merge.ts) a listed screen renders with: a group page's is the game's. */
const SCREEN_TEXT_PACKS: [RegExp, string][] = [[GROUP_PAGE, 'play']];

/**
 * The build's files of the texts the first screen at `path` renders with in `language`: the start-up
 * texts of every screen (i18n/bundles/<language>.ts) and the screen's on-demand pack, whose chunks Vite
 * names `texts-<pack>-<language>` (vite.config.ts textPackChunk).
 * @returns manifest keys, the start-up texts' first (screenCode skips any the build does not have).
 */
function screenTexts(manifest: BuildManifest, path: string, language: Language): string[] {
  const pack = SCREEN_TEXT_PACKS.find(([pattern]) => pattern.test(path))?.[1];
  const packKey = pack ? Object.keys(manifest).find((key) => key.startsWith(`_texts-${pack}-${language}-`)) : undefined;
  return [`i18n/bundles/${language}.ts`, ...(packKey ? [packKey] : [])];
}

/**
 * The JavaScript files (`/assets/…`) the first screen at `path` needs in `language` that index.html does
 * not already load: a listed screen's modules and their static imports, then its texts (screenTexts),
 * less the entry's own files (preloaded by index.html itself).
 * @returns absolute paths in a stable order: the start-up texts alone for an address with no listed
 * screen; empty without a manifest.
 */
export function screenCode(manifest: BuildManifest | null, path: string, language: Language): string[] {
  if (!manifest) return [];
  const modules = [...(SCREEN_MODULES.find(([pattern]) => pattern.test(path))?.[1] ?? []), ...screenTexts(manifest, path, language)];
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const loaded = closure(['index.html']);
  return [...closure(modules)].filter((key) => !loaded.has(key)).map((key) => `/${manifest[key]!.file}`);
}

/** The build manifest in `webDir` (.vite/manifest.json), or null when there is none or it cannot be read. */
export function readBuildManifest(webDir: string): BuildManifest | null {
  try {
    return JSON.parse(readFileSync(join(webDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return null;
  }
}

/** Whether the Cookie header `header` carries a cookie named `name` (its value unchecked: a hint, not a permission). */
export function carriesCookie(header: string | undefined, name: string): boolean {
  return header !== undefined && header.split(';').some((pair) => pair.trim().startsWith(`${name}=`));
}
