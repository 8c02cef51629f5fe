/**
 * Hostile input found by probing the accounts, each answered with a 400 (or 403) in the app's error
 * shape instead of a 500: deeply nested JSON, a malformed Host, update-user with a null name or a NUL
 * character; an unexpected auth failure logged through pino (never Better Auth's dump on stdout); the
 * Origin check on every state-changing route; and what Fastify or node's HTTP parser refuse before any
 * route runs (a malformed URL, header fields too large, a malformed request), in the app's shape too.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../tests/helpers/users';
import { containsLoneSurrogate, containsNul, deeperThan, isWellFormedHost } from './request-guards';
import { isTrustedOrigin } from './origin-check';
import { seedDemoIfEmpty } from '../modules/demo/seed';
import { serializeError } from '../logger';
import { listenLocally } from '../../../tests/helpers/listen';

const ourShape = { error: { id: expect.any(String), message: expect.any(String) } };

/** Sends `request` as it is over a new TCP connection to `port` and resolves with everything the server wrote until it closed. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may reset the connection after its answer (it destroys the socket on a client error).
    socket.on('error', (error) => (chunks.length > 0 ? resolve(Buffer.concat(chunks).toString()) : reject(error)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
  });
}

/** The status, headers (lower-case names) and JSON body of a raw HTTP/1.1 answer. */
function parseAnswer(text: string): { status: number; headers: Record<string, string>; body: unknown } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
}

describe('request guards (pure)', () => {
  it('measures nesting without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(deeperThan(deep, 32)).toBe(true);
    expect(deeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(deeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it('finds a lone surrogate (text that is not Unicode) in any string or key, and passes whole pairs', () => {
    expect(containsLoneSurrogate({ a: [{ b: 'x\ud800' }] })).toBe(true);
    expect(containsLoneSurrogate({ ['\udc00k']: 1 })).toBe(true);
    expect(containsLoneSurrogate({ a: ['👍🏽', 'São Paulo', 1, null] })).toBe(false);
  });

  it('finds a NUL in any string or key, without recursion', () => {
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: ['fine', 1, null, { b: 'ok' }] })).toBe(false);
  });

  it('accepts names and addresses with ports, nothing else', () => {
    for (const host of ['localhost', 'localhost:3000', 'palpite.example.com', '192.168.1.20:3000', '[::1]:3000']) expect(isWellFormedHost(host), host).toBe(true);
    for (const host of ['', 'a b', 'x/y', 'evil.example@host', 'host:port', '%00', 'a'.repeat(300)]) expect(isWellFormedHost(host), host).toBe(false);
  });

  it('trusts an absent Origin, our own host, APP_URL; never a cross-site fetch', () => {
    expect(isTrustedOrigin({ headers: {} }, undefined)).toBe(true);
    expect(isTrustedOrigin({ headers: { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' } }, undefined)).toBe(true);
    expect(isTrustedOrigin({ headers: { host: '127.0.0.1:3000', origin: 'http://evil.example' } }, undefined)).toBe(false);
    expect(isTrustedOrigin({ headers: { host: 'palpite.example.com', origin: 'https://palpite.example.com' } }, 'https://palpite.example.com')).toBe(true);
    expect(isTrustedOrigin({ headers: { host: 'palpite.example.com', origin: 'http://palpite.example.com' } }, 'https://palpite.example.com')).toBe(false);
    expect(isTrustedOrigin({ headers: { 'sec-fetch-site': 'cross-site' } }, undefined)).toBe(false);
  });
});

describe(`hostile requests (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let person: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'http://palpite.test' });
    await seedDemoIfEmpty(t.database.db, new Date());
    person = await createUser(t);
  });
  afterAll(async () => t?.close());

  it('answers 5,000 levels of JSON to any auth POST with 400, not a stack overflow', async () => {
    const body = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/request-password-reset', '/api/groups']) {
      const response = await t.app.inject({ method: 'POST', url: path, payload: body, headers: { 'content-type': 'application/json', cookie: person.cookie } });
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toEqual(ourShape);
    }
  });

  it('answers a NUL character anywhere (path, query, body) with 400, never a database error', async () => {
    const attempts = [
      { method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'a\u0000@example.com' } },
      { method: 'POST', url: '/api/auth/reset-password', payload: { token: 'a\u0000', newPassword: 'password123' } },
      { method: 'POST', url: '/api/auth/revoke-session', payload: { token: 'a\u0000' }, headers: { cookie: person.cookie, origin: 'http://palpite.test' } },
      { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'x@example.com', password: 'p\u0000ssword' } },
      { method: 'GET', url: '/api/users/%00/avatar', headers: { cookie: person.cookie } },
      { method: 'GET', url: '/api/groups/discover?q=a%00b', headers: { cookie: person.cookie } },
    ] as const;
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: { ...('headers' in attempt ? attempt.headers : {}) } } as never);
      expect(response.statusCode, attempt.url).toBe(400);
      expect(response.json()).toMatchObject(ourShape);
    }
  });

  it('answers a malformed Host header with 400', async () => {
    for (const host of ['exa mple', 'a/b', 'x:y:z']) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { host }, payload: { email: 'a@b.co', password: 'whatever1' } });
      expect(response.statusCode, host).toBe(400);
      expect(response.json()).toMatchObject(ourShape);
    }
  });

  it('answers update-user with a null name, a NUL character, an over-long name or an image with 400', async () => {
    for (const payload of [{ name: null }, { name: 'A\u0000B' }, { name: 'x'.repeat(101) }, { image: 'http://evil.example/x.png' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie: person.cookie, origin: 'http://palpite.test' }, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 30)).toBe(400);
      expect(response.json()).toMatchObject(ourShape);
    }
    const fine = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie: person.cookie, origin: 'http://palpite.test' }, payload: { name: 'Ana Paula' } });
    expect(fine.statusCode).toBe(200);
  });

  it("logs an unexpected auth failure through the app's logger, never Better Auth's dump to stdout", async () => {
    const broken = await createTestApp();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logged: unknown[] = [];
    const spy = vi.spyOn(broken.app.log, 'error').mockImplementation(((...args: unknown[]) => void logged.push(args)) as never);
    try {
      // The database goes away under Better Auth: its query fails with the address among its parameters.
      await broken.database.close();
      const response = await broken.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'secret.person@example.com', password: 'whatever123' } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ error: { id: 'internal', message: expect.any(String) } });
      expect(consoleError.mock.calls.map((call) => String(call[0]))).not.toContain('# SERVER_ERROR: ');
      expect(logged.length).toBeGreaterThan(0);
      const written = JSON.stringify(logged.map((args) => (args as [{ err?: unknown }])[0]).map((entry) => (entry?.err ? serializeError(entry.err) : entry)));
      expect(written).not.toContain('secret.person');
    } finally {
      consoleError.mockRestore();
      spy.mockRestore();
      await broken.app.close();
    }
  });

  it('refuses a state-changing request from another origin on every write route, and accepts our own', async () => {
    const leagues = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues as { id: string }[];
    const foreign = { cookie: person.cookie, origin: 'https://evil.example' };
    for (const [method, url] of [['POST', '/api/groups'], ['POST', '/api/groups/join'], ['PUT', '/api/groups/00000000-0000-0000-0000-000000000000/predictions'], ['PUT', '/api/admin/matches/00000000-0000-0000-0000-000000000000/result']] as const) {
      const response = await t.app.inject({ method, url, headers: foreign, payload: {} });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.id).toBe('origin_forbidden');
    }
    const crossSite = await t.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: person.cookie, 'sec-fetch-site': 'cross-site' }, payload: {} });
    expect(crossSite.statusCode).toBe(403);
    const own = await t.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: person.cookie, origin: 'http://palpite.test' }, payload: { name: 'Own origin', leagueId: leagues[0]!.id } });
    expect(own.statusCode).toBe(201);
  });

  it("answers a malformed URL with 400 bad_request in the app's shape, not Fastify's default body", async () => {
    for (const url of ['/assets/%zz.js', '/%c0%ae%c0%ae/x', '/api/%zz', '/api/groups/%E0%A4%A']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: { id: 'bad_request', message: expect.any(String) } });
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['x-request-id'], url).toEqual(expect.any(String));
    }    // A path parameter over Fastify's maxParamLength (100 characters).
    const long = await t.app.inject({ method: 'GET', url: `/api/groups/${'a'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: { id: 'bad_request', message: expect.any(String) } });
  });

  it("answers header fields too large with 431 headers_too_large, and a malformed request with 400, in the app's shape (a real socket)", async () => {
    const port = Number(new URL(await listenLocally(t.app)).port);
    // node's limit is 16 KB of header fields (--max-http-header-size).
    const tooLarge = parseAnswer(await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=${'x'.repeat(20_000)}\r\n\r\n`));
    expect(tooLarge.status).toBe(431);
    expect(tooLarge.headers['content-type']).toMatch(/^application\/json/);
    expect(tooLarge.body).toEqual({ error: { id: 'headers_too_large', message: expect.any(String) } });
    const malformed = parseAnswer(await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n'));
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: { id: 'bad_request', message: expect.any(String) } });
    // Over the socket too, a malformed URL gets the app's shape.
    const badUrl = parseAnswer(await rawRequest(port, 'GET /api/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({ error: { id: 'bad_request', message: expect.any(String) } });
    // The server still answers after all that.
    const fine = parseAnswer(await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'));
    expect(fine.status).toBe(200);
  });
});
