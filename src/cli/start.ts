/**
 * `npm start`: starts the server (one process, one port). In development it first builds the web app
 * when dist/web (or WEB_OUT_DIR) is missing or older than its sources; with NODE_ENV=production it never
 * builds at start (a production start must be quick and predictable): a missing build is an error that
 * says to run `npm run build`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildWebIfNeeded, webOutDir } from './web-build';

if (process.env.NODE_ENV === 'production') {
  if (!existsSync(join(webOutDir(), 'index.html'))) {
    console.error(`No web app build in ${webOutDir()}: run \`npm run build\` before starting with NODE_ENV=production.`);
    process.exit(1);
  }
} else {
  await buildWebIfNeeded();
}
await import('../server/main');
