/**
 * `npm start`: builds the web app when dist/web is missing or older than its sources, then starts the
 * server (one process, one port).
 */
import { buildWebIfNeeded } from './web-build';

await buildWebIfNeeded();
await import('../server/main');
