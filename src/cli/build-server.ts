/**
 * `npm run build:server` (part of `npm run build`): compiles the server and its command-line programs
 * once, so production starts node on plain JavaScript instead of compiling TypeScript at every start
 * (an import took 2.6 s under tsx, 2.2 s of it compiling). esbuild bundles our code (src/server,
 * src/contracts, src/domain) into ES modules in dist/server, one per program. The server (`start`) keeps
 * packages in node_modules as imports. The one-shot programs (import, sync, user-role, backup, restore)
 * also bundle the packages they use, except the database drivers (PGlite loads its WebAssembly and data
 * files from beside its own module; node-postgres has an optional native part): Node loads one file
 * instead of several hundred (zod, drizzle-orm, luxon: ~140 ms of a ~1 s import on our 2-core machine).
 * The SQL migrations are copied beside them (the client reads `./migrations` next to its module). Run by
 * `bin/palpite.mjs` when NODE_ENV=production.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');

/** The programs `bin/palpite.mjs <command>` runs: each is src/cli/<command>.ts. */
export const SERVER_COMMANDS = ['start', 'import', 'replay', 'sync', 'user-role', 'backup', 'restore'] as const;
/** Packages the one-shot programs leave to node_modules: the database drivers (see above). */
const DRIVERS = ['@electric-sql/pglite', '@electric-sql/pglite/*', 'pg', 'pg-native'];

/**
 * Compiles every program of SERVER_COMMANDS that exists into `outDir` (emptied first) as <command>.js,
 * with source maps, and copies the migrations into `outDir`/migrations. `outDir` must lie inside the
 * project (its imports of packages resolve from node_modules above it), two levels down like dist/server.
 * @returns the milliseconds the build took.
 * @throws esbuild's error when a source does not compile.
 */
export async function buildServer(outDir = join(ROOT, 'dist/server')): Promise<number> {
  const started = performance.now();
  rmSync(outDir, { recursive: true, force: true });
  const entries = SERVER_COMMANDS
    .map((command) => [command, join(ROOT, 'src/cli', `${command}.ts`)] as const)
    .filter(([, file]) => existsSync(file));
  const common = {
    outdir: outDir, bundle: true, splitting: true, platform: 'node', format: 'esm', target: 'node20.19',
    sourcemap: true, legalComments: 'none', logLevel: 'warning',
  } as const;
  await build({ ...common, entryPoints: Object.fromEntries(entries.filter(([command]) => command === 'start')), packages: 'external' });
  await build({
    ...common,
    entryPoints: Object.fromEntries(entries.filter(([command]) => command !== 'start')),
    external: DRIVERS,
    // Bundled CommonJS packages call require(): give the ES modules one.
    banner: { js: "import { createRequire as __palpiteCreateRequire } from 'node:module'; const require = __palpiteCreateRequire(import.meta.url);" },
  });
  cpSync(join(ROOT, 'src/server/db/migrations'), join(outDir, 'migrations'), { recursive: true });
  return performance.now() - started;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ms = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`Server compiled into ${process.argv[2] ?? 'dist/server'} in ${Math.round(ms)} ms.`);
}
