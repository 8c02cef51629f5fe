/** Keeping a league's provider tables (table league_provider_standings): the newest replaces the last. */
import { sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';

/** Stores `tables` (the provider's StandingTable[]) as the league's current provider standings. */
export async function storeProviderStandings(db: Conn, leagueId: string, tables: readonly unknown[]): Promise<void> {
  await db.execute(sql`
    insert into league_provider_standings (league_id, fetched_at, tables) values (${leagueId}::uuid, now(), ${JSON.stringify(tables)}::jsonb)
    on conflict (league_id) do update set fetched_at = excluded.fetched_at, tables = excluded.tables`);
}
