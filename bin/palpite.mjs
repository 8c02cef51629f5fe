#!/usr/bin/env node
/**
 * `node bin/palpite.mjs <command> [arguments]`: runs one of Palpite's programs (start, import, replay, sync,
 * user-role, backup, restore) in this very process, so a signal sent to it reaches the program (no
 * shell, no wrapper that relays signals and escalates to SIGKILL). The npm scripts call it.
 *
 * - NODE_ENV=production: the compiled program, dist/server/<command>.js (or SERVER_OUT_DIR, inside the
 *   project), made by `npm run build`; a missing build is an error that says so (exit 1).
 * - Otherwise: src/cli/<command>.ts, compiled on the fly by tsx's loader.
 *
 * The program sees itself as process.argv[1] and its arguments after it, as if run directly.
 * Exit code 2 for an unknown command.
 *
 * Every program but the server runs with V8's WebAssembly tier-up budget raised (ONE_SHOT_WASM_TIERING):
 * the embedded database is 9 MB of WebAssembly, and by default V8 recompiles each function that has run
 * a little with its optimising compiler on background threads, which on a 2-core machine took CPU from
 * the program and held its exit until they finished: an import of a 380-match season took 0.91 s, 0.62 s
 * with the budget raised (docs/benchmarks.md, start-up). Functions that stay hot in a long run (a large
 * sync or restore) still tier up. The server keeps V8's default: it runs for days.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

const root = fileURLToPath(new URL('..', import.meta.url));
const COMMANDS = ['start', 'import', 'replay', 'sync', 'user-role', 'backup', 'restore'];
/** V8's budget before a WebAssembly function is optimised, in bytes executed (V8's default: 1,800,000). */
const ONE_SHOT_WASM_TIERING = '--wasm-tiering-budget=1000000000';
const command = process.argv[2] ?? '';
const production = process.env.NODE_ENV === 'production';
const file = production
  ? resolve(root, process.env.SERVER_OUT_DIR ?? 'dist/server', `${command}.js`)
  : resolve(root, 'src/cli', `${command}.ts`);

if (!COMMANDS.includes(command)) {
  console.error('Usage: node bin/palpite.mjs <start | import | replay | sync | user-role | backup | restore> [arguments]');
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`No compiled server at ${file}: run \`npm run build\` before running with NODE_ENV=production.`);
  process.exit(1);
}
if (command !== 'start') setFlagsFromString(ONE_SHOT_WASM_TIERING);
if (!production) {
  const { register } = await import('tsx/esm/api');
  register();
}
process.argv.splice(1, 2, file);
await import(pathToFileURL(file).href);
