import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { constants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { readBuild, readVersion } from './src/server/version.ts';

/** The web app: root src/web, built into dist/web, which the server serves in production. */
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
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
  },
  server: {
    // `npm run dev` (API on 3000) + `npm run dev:web` (this, with hot reload). The Host header is kept,
    // so Better Auth sees the browser's origin as this server's own.
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
