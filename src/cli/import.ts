/**
 * `npm run import -- <file-or-URL> [--tz <IANA zone>] [--league "<name>"] [--season <label>]`
 *
 * Imports an openfootball JSON file (or URL) into the database named by DATABASE_URL, or the
 * embedded one in DATA_DIR. Prints a summary and any warnings. Exit codes: 0 done, 1 the input or
 * database refused it (nothing written), 2 bad usage.
 */
import { resolve } from 'node:path';
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { parseEnv } from '../server/env';
import { importCompetition } from '../server/modules/import/service';
import { COMMAND_LINE } from '../server/modules/admin/audit';
import { ImportError } from '../server/providers/fixture-source';
import { parseOpenfootball } from '../server/providers/openfootball/parse';
import { readOpenfootballSource } from '../server/providers/openfootball/read-source';
import { consoleOutput, parseOneArgument } from './program';

const USAGE = 'Usage: npm run import -- <file-or-URL> [--tz <IANA zone>] [--league "<name>"] [--season <label>]';

async function main(): Promise<number> {
  const parsed = parseOneArgument(process.argv.slice(2), { tz: { type: 'string' }, league: { type: 'string' }, season: { type: 'string' } }, USAGE, consoleOutput);
  if (typeof parsed === 'number') return parsed;
  const { argument: source, values } = parsed;
  const env = parseEnv();
  try {
    const document = await readOpenfootballSource(source);
    const competition = parseOpenfootball(document, { timeZone: values.tz, season: values.season, sourcePath: source });
    const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    try {
      const summary = await importCompetition(database.db, competition, {
        provider: 'openfootball', leagueName: values.league,
        byHand: { ref: sourceOf(source), timeZone: values.tz ?? null, actor: COMMAND_LINE },
      });
      for (const warning of competition.warnings) console.warn(`warning: ${warning}`);
      console.log(
        `Imported ${summary.leagueName} (${summary.season}): ${summary.matches} matches, ${summary.teams} teams, ` +
          `${summary.finished} finished, ${summary.postponed} postponed — ${summary.created} new, ${summary.updated} updated, ` +
          `${summary.unchanged} unchanged, ${summary.rescored} predictions re-scored.`,
      );
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof ImportError || error instanceof DataDirLockedError) {
      console.error(`Import failed, nothing was written: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** The source as a later sync can read it: a URL as it is, a path made absolute (a sync may run elsewhere). */
function sourceOf(source: string): string {
  return /^https?:\/\//i.test(source) ? source : resolve(source);
}

process.exitCode = await main();
