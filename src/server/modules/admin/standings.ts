/**
 * A league's standings for administrators: the tables computed from its results (the ones members see:
 * src/server/modules/leagues/standings.ts) beside the provider's own tables, kept by the sync
 * (football-data.org) or fetched on demand.
 */
import { sql } from 'drizzle-orm';
import type { AdminStandingsResponse } from '../../../contracts/admin';
import { rowsOf, type Conn } from '../../db/client';
import { leagueStandings } from '../leagues/standings';
import type { FetchStandings } from '../sync/run-sync';
import { storeProviderStandings } from '../sync/provider-standings';

/** Computed and provider standings of a league. @throws AppError league_not_found. */
export async function adminStandings(db: Conn, leagueId: string): Promise<AdminStandingsResponse> {
  const computed = await leagueStandings(db, leagueId);
  const [row] = rowsOf<{ fetched_at: string | Date; tables: unknown }>(await db.execute(sql`
    select fetched_at, tables from league_provider_standings where league_id = ${leagueId}::uuid`));
  const tables = row ? (typeof row.tables === 'string' ? JSON.parse(row.tables) : row.tables) : null;
  return { computed, provider: row ? { fetchedAt: new Date(row.fetched_at).toISOString(), tables } : null };
}

/**
 * Fetches the provider's tables of a linked league now and keeps them.
 * @returns whether the provider has tables (false for openfootball and hand-entered leagues).
 * @throws the provider's error (the route answers it).
 */
export async function refreshProviderStandings(db: Conn, leagueId: string, fetchStandings: FetchStandings): Promise<boolean> {
  const [league] = rowsOf<{ sync_provider: string | null; sync_ref: string | null; sync_time_zone: string | null; sync_season: number | null }>(await db.execute(sql`
    select sync_provider, sync_ref, sync_time_zone, sync_season from leagues where id = ${leagueId}::uuid`));
  if (!league?.sync_provider || !league.sync_ref) return false;
  const tables = await fetchStandings({
    leagueId, syncProvider: league.sync_provider, syncRef: league.sync_ref, syncTimeZone: league.sync_time_zone,
    syncSeason: league.sync_season === null ? null : Number(league.sync_season),
  });
  if (!tables) return false;
  await storeProviderStandings(db, leagueId, tables);
  return true;
}
