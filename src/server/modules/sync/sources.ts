/**
 * Where a linked league's competition comes from, by its provider: football-data.org (the competition
 * code; needs FOOTBALL_DATA_TOKEN) or openfootball (a file path or URL re-read on every run, with the
 * time zone its local kickoffs are written in).
 */
import type { ImportedCompetition } from '../../providers/fixture-source';
import { parseOpenfootball } from '../../providers/openfootball/parse';
import { readOpenfootballSource } from '../../providers/openfootball/read-source';
import type { FetchCompetition } from './run-sync';

/** The providers a league can be linked to. */
export const SYNC_PROVIDERS = ['football-data', 'openfootball'] as const;
/** A provider a league can be linked to. */
export type SyncProvider = (typeof SYNC_PROVIDERS)[number];

/** Thrown when a provider cannot be used as configured (a missing token); the message says what to set. */
export class SyncConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncConfigError';
  }
}

/**
 * The competition fetcher of the sync runs.
 * @param footballData fetches a football-data.org competition's season by code (its start year; null: the
 *   current season), or null when
 *   FOOTBALL_DATA_TOKEN is not set (such leagues then fail with a SyncConfigError saying so).
 */
export function createFetchCompetition(footballData: ((code: string, season: number | null) => Promise<ImportedCompetition>) | null): FetchCompetition {
  return async (source) => {
    if (source.syncProvider === 'football-data') {
      if (!footballData) throw new SyncConfigError('FOOTBALL_DATA_TOKEN is not set: football-data.org leagues cannot be synced');
      return footballData(source.syncRef, source.syncSeason);
    }
    if (source.syncProvider === 'openfootball') {
      const document = await readOpenfootballSource(source.syncRef);
      return parseOpenfootball(document, { timeZone: source.syncTimeZone ?? undefined, sourcePath: source.syncRef });
    }
    throw new SyncConfigError(`unknown data provider ${source.syncProvider}`);
  };
}
