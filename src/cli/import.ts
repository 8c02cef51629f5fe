/**
 * `npm run import -- <file-or-URL> [--tz <IANA zone>] [--league "<name>"] [--season <label>]`
 *
 * Imports an openfootball JSON file (or URL) into the database named by DATABASE_URL, or the
 * embedded one in DATA_DIR. Prints a summary and any warnings. Exit codes: 0 done, 1 the input or
 * database refused it (nothing written), 2 bad usage.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { parseEnv } from '../server/env';
import { importCompetition } from '../server/modules/import/service';
import { ImportError } from '../server/providers/fixture-source';
import { parseOpenfootball } from '../server/providers/openfootball/parse';
import { readOpenfootballSource } from '../server/providers/openfootball/read-source';

const USAGE = 'Usage: npm run import -- <file-or-URL> [--tz <IANA zone>] [--league "<name>"] [--season <label>]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: { tz: { type: 'string' }, league: { type: 'string' }, season: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const [source, ...extra] = args.positionals;
  if (!source || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
  try {
    const document = await readOpenfootballSource(source);
    const competition = parseOpenfootball(document, { timeZone: args.values.tz, season: args.values.season, sourcePath: source });
    const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    try {
      const summary = await importCompetition(database.db, competition, { provider: 'openfootball', leagueName: args.values.league });
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

process.exitCode = await main();
