/**
 * Readiness (GET /api/ready): whether this instance can serve — it is not shutting down, the database
 * answers (within 2 s), every migration this build ships is applied, the background jobs run on
 * schedule (job-monitor.ts), and, on the embedded database, its disk has room for writes
 * (db/embedded-storage.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, rowsOf, type Db } from '../../db/client';
import { storageStatus, type StorageStatus } from '../../db/embedded-storage';
import type { JobMonitor } from '../../jobs/job-monitor';

/** How many migrations this build ships (drizzle-kit's journal). */
const SHIPPED = (JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

let draining = false;

/** This process is shutting down (SIGTERM): from now on it is not ready, whatever else holds. */
export function markDraining(): void {
  draining = true;
}

/** The verdict and each check's. */
export interface Readiness {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; jobs: boolean };
  /** Whether the process is shutting down. */
  draining: boolean;
  /** Jobs that have not run on schedule. */
  stalledJobs: string[];
  /** The embedded database's disk (absent on PostgreSQL): not `ok` means writes are refused, and why. */
  storage?: StorageStatus;
}

/** Checks readiness now; never throws (a failed check is a false). */
export async function readiness(db: Db, jobs: JobMonitor): Promise<Readiness> {
  let database = false;
  let migrations = false;
  try {
    const applied = await Promise.race([
      db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`).then((r) => Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0)),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('database timeout')), 2_000).unref()),
    ]);
    database = true;
    migrations = applied >= SHIPPED;
  } catch {
    // database stays false
  }
  const stalledJobs = jobs.stalled();
  const checks = { database, migrations, jobs: stalledJobs.length === 0 };
  const storage = storageStatus(db);
  const room = storage === undefined || storage.state === 'ok';
  return { ready: !draining && database && migrations && checks.jobs && room, checks, stalledJobs, draining, ...(storage ? { storage } : {}) };
}
