/**
 * `npm run replay -- <openfootball file or URL | bundled:worldcup-2022> [--speed 60] [--start "in 5 minutes"]
 *   [--league "<name>"] [--tz <IANA zone>]`
 *
 * Creates a replay of a real tournament (decision 018) in the database named by DATABASE_URL, or the
 * embedded one in DATA_DIR: a new league whose fixtures are the file's, the first kickoff at the start and
 * the others in their order, their gaps divided by the speed and held between 30 minutes and 3 hours of
 * match time (at speed 60: 30 s to 3 min). The running app plays it (its sync scheduler ticks replays every
 * second); with the embedded database, stop the app first (one process at a time owns ./data) and start it
 * again after. Exit codes: 0 done, 1 the input or database refused it (nothing written), 2 bad usage.
 */
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { parseEnv } from '../server/env';
import { recordAudit, COMMAND_LINE } from '../server/modules/admin/audit';
import { createReplay } from '../server/modules/replay/service';
import { ImportError } from '../server/providers/fixture-source';
import { BUNDLED_TOURNAMENTS, readReplaySource, type BundledTournament, type ReplaySource } from '../server/providers/replay/source';
import { REPLAY_MAX_SPEED, REPLAY_MIN_SPEED } from '../domain/replay';
import { PREDICTION_CLOSE_MINUTES } from '../domain/deadline';
import { consoleOutput, parseOneArgument } from './program';
import { parseStart } from './replay-start';

const USAGE = [
  'Usage: npm run replay -- <openfootball file or URL | bundled:worldcup-2022> [--speed 60] [--start "in 5 minutes"] [--league "<name>"] [--tz <IANA zone>]',
  '',
  `  --speed   how many times faster than real time, ${REPLAY_MIN_SPEED}–${REPLAY_MAX_SPEED} (default 60: a 90-minute match in 90 s).`,
  '            Gaps between kickoffs are divided by it too, held between 30 minutes and 3 hours of match',
  '            time (at speed 60: between 30 s and 3 min), so a group stage replays in hours, not weeks.',
  '  --start   the first kickoff: "now", "in N seconds|minutes|hours", or an ISO 8601 instant (default: in 20 minutes).',
  `            Predictions close ${PREDICTION_CLOSE_MINUTES} minutes before each replayed kickoff: start at least that far ahead`,
  '            to let members predict the first matches.',
  '  --league  the league\'s name (default: the tournament\'s own).',
  '  --tz      the IANA zone of kickoff times written without an offset (the 2022 World Cup: Asia/Qatar).',
].join('\n');

async function main(): Promise<number> {
  const parsed = parseOneArgument(process.argv.slice(2), {
    speed: { type: 'string' }, start: { type: 'string' }, league: { type: 'string' }, tz: { type: 'string' },
  }, USAGE, consoleOutput);
  if (typeof parsed === 'number') return parsed;
  const { argument, values } = parsed;
  const speed = values.speed === undefined ? 60 : Number(values.speed);
  if (!Number.isFinite(speed) || speed < REPLAY_MIN_SPEED || speed > REPLAY_MAX_SPEED) {
    console.error(`--speed must be a number from ${REPLAY_MIN_SPEED} to ${REPLAY_MAX_SPEED}.\n${USAGE}`);
    return 2;
  }
  const now = new Date();
  const startsAt = parseStart(values.start ?? 'in 20 minutes', now);
  if (!startsAt) {
    console.error(`--start must be "now", "in N minutes" (seconds, hours) or an ISO 8601 instant such as 2026-12-01T18:00:00Z.\n${USAGE}`);
    return 2;
  }
  const bundled = /^bundled:(.+)$/.exec(argument)?.[1];
  if (bundled !== undefined && !(bundled in BUNDLED_TOURNAMENTS)) {
    console.error(`No tournament named ${bundled} is shipped; shipped: ${Object.keys(BUNDLED_TOURNAMENTS).map((name) => `bundled:${name}`).join(', ')}.`);
    return 2;
  }
  const source: ReplaySource = bundled !== undefined ? { kind: 'bundled', name: bundled as BundledTournament } : { kind: 'file', ref: argument, timeZone: values.tz };
  const env = parseEnv();
  try {
    const { competition, label } = await readReplaySource(source);
    if (competition.matches.every((match) => match.fullTime === null)) throw new ImportError(`${argument}: no match has a result to replay`);
    const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    try {
      const replay = await createReplay(database.db, { competition, source: label, speed, startsAt, leagueName: values.league }, now);
      await recordAudit(database.db, COMMAND_LINE, {
        action: 'replay.create', subjectType: 'league', subjectId: replay.leagueId, subjectLabel: replay.name,
        after: { source: label, speed, startsAt: replay.startsAt, matches: competition.matches.length },
      });
      for (const warning of competition.warnings) console.warn(`warning: ${warning}`);
      console.log(`Replaying ${replay.name}: ${competition.matches.length} matches at speed ${speed}, from ${replay.startsAt} to ${replay.endsAt}.`);
      console.log('The app plays it while it runs (SYNC on); administrators pause, resume, stop or delete it in Admin › Leagues.');
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof ImportError || error instanceof DataDirLockedError) {
      console.error(`Replay not created, nothing was written: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

process.exitCode = await main();
