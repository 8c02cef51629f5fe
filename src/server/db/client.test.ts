import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openFreshPostgres, TEST_DB_KIND } from '../../../tests/helpers/app';
import { executePrepared, openDatabase, rowsOf } from './client';
import { useTestDatabase } from '../../../tests/helpers/app';

describe('openDatabase', () => {
  it('migrates an in-memory PGlite and runs the same SQL', async () => {
    const database = await openDatabase({ memory: true });
    try {
      const rows = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from matches`));
      expect(rows[0]?.n).toBe(0);
      expect(database.kind).toBe('pglite');
      // In memory, new WAL segments are not zero-filled (a ~200 ms stall per 16 MB of WAL, docs/benchmarks.md).
      const [setting] = rowsOf<{ zero: string }>(await database.db.execute(sql`select current_setting('wal_init_zero') as zero`));
      expect(setting?.zero).toBe('off');
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

describe('executePrepared', () => {
  const database = useTestDatabase();

  it('answers as execute does, on every call and in transactions, and keeps different texts of one label apart', async () => {
    const { db } = database();
    const twice = (n: number) => sql`select ${n}::int * 2 as doubled, now() as at`;
    const plain = rowsOf<{ doubled: number; at: unknown }>(await db.execute(twice(1)));
    for (const n of [1, 2, 3]) {
      const rows = rowsOf<{ doubled: number; at: unknown }>(await executePrepared(db, 'probe', twice(n)));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.doubled).toBe(n * 2);
      expect(typeof rows[0]!.at).toBe(typeof plain[0]!.at); // same row parsing as execute
    }
    // Another statement under the same label: its own prepared statement, not a clash with the first.
    const other = rowsOf<{ tripled: number }>(await executePrepared(db, 'probe', sql`select ${5}::int * 3 as tripled`));
    expect(other[0]!.tripled).toBe(15);
    const inTx = await db.transaction(async (tx) => rowsOf<{ doubled: number }>(await executePrepared(tx, 'probe', twice(7))));
    expect(inTx[0]!.doubled).toBe(14);
    // Errors as execute reports them: Drizzle's wrapper with the database's error as the cause.
    const error = await executePrepared(db, 'probe', sql`select 1 / ${0}::int`).catch((e: unknown) => e);
    expect(String((error as { cause?: unknown }).cause)).toMatch(/division by zero/);
  });

  it('with `generic`, runs under the generic plan from the first call, answers as execute does and leaves the setting as it was', async () => {
    const { db } = database();
    const total = (n: number) => sql`select count(*)::int as n, ${n}::int * 2 as doubled, now() as at from pg_class where relpages >= ${n}::int`;
    for (const n of [0, 1, 2]) {
      const rows = rowsOf(await executePrepared(db, 'generic_probe', total(n), { generic: true }));
      const plain = rowsOf<Record<string, unknown>>(await db.execute(total(n)));
      expect(rows).toEqual(plain.map((row) => ({ ...row, at: expect.anything() })));
      expect(typeof (rows[0] as Record<string, unknown>).at).toBe(typeof plain[0]!.at);
    }
    // Planned generically every time (never a custom plan), as the connection this query lands on holds it.
    const plans = rowsOf<{ generic_plans: number; custom_plans: number }>(await db.execute(
      sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where name like 'generic\_probe\_%'`));
    if (TEST_DB_KIND === 'pglite') expect(plans).toHaveLength(1); // one connection
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.every((plan) => plan.custom_plans === 0 && plan.generic_plans > 0)).toBe(true);
    // The setting lasted that statement only.
    expect(rowsOf(await db.execute(sql`select current_setting('plan_cache_mode') as mode`))).toEqual([{ mode: 'auto' }]);
    // A failure names the statement's text and keeps the values apart, as an unnamed statement's does.
    const error = await executePrepared(db, 'generic_probe', sql`select ${"secret's"}::int as n`, { generic: true }).catch((e: unknown) => e) as Error & { params?: unknown[] };
    expect(error.message).toMatch(/^Failed query: select \$1::int as n\nparams: /);
    expect(error.message.split('\n')[0]).not.toContain('secret');
    expect(String((error as { cause?: unknown }).cause)).toMatch(/invalid input syntax for type integer/);
    // The connection is still good, and texts PREPARE refuses run as before.
    expect(rowsOf(await executePrepared(db, 'generic_probe', sql`select ${'untyped'} as value`, { generic: true }))).toEqual([{ value: 'untyped' }]);
    expect(rowsOf(await executePrepared(db, 'generic_probe', total(0), { generic: true }))).toHaveLength(1);
    // In a transaction, as without.
    expect(await db.transaction(async (tx) => rowsOf<{ doubled: number }>(await executePrepared(tx, 'generic_probe', total(3), { generic: true }))[0]!.doubled)).toBe(6);
    if (TEST_DB_KIND === 'postgres') {
      // A pooler's reset (DISCARD ALL, DEALLOCATE ALL) drops the statements of every connection: each is
      // prepared again on its next run there (queries side by side hold one connection each).
      const everyConnection = () => Array.from({ length: database().connections });
      await Promise.all(everyConnection().map(() => db.execute(sql.raw('deallocate all'))));
      const again = await Promise.all(everyConnection().map((_, i) => executePrepared(db, 'generic_probe', total(i), { generic: true })));
      expect(again.map((result) => rowsOf<{ doubled: number }>(result)[0]!.doubled)).toEqual(everyConnection().map((_, i) => i * 2));
      // A connection that holds the statement already (prepared by another client behind a pooler) runs it.
      const other = sql`select ${1}::int + 1 as two`;
      const name = `generic_other_${createHash('sha1').update(new PgDialect().sqlToQuery(other).sql).digest('hex').slice(0, 12)}_g`;
      await Promise.all(everyConnection().map(() => db.execute(sql.raw(`prepare ${name} as select $1::int + 1 as two`))));
      const held = await Promise.all(everyConnection().map(() => executePrepared(db, 'generic_other', other, { generic: true })));
      expect(held.map((result) => rowsOf(result))).toEqual(everyConnection().map(() => [{ two: 2 }]));
      // A table changed under a prepared `select *` (0A000: the cached plan must not change its result type): prepared anew.
      await db.execute(sql`create table generic_probe_t (n int)`);
      await db.execute(sql`insert into generic_probe_t values (1)`);
      const all = () => Promise.all(everyConnection().map(() => executePrepared(db, 'generic_t', sql`select * from generic_probe_t where n >= ${0}::int`, { generic: true })));
      expect((await all()).map((result) => rowsOf(result))).toEqual(everyConnection().map(() => [{ n: 1 }]));
      await db.execute(sql`alter table generic_probe_t add column m int default 7`);
      expect((await all()).map((result) => rowsOf(result))).toEqual(everyConnection().map(() => [{ n: 1, m: 7 }]));
    }
  });

  it.runIf(TEST_DB_KIND === 'pglite')('on the embedded database, prepares each text once with SQL and runs it with its values as literals', async () => {
    const { db } = database();
    const echo = (text: string, n: number | null, flag: boolean) =>
      sql`select ${text}::text as text, ${n}::int as n, ${flag}::boolean as flag, length(${text}::text) as length`;
    const texts = ["o'clock", 'back\\slash', '{"a",NULL}', 'ação ⚽', ''];
    for (const [i, text] of texts.entries()) {
      const rows = rowsOf(await executePrepared(db, 'echo', echo(text, i % 2 ? null : i, i % 2 === 0)));
      expect(rows).toEqual(rowsOf(await db.execute(echo(text, i % 2 ? null : i, i % 2 === 0))));
    }
    const prepared = rowsOf<{ name: string; statement: string }>(await db.execute(sql`select name, statement from pg_prepared_statements where name like 'echo\_%'`));
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.statement).toMatch(/^prepare echo_[0-9a-f]{12} as select \$1::text/);
    // A failure names the statement's text and keeps the values apart, as an unnamed statement's does.
    const error = await executePrepared(db, 'echo', sql`select ${"secret's"}::int as n`).catch((e: unknown) => e) as Error & { params?: unknown[] };
    expect(error.message).toMatch(/^Failed query: select \$1::int as n\nparams: /);
    expect(error.message.split('\n')[0]).not.toContain('secret');
    expect(error.params).toEqual(["secret's"]);
    expect(String((error as { cause?: unknown }).cause)).toMatch(/invalid input syntax for type integer/);
    // Texts PREPARE refuses (a parameter of no known type) and values with no literal (a date) run as before.
    expect(rowsOf(await executePrepared(db, 'echo', sql`select ${'untyped'} as value`))).toEqual([{ value: 'untyped' }]);
    const at = new Date('2026-11-26T12:00:00Z');
    expect(rowsOf<{ at: string }>(await executePrepared(db, 'echo', sql`select ${at.toISOString()}::timestamptz = ${at} as same`))).toEqual([{ same: true }]);
    // Inside a transaction, too (a transaction is its own handle: the statement is not prepared there).
    expect(await db.transaction(async (tx) => rowsOf(await executePrepared(tx, 'echo', echo('tx', 1, true))))).toEqual([{ text: 'tx', n: 1, flag: true, length: 2 }]);
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
