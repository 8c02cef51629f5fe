/** Loads the demo into an empty database (no leagues yet): the demo league, and optionally the live replay. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leagues } from '../../db/schema';
import { importCompetition, type ImportSummary } from '../import/service';
import { createDemoReplay } from '../replay/demo';
import type { ReplayInfo } from '../replay/service';
import { demoLeague } from './demo-league';

/**
 * Seeds the demo when the database has no league: the demo league around `now` and, with
 * `options.replay` (a server's first start), the 2022 World Cup replayed live with its demo group
 * (modules/replay/demo.ts).
 * @returns the import summary (with the replay when made), or null when the database already had leagues.
 */
export async function seedDemoIfEmpty(db: Db, now: Date, options: { replay?: boolean } = {}): Promise<(ImportSummary & { replay?: ReplayInfo }) | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(leagues);
  if (Number(row?.n ?? 0) > 0) return null;
  const summary = await importCompetition(db, demoLeague(now), { provider: 'demo' });
  if (!options.replay) return summary;
  const { replay } = await createDemoReplay(db, now);
  return { ...summary, replay };
}
