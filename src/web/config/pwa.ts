/**
 * The installable app: the web app manifest and the icon sizes, read by vite.config.ts
 * (vite-plugin-pwa writes manifest.webmanifest) and src/cli/icons.ts (draws the icons), and how long the
 * update prompt's Reload waits for the new version (src/web/app/reload-on-new-version.ts).
 */

/** Sizes (px) of the "any" icons: Android launchers and Chrome's install prompt (48–512) and Windows tiles. */
export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512] as const;
/** Sizes (px) of the maskable icons (Android's adaptive icons). */
export const MASKABLE_SIZES = [192, 512] as const;
/**
 * How long after the update prompt's Reload the page waits for the new version to take it over before it
 * reloads by itself, in ms. Chromium can leave the new worker waiting up to 5 minutes (its bound on an
 * outgoing worker, kMaxLameDuckTime) when the page's requests reach the old worker as it stops for the
 * handover, e.g. when Reload is pressed while the page is still loading; a navigation makes it try the
 * handover again, and the page comes back on the new version.
 */
export const RELOAD_FALLBACK_MS = 4_000;
/** The theme colour (the header's emerald-800), also in index.html's theme-color meta. */
export const THEME_COLOR = '#065f46';

/** The service worker's cache of API reads (offline use); emptied at sign-out. */
export const API_CACHE_NAME = 'palpite-api';

/** The web app manifest (https://www.w3.org/TR/appmanifest/). */
export const manifest = {
  id: '/',
  name: 'Palpite',
  short_name: 'Palpite',
  description: 'The football prediction pool for friends, families and colleagues. Predict every match, follow the ranking.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  background_color: '#f8fafc',
  theme_color: THEME_COLOR,
  categories: ['sports', 'games'],
  icons: [
    ...ICON_SIZES.map((size) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })),
    ...MASKABLE_SIZES.map((size) => ({ src: `/icons/maskable-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' })),
  ],
};
