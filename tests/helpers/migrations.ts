/**
 * The statements of one of Palpite's migration files (src/server/db/migrations), for upgrade tests that
 * replay a migration on a database made to look as it was before it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The statements of migration file `file` (its name, e.g. '0040_season-mark-round.sql'), in order, split at
 * drizzle-kit's breakpoints, blank ones left out. Throws (ENOENT) when there is no such file.
 */
export function migrationStatements(file: string): string[] {
  const path = fileURLToPath(new URL(`../../src/server/db/migrations/${file}`, import.meta.url));
  return readFileSync(path, 'utf8').split('--> statement-breakpoint').filter((text) => text.trim());
}
