/** Loads the demo league into an empty database (no leagues yet). */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leagues } from '../../db/schema';
import { importCompetition, type ImportSummary } from '../import/service';
import { demoLeague } from './demo-league';

/**
 * Seeds the demo when the database has no league.
 * @returns the import summary, or null when the database already had leagues.
 */
export async function seedDemoIfEmpty(db: Db, now: Date): Promise<ImportSummary | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(leagues);
  if (Number(row?.n ?? 0) > 0) return null;
  return importCompetition(db, demoLeague(now), { provider: 'demo' });
}
