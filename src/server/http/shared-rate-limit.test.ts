/**
 * The API rate limit shared by app instances through the database: two instances (two stores over one
 * database, as two processes would have) meet one limit per address; the counts are added once a flush,
 * never per request; no address is stored; the app's /api routes use it.
 */
import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../env';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { rowsOf } from '../db/client';
import { createSharedRateLimitStore } from './shared-rate-limit';

describe(`the shared API rate limit (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ RATE_LIMIT: 'true', API_RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: 'true' }); });
  afterAll(async () => t?.close());
  afterEach(() => vi.useRealTimers());
  const database = () => t.database;

  /** An "instance": a Fastify app limited to `max` a minute per address by its own store over the shared database. */
  const instance = async (max: number) => {
    const shared = createSharedRateLimitStore({ db: database().db, secret: 'test-secret', flushMs: 60_000, onError: (error) => { throw error; } });
    const app = Fastify({ trustProxy: true });
    // Its store stops with it, as the app's does (its flush timer must not outlive the test's database).
    app.addHook('onClose', async () => shared.close());
    await app.register(fastifyRateLimit, { max, timeWindow: '1 minute', store: shared.Store });
    app.get('/hit', async () => ({ ok: true }));
    app.get('/strict', { config: { rateLimit: { max: 2, timeWindow: '1 minute' } } }, async () => ({ ok: true }));
    await app.ready();
    const hit = async (address: string, url = '/hit') => (await app.inject({ url, headers: { 'x-forwarded-for': address } })).statusCode;
    return { app, shared, hit };
  };

  it('holds an address to one limit across two instances, learning the others\u2019 hits at each flush, in a sliding window', async () => {
    // Five seconds into the current minute (the database's clock stays near: old windows are pruned).
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(minute + 5_000));
    const [a, b] = [await instance(10), await instance(10)];
    try {
      for (let i = 0; i < 6; i++) expect(await a.hit('203.0.113.7')).toBe(200);
      await a.shared.flush();
      for (let i = 0; i < 4; i++) expect(await b.hit('203.0.113.7')).toBe(200);
      await b.shared.flush(); // b now knows a's 6: 10 in all
      expect(await b.hit('203.0.113.7')).toBe(429);
      expect(await b.hit('198.51.100.1')).toBe(200); // another address has its own count
      // a has not heard of b's hits until its own next flush (at most a second later in the app).
      expect(await a.hit('203.0.113.7')).toBe(200);
      await a.shared.flush();
      expect(await a.hit('203.0.113.7')).toBe(429);
      // A route with its own limit counts apart from the global one.
      expect([await a.hit('203.0.113.7', '/strict'), await a.hit('203.0.113.7', '/strict'), await a.hit('203.0.113.7', '/strict')]).toEqual([200, 200, 429]);
      // A sliding window: at the next minute's start the last minute still holds those hits (fixed windows
      // let the limit through again there); half a minute later half of them still weigh.
      vi.setSystemTime(new Date(minute + 60_000));
      expect(await a.hit('203.0.113.7')).toBe(429);
      vi.setSystemTime(new Date(minute + 60_000 + 40_000));
      expect(await a.hit('203.0.113.7')).toBe(200);
    } finally {
      await Promise.all([a.app.close(), b.app.close()]);
    }
  });

  it('adds an instance\u2019s hits in one statement a flush, and stores no address', async () => {
    const a = await instance(1_000);
    try {
      await database().db.execute(sql`delete from rate_limit_windows`);
      const before = 0;
      for (let i = 0; i < 50; i++) expect(await a.hit(`192.0.2.${i % 5}`)).toBe(200);
      // Nothing reached the database while counting.
      expect(rowsOf<{ n: number }>(await database().db.execute(sql`select coalesce(sum(hits), 0)::int as n from rate_limit_windows where key like 'api:%'`))[0]!.n).toBe(before);
      await a.shared.close();
      const rows = rowsOf<{ key: string; hits: number }>(await database().db.execute(sql`select key, hits from rate_limit_windows where key like 'api:%'`));
      expect(rows.reduce((sum, row) => sum + row.hits, 0) - before).toBe(50);
      expect(rows.some((row) => row.key.includes('192.0.2'))).toBe(false);
    } finally {
      await a.app.close();
    }
  });
});

describe(`the API's limit (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ RATE_LIMIT: 'true', API_RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: 'true' }); });
  afterAll(async () => t?.close());

  it('applies API_RATE_LIMIT_PER_MINUTE per address with the shared store', async () => {
    const get = (address: string) => t.app.inject({ url: '/api/leagues', headers: { 'x-forwarded-for': address } });
    const first = await get('203.0.113.9');
    expect(first.headers['x-ratelimit-limit']).toBe('5');
    for (let i = 0; i < 4; i++) await get('203.0.113.9');
    const refused = await get('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect((await get('203.0.113.10')).statusCode).toBe(200);
  });
});

describe(`TRUST_PROXY as the proxies' addresses (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  // The test's requests come from 127.0.0.1: the proxy.
  beforeAll(async () => { t = await createTestApp({ RATE_LIMIT: 'true', API_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '10.0.0.0/8,loopback' }); });
  afterAll(async () => t?.close());

  it('counts the address the proxies appended, whatever the client put before it', async () => {
    // Proxies that append (nginx's $proxy_add_x_forwarded_for, then a load balancer at 10.1.2.3): the
    // client wrote the first entries; the nearest address that is not a proxy is the client's.
    const get = (forged: string, client: string) => t.app.inject({ url: '/api/leagues', headers: { 'x-forwarded-for': `${forged}, ${client}, 10.1.2.3` } });
    for (let i = 0; i < 3; i++) expect((await get(`198.51.100.${i}`, '203.0.113.20')).statusCode).toBe(200);
    expect((await get('198.51.100.99', '203.0.113.20')).statusCode).toBe(429);
    expect((await get('198.51.100.99', '203.0.113.21')).statusCode).toBe(200);
  });

  it("keeps a trusted proxy's X-Request-Id, and no one else's", async () => {
    const fromProxy = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'proxy-id-1' } });
    expect(fromProxy.headers['x-request-id']).toBe('proxy-id-1');
    const other = await createTestApp({ TRUST_PROXY: '10.0.0.0/8' }); // the test's 127.0.0.1 is not a proxy there
    try {
      const fromClient = await other.app.inject({ url: '/api/health', headers: { 'x-request-id': 'client-id-1' } });
      expect(fromClient.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await other.close();
    }
  });
});

describe('TRUST_PROXY values', () => {
  it('reads false, true and a list of proxies, and refuses anything else', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'loopback']);
    for (const bad of ['yes', '1', '10.0.0.0/33', '0.0.0.0/0', '::/0', 'fd00::/129', 'proxy.local', '10.0.0.1/8/2', ',']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be/);
    }
  });
});
