import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../tests/helpers/app';
import { createUser } from '../../tests/helpers/users';
import { startOfFreshMinute } from '../../tests/helpers/clock';
import { seedDemoIfEmpty } from './modules/demo/seed';

describe(`app basics (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('GET /api/health answers ok with version and build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), build: expect.any(String) });
  });

  it('serves an OpenAPI document listing the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/health', '/api/leagues', '/api/leagues/{leagueId}/matches', '/api/groups', '/api/groups/join',
      '/api/groups/{groupId}', '/api/groups/{groupId}/matches', '/api/groups/{groupId}/predictions/{matchId}',
      '/api/groups/{groupId}/ranking', '/api/admin/matches/{matchId}/result',
    ]));
  });

  it('answers unknown API paths with a 404 error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { id: 'not_found', message: expect.any(String) } });
  });

  it('answers a malformed id with 400 validation_failed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/leagues/not-a-uuid/matches' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.id).toBe('validation_failed');
  });

  it('answers a well-formed unknown league with 404 league_not_found', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/leagues/00000000-0000-4000-8000-000000000000/matches' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.id).toBe('league_not_found');
  });

  it('answers broken JSON with 400 validation_failed', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/groups', headers: { 'content-type': 'application/json' }, payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.id).toBe('validation_failed');
  });

  it('needs a session for groups', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/groups' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.id).toBe('unauthenticated');
  });
});

describe('protections', () => {
  it('sends security headers, without forcing https on a plain-http install', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('adds https-only headers when APP_URL is https', async () => {
    const t = await createTestApp({ APP_URL: 'https://palpite.example.com' });
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
    } finally {
      await t.close();
    }
  });

  it('slows down joining public groups by id with 429 rate_limited', async () => {
    const t = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      // Four people from one address: the per-address limit (30 a minute) bites before the per-person one.
      const users = await Promise.all([0, 1, 2, 3].map(() => createUser(t)));
      await startOfFreshMinute();
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        const response = await t.app.inject({ method: 'POST', url: '/api/groups/00000000-0000-4000-8000-000000000000/join', headers: { cookie: users[i % users.length]!.cookie } });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('slows down invite-code guessing with 429 rate_limited', async () => {
    const t = await createTestApp({ RATE_LIMIT: 'true' });
    try {
      // Four people from one address: the per-address limit (30 a minute) bites before the per-person one.
      const users = await Promise.all([0, 1, 2, 3].map(() => createUser(t)));
      await startOfFreshMinute();
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        const response = await t.app.inject({
          method: 'POST', url: '/api/groups/join', headers: { cookie: users[i % users.length]!.cookie }, payload: { inviteCode: 'ZZZZZZZZ' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().error.id).toBe('rate_limited');
      }
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('compression', () => {
  it('compresses large responses for clients that accept it', async () => {
    const t = await createTestApp();
    try {
      const plain = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
      const compressed = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(compressed.headers['content-encoding']).toMatch(/^(br|gzip)$/);
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    } finally {
      await t.close();
    }
  });

  it("sends a ranking compressed as the browser asks, the same bytes to each reader of a cached ranking, and plain to a client that asks for none", async () => {
    const t = await createTestApp();
    try {
      await seedDemoIfEmpty(t.database.db, new Date());
      const [ana, bia] = [await createUser(t), await createUser(t)];
      const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
      const created = await t.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: ana.cookie }, payload: { name: 'Packed pool', leagueId } });
      const { id, inviteCode } = created.json().group as { id: string; inviteCode: string };
      expect((await t.app.inject({ method: 'POST', url: '/api/groups/join', headers: { cookie: bia.cookie }, payload: { inviteCode } })).statusCode).toBe(200);
      const read = (cookie: string, acceptEncoding?: string) => t.app.inject({
        method: 'GET', url: `/api/groups/${id}/ranking`, headers: { cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
      const plain = await read(ana.cookie);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json().ranking).toHaveLength(2);
      const [fromAna, fromBia] = [await read(ana.cookie, 'gzip, deflate, br, zstd'), await read(bia.cookie, 'gzip, deflate, br, zstd')];
      for (const answer of [fromAna, fromBia]) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers).toMatchObject({ 'content-encoding': 'br', vary: expect.stringMatching(/accept-encoding/i), 'content-type': 'application/json; charset=utf-8' });
        expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toEqual(plain.json());
      }
      expect(fromBia.rawPayload.equals(fromAna.rawPayload)).toBe(true);
      const gzip = await read(bia.cookie, 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    } finally {
      await t.close();
    }
  });
});

describe('serving the web app', () => {
  it('serves hashed assets for good, app routes as index.html, and API misses as JSON', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'palpite-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Palpite</title>');
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    const t = await createTestApp({}, { webDir });
    try {
      const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/', '/groups/123', '/join/K7QX2MPA?x=1']) {
        const page = await t.app.inject({ method: 'GET', url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<title>Palpite</title>');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      expect((await t.app.inject({ method: 'HEAD', url: '/groups/123' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      writeFileSync(join(webDir, '..', 'secret.txt'), 'not for the web');
      for (const url of ['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/%E0%A4%A.js']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect([400, 404], url).toContain(response.statusCode); // 400: Fastify refuses a malformed URL itself
        expect(response.body).not.toContain('not for the web');
      }
      const api = await t.app.inject({ method: 'GET', url: '/api/missing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error.id).toBe('not_found');
    } finally {
      await t.close();
      rmSync(webDir, { recursive: true, force: true });
      rmSync(join(webDir, '..', 'secret.txt'), { force: true });
    }
  });
});
