/**
 * Two server processes on one PostgreSQL ("across instances"): each is `node src/server/main.ts`
 * started as a child process, as a deployment behind a load balancer runs them. A session opened on one
 * works on the other; a result an administrator saves through one reaches an event stream open on the
 * other within 2 s (LISTEN/NOTIFY), in both directions, and the other's ranking is provisional at once;
 * and two people in Chromium, each on a group page served by a different process, see a goal and the
 * provisional ranking within 2 s. PostgreSQL only: the embedded database belongs to one process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFreshPostgres, TEST_DB_KIND } from '../../../../tests/helpers/app';
import { openEventStream, type EventStream } from '../../../../tests/helpers/event-stream';
import { startServer, stopServer, type ServerProcess } from '../../../../tests/helpers/server-process';
import { cookieFrom } from '../../../../tests/helpers/users';
import { addCookieHeader, hasChromium, launchChromium } from '../../../../tests/e2e/browser';
import { buildWebIfNeeded, webOutDir } from '../../../cli/web-build';
import type { Database } from '../../db/client';

/** The public address both processes serve, as behind one load balancer (Better Auth checks the Origin). */
const ORIGIN = 'http://palpite.test';
const JSON_HEADERS = { 'content-type': 'application/json', origin: ORIGIN };

/** Signs an account up through `server`. */
async function signUp(server: ServerProcess, account: { email: string; password: string; username: string; name: string }) {
  const response = await fetch(`${server.base}/api/auth/sign-up/email`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(account) });
  expect(response.status).toBe(200);
}

/** Signs in through `server`; returns the session cookie. */
async function signIn(server: ServerProcess, account: { email: string; password: string }) {
  const response = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(response.status).toBe(200);
  return cookieFrom(response.headers.getSetCookie());
}

describe.runIf(TEST_DB_KIND === 'postgres')('two server processes on one PostgreSQL', () => {
  let fresh: { database: Database; drop(): Promise<void>; url: string };
  let dataDir: string;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let cookie: string;
  let groupId: string;
  let matchId: string;
  let inviteCode: string;
  const streams: EventStream[] = [];

  /** A JSON request to one server with a session cookie (default: the administrator's). */
  const call = async (server: ServerProcess, method: string, path: string, body?: object, as = cookie) => {
    const response = await fetch(`${server.base}${path}`, {
      method, headers: { cookie: as, origin: ORIGIN, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} on ${server.base}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const setScore = (server: ServerProcess, status: 'live' | 'finished', homeGoals: number, awayGoals: number) =>
    call(server, 'PUT', `/api/admin/matches/${matchId}/result`, { status, homeGoals, awayGoals, beforeKickoff: true });
  const isScore = (home: number, away: number) => (event: { event: string; data: unknown }) => {
    const data = event.data as { matchId?: string; homeGoals?: number; awayGoals?: number };
    return event.event === 'match' && data.matchId === matchId && data.homeGoals === home && data.awayGoals === away;
  };

  beforeAll(async () => {
    fresh = await openFreshPostgres(process.env.TEST_DATABASE_URL as string);
    dataDir = mkdtempSync(join(tmpdir(), 'palpite-two-'));
    const env = {
      NODE_ENV: 'test', DATABASE_URL: fresh.url, DATA_DIR: dataDir, BETTER_AUTH_SECRET: 'two-processes-secret-two-processes-secret',
      REQUIRE_EMAIL_VERIFICATION: 'false', RATE_LIMIT: 'false', SYNC: 'false', LOG_LEVEL: 'warn', LOG_FORMAT: 'json',
      WEB_OUT_DIR: webOutDir(), APP_URL: ORIGIN,
    };
    await buildWebIfNeeded();
    // The first loads the demo league; the second starts on the migrated, seeded database.
    a = await startServer({ ...env, SEED_DEMO: 'true' });
    b = await startServer({ ...env, SEED_DEMO: 'false' });

    const account = { email: 'admin@example.com', password: 'correct horse battery', username: 'ana', name: 'Ana' };
    await signUp(a, account);
    await fresh.database.db.execute(sql`
      update profiles set role = 'Platform Administrator' where user_id = (select id from "user" where email = ${account.email})`);
    cookie = await signIn(a, account);

    // A group created through one process, read and predicted through the other.
    const leagueId = ((await call(b, 'GET', '/api/leagues')).leagues as { id: string }[])[0]!.id;
    const group = (await call(a, 'POST', '/api/groups', { name: 'Two processes', leagueId })).group as { id: string; inviteCode: string };
    [groupId, inviteCode] = [group.id, group.inviteCode];
    const listed = (await call(b, 'GET', `/api/groups/${groupId}/matches`)).matches as { id: string; open: boolean }[];
    matchId = listed.find((match) => match.open)!.id;
    const saved = await call(b, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId, homeGoals: 1, awayGoals: 0 }] });
    expect((saved.results as { status: string }[])[0]!.status).toBe('saved');
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([stopServer(a), stopServer(b)]);
    await fresh?.database.close();
    await fresh?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers a result saved through one process to a stream open on the other, both ways', async () => {
    const onB = await openEventStream(`${b!.base}/api/groups/${groupId}/events`, { cookie });
    const onA = await openEventStream(`${a!.base}/api/groups/${groupId}/events`, { cookie });
    streams.push(onA, onB);
    expect([onA.status, onB.status]).toEqual([200, 200]);

    let started = Date.now();
    await setScore(a!, 'live', 1, 0);
    expect((await onB.next(isScore(1, 0), 2_000)).data).toMatchObject({ status: 'live' });
    expect(Date.now() - started).toBeLessThan(2_000);
    // The other process's ranking is provisional at once (its cache was cleared by the event).
    const ranking = await call(b!, 'GET', `/api/groups/${groupId}/ranking`);
    expect(ranking).toMatchObject({ liveMatches: 1, ranking: [{ username: 'ana', points: 10, exact: 1 }] });

    started = Date.now();
    await setScore(b!, 'finished', 2, 0);
    expect((await onA.next(isScore(2, 0), 2_000)).data).toMatchObject({ status: 'finished' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await call(a!, 'GET', `/api/groups/${groupId}/ranking`)).toMatchObject({ liveMatches: 0, ranking: [{ username: 'ana', points: 3, winner: 1 }] });
  });

  it.runIf(hasChromium())('shows a goal and the provisional ranking within 2 s to two people in Chromium, each served by another process', async () => {
    const brunoAccount = { email: 'bruno@example.com', password: 'correct horse battery', username: 'bruno', name: 'Bruno' };
    await signUp(b!, brunoAccount);
    const bruno = await signIn(b!, brunoAccount);
    await call(b!, 'POST', '/api/groups/join', { inviteCode }, bruno);
    const open = ((await call(a!, 'GET', `/api/groups/${groupId}/matches`)).matches as { id: string; open: boolean }[]).filter((match) => match.open);
    matchId = open[0]!.id;
    await call(a!, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId, homeGoals: 2, awayGoals: 0 }] });
    await call(b!, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId, homeGoals: 0, awayGoals: 1 }] }, bruno);

    const browser = await launchChromium();
    try {
      const pageOn = async (server: ServerProcess, session: string) => {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
        await addCookieHeader(context, session, server.base);
        const page = await context.newPage();
        // The page's event stream answers (its headers arrive) before the goal is scored.
        const streaming = page.waitForResponse((response) => response.url().includes(`/api/groups/${groupId}/events`) && response.status() === 200);
        await page.goto(`${server.base}/group/${groupId}?tab=ranking`);
        await page.getByRole('link', { name: 'bruno' }).waitFor();
        await streaming;
        return page;
      };
      const [onA, onB] = [await pageOn(a!, cookie), await pageOn(b!, bruno)];
      const started = Date.now();
      await setScore(a!, 'live', 1, 0); // ana's 2–0 has the winner; bruno's 0–1 the opposite
      // The ranking the pages must show, read once the other process has heard the goal too (a read
      // sent before its notification arrives still answers the official ranking).
      let provisional = await call(b!, 'GET', `/api/groups/${groupId}/ranking`);
      while (provisional.liveMatches !== 1 && Date.now() - started < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        provisional = await call(b!, 'GET', `/api/groups/${groupId}/ranking`);
      }
      expect(provisional.liveMatches).toBe(1);
      const expected = provisional.ranking as { username: string; points: number }[];
      expect(expected.map((row) => [row.username, row.points])).toEqual([['ana', 6], ['bruno', -2]]);
      await Promise.all([onA, onB].map(async (page) => {
        await page.getByTestId('provisional-ranking').waitFor({ timeout: 2_000 });
        for (const row of expected) {
          await page.getByRole('row').filter({ has: page.getByRole('link', { name: row.username }) })
            .getByRole('cell', { name: String(row.points), exact: true }).first().waitFor({ timeout: 2_000 });
        }
      }));
      expect(Date.now() - started).toBeLessThan(2_000 + 500); // the goal, then one ranking read here
    } finally {
      await browser.close();
    }
  });
});
