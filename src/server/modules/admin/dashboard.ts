/** The administrators' dashboard: counts of the platform and the state of every linked league's sync. */
import { sql } from 'drizzle-orm';
import type { AdminDashboardResponse } from '../../../contracts/admin';
import { rowsOf, type Conn } from '../../db/client';
import { syncedLeagues } from './leagues';

/**
 * The dashboard's figures at this moment.
 * @param missing what is missing for a provider to work (e.g. 'FOOTBALL_DATA_TOKEN'), from the environment.
 */
export async function adminDashboard(db: Conn, missing: readonly string[]): Promise<AdminDashboardResponse> {
  const [counts] = rowsOf<{ users: number; new_users: number; groups: number; active_groups: number; predictions_today: number; live: number }>(await db.execute(sql`
    select (select count(*) from profiles where not simulated)::int as users,
           (select count(*) from profiles where not simulated and created_at >= now() - interval '7 days')::int as new_users,
           (select count(*) from groups)::int as groups,
           (select count(*) from groups where status = 'active')::int as active_groups,
           (select count(*) from predictions where updated_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')::int as predictions_today,
           (select count(*) from matches where status = 'live')::int as live`));
  const leagues = await syncedLeagues(db);
  return {
    users: { total: Number(counts!.users), newThisWeek: Number(counts!.new_users) },
    groups: { total: Number(counts!.groups), active: Number(counts!.active_groups) },
    predictionsToday: Number(counts!.predictions_today),
    liveMatches: Number(counts!.live),
    syncedLeagues: leagues,
    failing: leagues.filter((league) => league.lastRun?.status === 'failed').length,
    missing: [...missing],
  };
}
