import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openFreshPostgres, TEST_DB_KIND } from '../../../tests/helpers/app';
import { openDatabase, rowsOf } from './client';

describe('openDatabase', () => {
  it('migrates an in-memory PGlite and runs the same SQL', async () => {
    const database = await openDatabase({ memory: true });
    try {
      const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from matches`));
      expect(rows[0]?.n).toBe(0);
      expect(database.kind).toBe('pglite');
    } finally {
      await database.close();
    }
  });

  it.runIf(TEST_DB_KIND === 'postgres')('lets several instances start at once on an empty PostgreSQL (migrations take turns)', async () => {
    const { database: first, drop } = await openFreshPostgres(process.env.TEST_DATABASE_URL as string);
    // A fresh, unmigrated database for the race: drop the tables the helper just created.
    await first.db.execute(sql`drop schema public cascade; create schema public; drop schema if exists drizzle cascade`);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    const name = rowsOf<{ name: string }>(await first.db.execute(sql`select current_database() as name`))[0]!.name;
    url.pathname = `/${name}`;
    try {
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url.toString() })));
      const applied = rowsOf<{ n: number }>(await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
      const journal = JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
      // Each migration applied exactly once, however many instances raced.
      expect(applied[0]?.n).toBe(journal.entries.length);
      await Promise.all(instances.map((instance) => instance.close()));
    } finally {
      await first.close();
      await drop();
    }
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('a dropped PostgreSQL connection', () => {
  it('is reported and replaced, not fatal', async () => {
    const { database: probe, drop } = await openFreshPostgres(process.env.TEST_DATABASE_URL as string);
    const name = rowsOf<{ name: string }>(await probe.db.execute(sql`select current_database() as name`))[0]!.name;
    await probe.close();
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    const errors: Error[] = [];
    const database = await openDatabase({ url: url.toString(), onConnectionError: (error) => errors.push(error) });
    try {
      await database.db.execute(sql`select 1`); // one idle pooled connection now
      const admin = await openDatabase({ url: process.env.TEST_DATABASE_URL as string });
      const killed = rowsOf(await admin.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`,
      )).length;
      await admin.close();
      expect(killed).toBeGreaterThan(0);
      await expect.poll(() => errors.length).toBe(killed); // every idle connection reported, none thrown
      const rows = rowsOf<{ ok: number }>(await database.db.execute(sql`select 1 as ok`));
      expect(rows[0]?.ok).toBe(1);
    } finally {
      await database.close();
      await drop();
    }
  });
});
