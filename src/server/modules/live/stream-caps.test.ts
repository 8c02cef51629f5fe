/**
 * Caps of open event streams over HTTP on a real database (stream-caps.ts), with 2 per account and 5 per
 * address so the edges are cheap to reach: the stream over a cap is refused with 429 in the app's error
 * shape and Retry-After, whichever of the two routes it asks for; another account from the same address
 * still gets its own; an address over its cap refuses every account while other addresses keep theirs; a
 * slot is free again once its stream ends — the client gone, or ended by the server (`revoked`) — and a
 * request refused (401, 404), abandoned on its way in, or racing others for the last slot never keeps one.
 * Addresses come from X-Forwarded-For, trusted from loopback (TRUST_PROXY), as behind a reverse proxy.
 */
import { get } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { openEventStream, type EventStream } from '../../../../tests/helpers/event-stream';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { seedDemoIfEmpty } from '../demo/seed';
import { listenLocally } from '../../../../tests/helpers/listen';

describe(`caps of open event streams (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let groupId: string;
  let base: string;
  const streams: EventStream[] = [];

  const groupPath = () => `/api/groups/${groupId}/events`;
  const headersOf = (who: TestUser | null, address: string): Record<string, string> =>
    ({ 'x-forwarded-for': address, ...(who ? { cookie: who.cookie } : {}) });
  /** Opens a stream as `who` from `address` (kept open until closed or the end of the file). */
  const open = async (who: TestUser | null, address: string, path = groupPath()) => {
    const stream = await openEventStream(`${base}${path}`, headersOf(who, address));
    streams.push(stream);
    return stream;
  };
  const asked: AbortController[] = [];
  /**
   * Asks for a stream: its status, and when refused its Retry-After and JSON body. A stream let in stays
   * open until the test ends.
   */
  const ask = async (who: TestUser | null, address: string, path = groupPath()) => {
    const controller = new AbortController();
    asked.push(controller);
    const response = await fetch(`${base}${path}`, { headers: { accept: 'text/event-stream', ...headersOf(who, address) }, signal: controller.signal });
    if (response.status === 200) return { status: 200, retryAfter: null, body: null };
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() as unknown };
  };
  /** Waits until this instance holds `count` open streams (a closed stream is forgotten when the server hears it). */
  const waitForStreams = async (count: number) => {
    for (let i = 0; i < 100 && t.app.liveEvents.size !== count; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return t.app.liveEvents.size;
  };
  const member = async (username: string) => {
    const who = await createUser(t, { username });
    // Read each time: removing a member draws a new code.
    const { inviteCode } = (await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}`, headers: { cookie: owner.cookie } })).json().group;
    const joined = await t.app.inject({ method: 'POST', url: '/api/groups/join', payload: { inviteCode }, headers: { cookie: who.cookie } });
    expect(joined.statusCode).toBe(200);
    return who;
  };

  beforeAll(async () => {
    t = await createTestApp({ LIVE_STREAMS_PER_ACCOUNT: '2', LIVE_STREAMS_PER_ADDRESS: '5', LIVE_RECHECK_MS: '200', TRUST_PROXY: 'loopback' });
    await seedDemoIfEmpty(t.database.db, new Date());
    owner = await createUser(t, { username: 'owner' });
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    groupId = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Capped pool', leagueId }, headers: { cookie: owner.cookie } })).json().group.id;
    base = await listenLocally(t.app);
  });
  // Each test starts with no stream open, whatever the last one left.
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    for (const controller of asked.splice(0)) controller.abort();
    expect(await waitForStreams(0)).toBe(0);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('refuses an account its third stream with 429 rate_limited on either route, from any address, and lets another account from the same address in', async () => {
    const ana = await member('ana');
    const bruno = await member('bruno');
    expect((await open(ana, '198.51.100.1')).status).toBe(200);
    expect((await open(ana, '198.51.100.1', '/api/events')).status).toBe(200);
    for (const path of [groupPath(), '/api/events']) {
      expect(await ask(ana, '198.51.100.1', path)).toEqual({
        status: 429, retryAfter: '10', body: { error: { id: 'rate_limited', message: expect.stringMatching(/too many live pages .* this account/i) } },
      });
    }
    expect((await ask(ana, '198.51.100.2')).status).toBe(429); // the account's cap, wherever it comes from
    expect((await open(bruno, '198.51.100.1')).status).toBe(200);
    expect((await open(bruno, '198.51.100.1', '/api/events')).status).toBe(200);
    expect(t.app.liveEvents.size).toBe(4);
  });

  it('frees the slot of a stream whose client went away', async () => {
    const carla = await member('carla');
    const first = await open(carla, '198.51.100.3');
    expect((await open(carla, '198.51.100.3')).status).toBe(200);
    expect((await ask(carla, '198.51.100.3')).status).toBe(429);
    first.close();
    expect(await waitForStreams(1)).toBe(1);
    expect((await open(carla, '198.51.100.3')).status).toBe(200);
    expect((await ask(carla, '198.51.100.3')).status).toBe(429);
  });

  it('caps an address across accounts while other addresses keep theirs, and frees its slots as streams close', async () => {
    const [dora, eva, fabio] = [await member('dora'), await member('eva'), await member('fabio')];
    const school = '203.0.113.7';
    const doras = [await open(dora, school), await open(dora, school, '/api/events')];
    for (const stream of [...doras, await open(eva, school), await open(eva, school), await open(fabio, school)]) expect(stream.status).toBe(200);
    // Fabio has room on his account; the school's address has none.
    expect(await ask(fabio, school)).toEqual({
      status: 429, retryAfter: '10', body: { error: { id: 'rate_limited', message: expect.stringMatching(/too many live pages .* address/i) } },
    });
    const elsewhere = await open(fabio, '203.0.113.8');
    expect(elsewhere.status).toBe(200);
    elsewhere.close();
    doras[0]!.close();
    expect(await waitForStreams(4)).toBe(4);
    expect((await open(fabio, school)).status).toBe(200); // the slot dora freed
    expect((await ask(dora, school)).status).toBe(429); // taken: the school is full again
  });

  it('frees the slots of streams the server ended because their member was removed', async () => {
    const gil = await member('gil');
    const [a, b] = [await open(gil, '198.51.100.4'), await open(gil, '198.51.100.4')];
    expect([a.status, b.status]).toEqual([200, 200]);
    const gilId = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from "user" where email = ${gil.email}`))[0]!.id;
    const removal = await t.app.inject({ method: 'DELETE', url: `/api/groups/${groupId}/members/${gilId}`, headers: { cookie: owner.cookie } });
    expect(removal.statusCode).toBe(204);
    for (const stream of [a, b]) {
      await stream.next((event) => event.event === 'revoked', 3_000);
      await stream.ended(3_000);
    }
    expect(await waitForStreams(0)).toBe(0);
    // No longer a member of that group, but still signed in: both slots are his again.
    expect((await open(gil, '198.51.100.4', '/api/events')).status).toBe(200);
    expect((await open(gil, '198.51.100.4', '/api/events')).status).toBe(200);
    expect((await ask(gil, '198.51.100.4', '/api/events')).status).toBe(429);
  });

  it('keeps no slot for a refused request, one abandoned on its way in, or one that lost the race for the last slot', async () => {
    const [hugo, iris] = [await member('hugo'), await createUser(t, { username: 'iris' })];
    const address = '198.51.100.5';
    for (let i = 0; i < 6; i++) {
      expect((await ask(null, address)).status).toBe(401);
      expect((await ask(iris, address)).status).toBe(404); // not a member
    }
    // Abandoned at every point of the way in: the session check, the membership check, the subscription.
    // A socket of its own each (fetch would keep one aborted before sending in its pool, and the server
    // would wait for it when closing).
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const request = get(`${base}${groupPath()}`, { agent: false, headers: { accept: 'text/event-stream', ...headersOf(hugo, address) } });
        request.on('error', () => resolve()).on('close', () => resolve()).on('response', (response) => response.resume());
        setTimeout(() => request.destroy(), i % 5);
      });
    }
    expect(await waitForStreams(0)).toBe(0);
    // Five at once for two slots: exactly two are let in.
    const racing = await Promise.all(Array.from({ length: 5 }, () => ask(hugo, address)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([200, 200, 429, 429, 429]);
    expect((await open(iris, address, '/api/events')).status).toBe(200);
  });
});
