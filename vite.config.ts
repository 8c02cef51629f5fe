import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readBuild, readVersion } from './src/server/version.ts';

/** The web app: root src/web, built into dist/web, which the server serves in production. */
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), tailwindcss()],
  // Shown in the footer ("v0.3.5 beta", build = the commit the app was built from; GET /api/health says the same).
  define: {
    __APP_VERSION__: JSON.stringify(readVersion()),
    __APP_BUILD__: JSON.stringify(readBuild()),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  server: {
    // `npm run dev` (API on 3000) + `npm run dev:web` (this, with hot reload). The Host header is kept,
    // so Better Auth sees the browser's origin as this server's own.
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
