/**
 * What the app, its routes and the CLI need to sync leagues, from the environment: the competition
 * fetcher (football-data.org only with FOOTBALL_DATA_TOKEN, its requests spaced by the token bucket
 * shared in PostgreSQL), the providers usable now, what is missing, and a place for background runs
 * so that closing the app waits for them.
 */
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { FootballDataClient } from '../../providers/football-data/client';
import { mapFootballDataCompetitions, type CompetitionSummary } from '../../providers/football-data/competitions';
import { mapFootballDataMatches } from '../../providers/football-data/map';
import { mapFootballDataStandings } from '../../providers/football-data/standings';
import { createProviderBucket } from './provider-bucket';
import type { FetchCompetition, FetchStandings } from './run-sync';
import { createFetchCompetition } from './sources';

/** The sync tools of one app instance (or CLI run). */
export interface SyncContext {
  fetchCompetition: FetchCompetition;
  /** The provider's tables of a league (football-data.org with a token), null for sources without tables. */
  fetchStandings: FetchStandings;
  /** football-data.org's competitions (for administrators linking a league), null without a token. */
  listCompetitions: (() => Promise<CompetitionSummary[]>) | null;
  /** Providers that can be used now ('openfootball' always; 'football-data' with a token). */
  providers: string[];
  /** Environment variables a provider lacks ('FOOTBALL_DATA_TOKEN'), shown on the admin dashboard. */
  missing: string[];
  /** Keeps a run started in the background; `settle` waits for all of them. */
  background(run: Promise<unknown>): void;
  settle(): Promise<void>;
}

/** Builds the sync tools from the environment. */
export function createSyncContext(db: Db, env: Pick<Env, 'FOOTBALL_DATA_TOKEN' | 'FOOTBALL_DATA_URL' | 'FOOTBALL_DATA_REQUESTS_PER_MINUTE'>): SyncContext {
  const token = env.FOOTBALL_DATA_TOKEN;
  const client = token ? new FootballDataClient({
    token,
    baseUrl: env.FOOTBALL_DATA_URL,
    // Burst 1: requests evenly spaced, never more than the plan's allowance (free tier: 10) in any minute.
    limiter: createProviderBucket(db, 'football-data', { burst: 1, requestsPerMinute: env.FOOTBALL_DATA_REQUESTS_PER_MINUTE }),
  }) : null;
  const pending = new Set<Promise<unknown>>();
  return {
    fetchCompetition: createFetchCompetition(client ? async (code, season) => mapFootballDataMatches(await client.getMatches(code, season ?? undefined)) : null),
    fetchStandings: async (source) => (client && source.syncProvider === 'football-data'
      ? mapFootballDataStandings(await client.getStandings(source.syncRef, source.syncSeason ?? undefined)) : null),
    listCompetitions: client ? async () => mapFootballDataCompetitions(await client.listCompetitions()) : null,
    providers: client ? ['football-data', 'openfootball'] : ['openfootball'],
    missing: client ? [] : ['FOOTBALL_DATA_TOKEN'],
    background(run) {
      const settled = run.catch(() => undefined).finally(() => pending.delete(settled));
      pending.add(settled);
    },
    async settle() {
      await Promise.all([...pending]);
    },
  };
}
