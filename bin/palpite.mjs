#!/usr/bin/env node
/**
 * `node bin/palpite.mjs <command> [arguments]`: runs one of Palpite's programs (start, import, sync,
 * user-role, backup, restore) in this very process, so a signal sent to it reaches the program (no
 * shell, no wrapper that relays signals and escalates to SIGKILL). The npm scripts call it.
 *
 * - NODE_ENV=production: the compiled program, dist/server/<command>.js (or SERVER_OUT_DIR, inside the
 *   project), made by `npm run build`; a missing build is an error that says so (exit 1).
 * - Otherwise: src/cli/<command>.ts, compiled on the fly by tsx's loader.
 *
 * The program sees itself as process.argv[1] and its arguments after it, as if run directly.
 * Exit code 2 for an unknown command.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const COMMANDS = ['start', 'import', 'sync', 'user-role', 'backup', 'restore'];
const command = process.argv[2] ?? '';
const production = process.env.NODE_ENV === 'production';
const file = production
  ? resolve(root, process.env.SERVER_OUT_DIR ?? 'dist/server', `${command}.js`)
  : resolve(root, 'src/cli', `${command}.ts`);

if (!COMMANDS.includes(command)) {
  console.error('Usage: node bin/palpite.mjs <start | import | sync | user-role | backup | restore> [arguments]');
  process.exit(2);
}
if (!existsSync(file)) {
  console.error(`No compiled server at ${file}: run \`npm run build\` before running with NODE_ENV=production.`);
  process.exit(1);
}
if (!production) {
  const { register } = await import('tsx/esm/api');
  register();
}
process.argv.splice(1, 2, file);
await import(pathToFileURL(file).href);
