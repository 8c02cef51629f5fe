/**
 * Locates the shared openfootball data (../shared/data/openfootball, never copied into the repo).
 * Tests that need it skip with a clear message when it is absent, and fail when CI=true.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Absolute path of the openfootball data folder (it may not exist). */
export const OPENFOOTBALL_DIR = resolve(process.env.OPENFOOTBALL_DIR ?? join(import.meta.dirname, '../../shared/data/openfootball'));

/** Whether the data is there. Throws under CI=true when it is not, so CI cannot pass by skipping. */
export function hasOpenfootballData(): boolean {
  const present = existsSync(join(OPENFOOTBALL_DIR, 'INDEX.md'));
  if (!present && process.env.CI === 'true') {
    throw new Error(`openfootball data not found at ${OPENFOOTBALL_DIR}; CI needs ../shared/data/openfootball`);
  }
  if (!present) console.warn(`Skipping openfootball tests: no data at ${OPENFOOTBALL_DIR}`);
  return present;
}

/** Reads and parses one file, by its path below the data folder. */
export function readOpenfootball(path: string): unknown {
  return JSON.parse(readFileSync(join(OPENFOOTBALL_DIR, path), 'utf8'));
}

/**
 * Every match file with what ../shared/data/openfootball/INDEX.md says of it: matches, teams,
 * matches with a full-time score, postponed, and the zone of times written without an offset.
 */
export const OPENFOOTBALL_FILES = [
  { path: 'worldcup.json/2018/worldcup.json', matches: 64, teams: 32, finished: 64, postponed: 0, tz: 'Europe/Moscow', kind: 'tournament' },
  { path: 'worldcup.json/2022/worldcup.json', matches: 64, teams: 32, finished: 64, postponed: 0, tz: 'Asia/Qatar', kind: 'tournament' },
  { path: 'euro.json/2024/euro.json', matches: 51, teams: 24, finished: 51, postponed: 0, tz: 'Europe/Berlin', kind: 'tournament' },
  { path: 'football.json/2023-24/en.1.json', matches: 380, teams: 20, finished: 380, postponed: 0, tz: 'Europe/London', kind: 'league' },
  { path: 'football.json/2024-25/en.1.json', matches: 380, teams: 20, finished: 380, postponed: 0, tz: 'Europe/London', kind: 'league' },
  { path: 'football.json/2025-26/en.1.json', matches: 380, teams: 20, finished: 291, postponed: 1, tz: 'Europe/London', kind: 'league' },
  { path: 'football.json/2024-25/es.1.json', matches: 380, teams: 20, finished: 370, postponed: 0, tz: 'Europe/Madrid', kind: 'league' },
  { path: 'football.json/2024-25/uefa.cl.json', matches: 189, teams: 36, finished: 188, postponed: 0, tz: 'Europe/Paris', kind: 'tournament' },
  { path: 'football.json/2019/br.1.json', matches: 380, teams: 20, finished: 380, postponed: 0, tz: 'America/Sao_Paulo', kind: 'league' },
  { path: 'football.json/2020/br.1.json', matches: 380, teams: 20, finished: 380, postponed: 0, tz: 'America/Sao_Paulo', kind: 'league' },
] as const;
