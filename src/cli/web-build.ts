/** Builds the web app with Vite when dist/web is missing or older than any of its sources. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCES = ['src/web', 'src/contracts', 'src/domain', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/**
 * Folder the web app is built into: dist/web, or WEB_OUT_DIR when set (so that several test runs on one
 * machine never build into the same folder at once). Absolute path.
 */
export function webOutDir(): string {
  return resolve(ROOT, process.env.WEB_OUT_DIR ?? 'dist/web');
}

/** Whether the web build folder needs (re)building. */
export function webBuildIsStale(): boolean {
  const built = join(webOutDir(), 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => existsSync(join(ROOT, source)) && newestMtime(join(ROOT, source)) > builtAt);
}

/** Runs `vite build` when needed; returns whether it built. */
export async function buildWebIfNeeded(): Promise<boolean> {
  if (!webBuildIsStale()) return false;
  console.log(`Building the web app (${webOutDir()})…`);
  const { build } = await import('vite');
  // Always the production bundle (a test runner's NODE_ENV=test would give React's development build);
  // the server started after it in this process keeps its own NODE_ENV.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir: webOutDir() } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
}
