import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { readBuild, readVersion } from './src/server/version.ts';
import { API_CACHE_NAME, manifest } from './src/web/config/pwa.ts';
import { textPackOf } from './src/web/i18n/merge.ts';

/** The chunk of a translation file loaded on demand: its pack's, in its language ("texts-play-pt-BR"); null for any other module. */
function textPackChunk(id: string): string | null {
  const file = /[\\/]i18n[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(id);
  const pack = file ? textPackOf(file[2]!) : null;
  return file && pack ? `texts-${pack}-${file[1]}` : null;
}

/** Modules every screen loads with the entry (Vite's preload helper, the API client): in the framework file rather than files of their own. */
const EVERY_SCREEN = /^\0vite[\\/]preload-helper|[\\/]src[\\/]web[\\/]lib[\\/]api-client\.ts$/;

/**
 * Modules the `app` chunk group below must never capture, collected once the module graph is built: those
 * loaded on demand (the target of some `import()`), or every screen would load them at start; and those
 * the entry (main.tsx) imports statically, which stay with it so the landing page loads nothing more.
 */
const keptApart = new Set<string>();
const collectKeptApart: Plugin = {
  name: 'palpite:collect-kept-apart',
  apply: 'build',
  buildStart() {
    keptApart.clear();
  },
  buildEnd() {
    const ids = [...this.getModuleIds()];
    for (const id of ids) for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) keptApart.add(target);
    // The entries and everything they import statically (a Set's iteration visits what is added to it meanwhile).
    const initial = new Set(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
    for (const id of initial) for (const imported of this.getModuleInfo(id)?.importedIds ?? []) initial.add(imported);
    for (const id of initial) keptApart.add(id);
  },
  // The guard of what the group is for: the entry (what the landing page loads) never imports the `app` file.
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
      const app = chunk.imports.find((file) => /(^|\/)app-[\w-]+\.js$/.test(file));
      if (app) this.error(`The entry ${chunk.fileName} imports the shared app file ${app}: a module it imports statically was captured by the 'app' group.`);
    }
  },
};

/** The web app: root src/web, built into dist/web, which the server serves in production. */
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    collectKeptApart,
    // The installable app (decision 009): manifest.webmanifest, and a Workbox service worker at /sw.js that
    // precaches the built app (hashed assets, index.html as the shell of every route) and keeps the last
    // answers of the API's reads for offline use (read-only). A new version waits for the person's
    // go-ahead (registerType 'prompt': src/web/app/app-updates.tsx).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      manifest,
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The launcher icons are fetched by the system when the app is installed, not by the pages.
        globIgnores: ['icons/**'],
        // Client routes open the app shell offline; the API, mail links (/api/…) and /metrics never do.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/metrics$/],
        cleanupOutdatedCaches: true,
        // The first worker takes over the page that installed it (updates still wait for the go-ahead, as
        // registerType 'prompt' never skips waiting), so that page's reads are kept for offline use at once.
        clientsClaim: true,
        // Push notifications: showing them and opening the app on a click (src/web/public/push-sw.js).
        importScripts: ['push-sw.js'],
        runtimeCaching: [
          {
            // Reads of the API (groups, matches, ranking, my predictions, profile…): the network first,
            // the last answer when offline or after 4 s. Never the event streams, sign-in, admin or health
            // (src/web/lib/connectivity.ts asks it whether the server is there).
            urlPattern: ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/')
              && !url.pathname.startsWith('/api/auth/') && !url.pathname.startsWith('/api/admin/') && !url.pathname.endsWith('/events')
              && url.pathname !== '/api/health',
            handler: 'NetworkFirst',
            options: {
              cacheName: API_CACHE_NAME,
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 200, maxAgeSeconds: 14 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    // Every text asset also as .br (brotli at its best quality) and .gz, served as they are (@fastify/static
    // preCompressed): smaller than compressing on the fly, and no CPU spent per request.
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      threshold: 512,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  // Shown in the footer ("v0.3.5 beta", build = the commit the app was built from; GET /api/health says the same).
  define: {
    __APP_VERSION__: JSON.stringify(readVersion()),
    __APP_BUILD__: JSON.stringify(readBuild()),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // .vite/manifest.json: which files each screen needs, for the server's preload hints (src/server/http/preload-hints.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // Fewer, fuller files for the first load (measured by `npm run bench:web`; decision 012): the libraries
        // every page runs (React, the router, i18next, TanStack Query, the service worker's registration) in
        // one file; the texts of each on-demand pack (src/web/i18n/merge.ts) in one file per language; and
        // the app's own modules two or more screens share (formatting, labels, the API hooks…: each a few
        // hundred bytes) in one, rather than a file each: a phone pays a round trip per file it waits for,
        // and a group page waited for twenty.
        codeSplitting: {
          groups: [
            { name: 'framework', test: (id) => /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](query-core|react-query)|use-sync-external-store|workbox-window)[\\/]/.test(id) || EVERY_SCREEN.test(id) },
            { name: textPackChunk, debugName: 'texts' },
            {
              name: 'app',
              test: (id) => /[\\/]src[\\/](web|domain)[\\/]/.test(id) && !keptApart.has(id) && !/[\\/]src[\\/]web[\\/](main\.tsx|i18n[\\/])/.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` (API on 3000) + `npm run dev:web` (this, with hot reload). The Host header is kept,
    // so Better Auth sees the browser's origin as this server's own.
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
