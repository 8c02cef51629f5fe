/**
 * Graceful shutdown: SIGTERM lets in-flight requests finish, ends event streams with a retry
 * hint, closes the database and exits with code 0 within 10 s; whatever hangs, the process is gone
 * SHUTDOWN_TIMEOUT_MS after the signal (code 1, with a log line). On the embedded PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL.
 *
 * Method. Members of a group open event streams (group streams and GET /api/events). A burst of
 * concurrent requests (prediction rounds saved, rankings and match lists read; rankings uncached) is sent,
 * sized from a measured wave so that it takes about BURST_MS to answer — longer than the SHUTDOWN_DELAY_MS
 * drain, so requests are still being answered when the server closes — and SIGTERM follows at once. Every
 * request of the burst must get a complete 2xx answer; every stream must hear `reconnect` with an SSE
 * `retry:` field and then end; the process must exit 0 within 10 s; the embedded database's lock must be
 * gone (PostgreSQL: no connection of the server left); a restart must answer. The restarted server then
 * proves the hard limit: with a request that never finishes (its body never comes) and
 * SHUTDOWN_TIMEOUT_MS=1000, SIGTERM ends the process with code 1 about a second later.
 *
 * Kept-alive clients. KEPT_ALIVE_CLIENTS clients, each on one kept-alive connection (an http.Agent with
 * keepAlive and one socket), send requests back to back (saves, rankings, match lists); SIGTERM comes once
 * each has had KEPT_ALIVE_WARM_ANSWERS answers. No request may be reset (ECONNRESET, socket hang up): each gets a complete answer, a 2xx or
 * the app's 503 `shutting_down` with `Connection: close` and Retry-After, after which the client stops (it
 * would go to another instance). A refused connection (ECONNREFUSED, the server no longer listening) never
 * reached the server and ends the client too. The process must exit 0.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openFreshPostgres } from '../helpers/app';
import { openEventStream, type EventStream } from '../helpers/event-stream';
import { callApi, groupMatches, groupWithMembers, parseJson, REMOTE_MEMBERS_ENV, TEST_ORIGIN, type ApiAnswer, type RemoteMember } from '../helpers/remote-members';
import { killServer, startServer, stopServer, type ServerProcess } from '../helpers/server-process';

const MEMBERS = 6;
const STREAMS = 6;
/** How long the burst should take to answer, in ms (the drain is 1 s). */
const BURST_MS = 2_500;
const SECRET = 'graceful-shutdown-secret-graceful-shutdown';
/** Clients on kept-alive connections in the second case, and how many answers each has before SIGTERM. */
const KEPT_ALIVE_CLIENTS = 20;
const KEPT_ALIVE_WARM_ANSWERS = 3;

const targets: { name: string; enabled: boolean; setUp(): Promise<{ env: Record<string, string>; url?: string; tearDown(): Promise<void> }> }[] = [
  { name: 'PGlite', enabled: true, setUp: async () => ({ env: {}, tearDown: async () => {} }) },
  {
    name: 'PostgreSQL',
    enabled: Boolean(process.env.TEST_DATABASE_URL),
    setUp: async () => {
      const fresh = await openFreshPostgres(process.env.TEST_DATABASE_URL as string, 'palpite_shutdown');
      await fresh.database.close();
      return { env: { DATABASE_URL: fresh.url }, url: fresh.url, tearDown: () => fresh.drop() };
    },
  },
];

/**
 * One request on a connection of its own, written at once (fetch may hold a request with a body back
 * until a pooled connection is free: such a request is not in flight yet). `sent` resolves when the whole
 * request has been handed to the OS (on loopback: it has reached the server's socket); `answer` with the
 * status and parsed JSON body (null when incomplete or not JSON), or status 0 when the connection failed.
 */
function sendNow(url: string, method: string, cookie: string, body?: unknown): { sent: Promise<void>; answer: Promise<ApiAnswer<unknown> & { error?: string }> } {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  let markSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => { markSent = resolve; });
  const answer = new Promise<ApiAnswer<unknown> & { error?: string }>((resolve) => {
    const req = httpRequest(url, {
      method, agent: false,
      headers: { origin: TEST_ORIGIN, cookie, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('error', (error) => resolve({ status: 0, body: null, error: String(error) }));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: res.complete ? parseJson(text) : null }));
    });
    req.on('finish', () => markSent());
    req.on('error', (error) => {
      markSent();
      resolve({ status: 0, body: null, error: String(error) });
    });
    req.end(payload);
  });
  return { sent, answer };
}

/** What one request of a kept-alive client got. */
interface KeptAliveOutcome {
  /** When the answer (or the error) came, ms since the epoch. */
  at: number;
  /** 0 when the request failed. */
  status: number;
  body: unknown;
  /** The whole body arrived. */
  complete: boolean;
  connection?: string;
  retryAfter?: string;
  /** It went on a socket an earlier request had used. */
  reused: boolean;
  /** The error's code (ECONNRESET for a reset or a "socket hang up", ECONNREFUSED…). */
  error?: string;
}

/** One request through `agent` (kept-alive), resolved with its outcome, never rejected. */
function sendKeptAlive(agent: Agent, url: string, method: string, cookie: string, body?: unknown): Promise<KeptAliveOutcome> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = httpRequest(url, {
      method, agent,
      headers: { origin: TEST_ORIGIN, cookie, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => { text += chunk; });
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ at: Date.now(), status: 0, body: null, complete: false, reused: req.reusedSocket, error: error.code ?? String(error) }));
      res.on('end', () => resolve({
        at: Date.now(), status: res.statusCode ?? 0, body: parseJson(text), complete: res.complete, reused: req.reusedSocket,
        connection: res.headers.connection, retryAfter: res.headers['retry-after'],
      }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ at: Date.now(), status: 0, body: null, complete: false, reused: req.reusedSocket, error: error.code ?? String(error) }));
    req.end(payload);
  });
}

/** Connections the server has open to database `url` (its pool and its LISTEN connection). */
async function connectionsTo(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe('graceful shutdown on SIGTERM', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A fresh data dir and database for `target`, and what the test started, cleaned up after the file. */
  const prepare = async (target: (typeof targets)[number]) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palpite-shutdown-'));
    const { env: dbEnv, url, tearDown } = await target.setUp();
    const env = { ...dbEnv, ...REMOTE_MEMBERS_ENV, DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET, SEED_DEMO: 'true', RANKING_CACHE_MS: '0' };
    const servers: ServerProcess[] = [];
    const streams: EventStream[] = [];
    cleanups.push(async () => {
      for (const stream of streams) stream.close();
      for (const server of servers) await killServer(server);
      await tearDown();
      rmSync(dataDir, { recursive: true, force: true });
    });
    return { dataDir, env, url, servers, streams };
  };

  for (const target of targets) {
    it.runIf(target.enabled)(`answers in-flight requests, ends streams with a retry hint and exits 0 within 10 s on ${target.name}`, async () => {
      const started = Date.now();
      const { dataDir, env, url, servers, streams } = await prepare(target);
      const server = await startServer(env);
      servers.push(server);
      const { groupId, members } = await groupWithMembers(server.base, MEMBERS, { prefix: 'shutdown' });
      const open = (await groupMatches(server.base, groupId, members[0]!)).filter((match) => match.open).slice(0, 10);

      /** Request i of a burst: a round of predictions saved, a ranking read, or the match list read. */
      let seq = 0;
      const request = (i: number, member: RemoteMember) => {
        const kind = i % 3;
        if (kind === 0) {
          const value = seq++ % 100;
          return sendNow(`${server.base}/api/groups/${groupId}/predictions`, 'PUT', member.cookie, {
            predictions: open.map((match) => ({ matchId: match.id, homeGoals: value, awayGoals: 0 })),
          });
        }
        return sendNow(`${server.base}/api/groups/${groupId}/${kind === 1 ? 'ranking' : 'matches'}`, 'GET', member.cookie);
      };
      const wave = (size: number) => Promise.all(Array.from({ length: size }, (_, i) => request(i, members[i % MEMBERS]!).answer));

      for (let i = 0; i < STREAMS; i++) {
        const path = i % 3 === 2 ? '/api/events' : `/api/groups/${groupId}/events`;
        const stream = await openEventStream(`${server.base}${path}`, { cookie: members[i % MEMBERS]!.cookie, origin: TEST_ORIGIN });
        streams.push(stream);
        expect(stream.status).toBe(200);
      }
      // Sized from a measured wave: about BURST_MS of work, however fast this machine is today.
      await wave(30); // warm-up (prepared statements, JIT)
      const measuring = Date.now();
      const calibration = await wave(60);
      expect(calibration.map((answer) => answer.status).filter((status) => status !== 200)).toEqual([]);
      const perRequestMs = (Date.now() - measuring) / 60;
      const size = Math.max(60, Math.min(1_500, Math.round(BURST_MS / perRequestMs)));

      const burstStart = Date.now();
      const done: number[] = [];
      const burst = Array.from({ length: size }, (_, i) => request(i, members[i % MEMBERS]!));
      const answering = Promise.all(burst.map(({ answer }) => answer.then((result) => {
        done.push(Date.now());
        return result;
      })));
      await Promise.all(burst.map(({ sent }) => sent)); // every request has reached the server's socket
      const signalAt = Date.now();
      server.child.kill('SIGTERM');
      const pending = size - done.length;
      expect(pending, 'requests still unanswered when the signal was sent').toBeGreaterThan(0);

      const answers = await answering;
      const failed = answers.filter((answer) => answer.status < 200 || answer.status > 299 || answer.body === null);
      expect(failed.slice(0, 5), `${failed.length} of ${size} requests in flight were not answered 2xx`).toEqual([]);
      const lastAnswerMs = Math.max(...done) - signalAt;
      // The close began after the 1 s drain: answers later than that were in flight when it began.
      const afterDrain = done.filter((at) => at - signalAt > 1_000).length;

      for (const stream of streams) {
        const hint = await stream.next((event) => event.event === 'reconnect', 10_000);
        expect(hint).toMatchObject({ data: { retryMs: 1_000 }, retry: 1_000 });
        await stream.ended(10_000);
        expect(stream.events.at(-1)).toBe(hint); // the last thing the stream said
      }
      const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 12_000))]);
      const exitMs = Date.now() - signalAt;
      expect(exit, server.output()).toEqual({ code: 0, signal: null });
      expect(exitMs).toBeLessThan(10_000);
      expect(await fetch(`${server.base}/api/health`).then(() => 'answered', () => 'refused')).toBe('refused');
      if (url) {
        let left = await connectionsTo(url);
        for (let i = 0; i < 20 && left > 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          left = await connectionsTo(url);
        }
        expect(left, 'connections of the stopped server').toBe(0);
      } else {
        expect(existsSync(join(dataDir, 'palpite.lock'))).toBe(false);
      }

      // A quick restart answers, on the same data; this one must give up after 1 s when a request hangs.
      const again = await startServer({ ...env, SHUTDOWN_DELAY_MS: '0', SHUTDOWN_TIMEOUT_MS: '1000' });
      servers.push(again);
      const restartMs = again.startMs;
      const ranking = await callApi(again.base, 'GET', `/api/groups/${groupId}/ranking`, { cookie: members[0]!.cookie });
      expect(ranking.status).toBe(200);

      // A request whose body never comes: the server has read its headers, so it waits for it, and would
      // wait for good (the HTTP server's requestTimeout is 5 minutes).
      const stalled = connect(again.port, '127.0.0.1');
      stalled.on('error', () => {});
      await new Promise((resolve) => stalled.once('connect', resolve));
      stalled.write(`PUT /api/groups/${groupId}/predictions HTTP/1.1\r\nHost: 127.0.0.1:${again.port}\r\nOrigin: ${TEST_ORIGIN}\r\n`
        + `Cookie: ${members[0]!.cookie}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"predictions":`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const hardSignalAt = Date.now();
      again.child.kill('SIGTERM');
      const hardExit = await Promise.race([again.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 12_000))]);
      const hardExitMs = Date.now() - hardSignalAt;
      stalled.destroy();
      expect(hardExit, again.output()).toEqual({ code: 1, signal: null });
      expect(hardExitMs).toBeGreaterThanOrEqual(1_000);
      expect(hardExitMs).toBeLessThan(5_000);
      expect(again.output()).toContain('shutdown did not finish within SHUTDOWN_TIMEOUT_MS');
      if (!url) expect(existsSync(join(dataDir, 'palpite.lock'))).toBe(false);

      console.log(`[graceful-shutdown ${target.name}] SIGTERM with ${pending} of ${size} requests unanswered (all sent, over ${signalAt - burstStart} ms) and ${STREAMS} event streams open: `
        + `all answered 2xx (${afterDrain} after the 1 s drain, while closing; last ${lastAnswerMs} ms after the signal), `
        + `${STREAMS} streams heard 'reconnect' (retry: 1000) and ended, exit 0 after ${exitMs} ms, `
        + `${url ? 'no database connection left' : 'data dir lock removed'}, restart healthy in ${restartMs} ms; `
        + `a request that never finishes: exit 1 after ${hardExitMs} ms (SHUTDOWN_TIMEOUT_MS=1000); test ${((Date.now() - started) / 1_000).toFixed(1)} s`);
      await stopServer(again);
    });

    it.runIf(target.enabled)(`answers every request of ${KEPT_ALIVE_CLIENTS} clients on kept-alive connections at SIGTERM, resetting none, on ${target.name}`, async () => {
      const started = Date.now();
      const { env, servers } = await prepare(target);
      const server = await startServer(env);
      servers.push(server);
      const { groupId, members } = await groupWithMembers(server.base, MEMBERS, { prefix: 'keepalive' });
      const open = (await groupMatches(server.base, groupId, members[0]!)).filter((match) => match.open).slice(0, 10);

      let signalAt = 0;
      let warm = 0;
      let warmed: () => void = () => {};
      const allWarm = new Promise<void>((resolve) => { warmed = resolve; });
      const agents: Agent[] = [];
      /** Client c: requests back to back on one kept-alive socket until an answer says go elsewhere. */
      const client = async (c: number) => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        agents.push(agent);
        const member = members[c % MEMBERS]!;
        const outcomes: KeptAliveOutcome[] = [];
        for (let i = c; ; i++) {
          const kind = i % 3;
          const outcome = kind === 0
            ? await sendKeptAlive(agent, `${server.base}/api/groups/${groupId}/predictions`, 'PUT', member.cookie, {
              predictions: open.map((match) => ({ matchId: match.id, homeGoals: i % 10, awayGoals: c % 10 })),
            })
            : await sendKeptAlive(agent, `${server.base}/api/groups/${groupId}/${kind === 1 ? 'ranking' : 'matches'}`, 'GET', member.cookie);
          outcomes.push(outcome);
          if (outcomes.length === KEPT_ALIVE_WARM_ANSWERS && ++warm === KEPT_ALIVE_CLIENTS) warmed();
          if (outcome.status === 503 || outcome.error !== undefined) return outcomes;
        }
      };
      const clients = Array.from({ length: KEPT_ALIVE_CLIENTS }, (_, c) => client(c));
      // Every client has answers on its reused connection: the signal comes with all of them sending.
      await Promise.race([allWarm, new Promise((resolve) => setTimeout(resolve, 30_000))]);
      signalAt = Date.now();
      server.child.kill('SIGTERM');
      const all = await Promise.all(clients);
      for (const agent of agents) agent.destroy();
      const exit = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 12_000))]);
      const exitMs = Date.now() - signalAt;

      const outcomes = all.flat();
      const before = outcomes.filter((outcome) => outcome.at < signalAt);
      const after = outcomes.filter((outcome) => outcome.at >= signalAt);
      const refused = after.filter((outcome) => outcome.error === 'ECONNREFUSED');
      const failed = outcomes.filter((outcome) => (outcome.error !== undefined && !(outcome.at >= signalAt && outcome.error === 'ECONNREFUSED'))
        || (outcome.error === undefined && (!outcome.complete || (outcome.status !== 503 && (outcome.status < 200 || outcome.status > 299)))));
      const refusals = after.filter((outcome) => outcome.status === 503);
      const answered = after.filter((outcome) => outcome.status >= 200 && outcome.status <= 299);
      const summary = `${failed.length} of ${outcomes.length} requests failed (${failed.map((outcome) => outcome.error ?? outcome.status).join(', ')}); `
        + `after the signal: ${answered.length} answered 2xx, ${refusals.length} answered 503, ${refused.length} refused`;
      expect(before.filter((outcome) => outcome.reused).length, 'requests on reused sockets before the signal')
        .toBeGreaterThanOrEqual(KEPT_ALIVE_CLIENTS * (KEPT_ALIVE_WARM_ANSWERS - 1));
      expect(failed.map((outcome) => outcome.error ?? outcome.status), summary).toEqual([]);
      for (const refusal of refusals) {
        expect(refusal.body).toMatchObject({ error: { id: 'shutting_down', message: expect.any(String) } });
        expect(refusal.connection).toBe('close');
        expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
      }
      expect(answered.length + refusals.length, 'answers after the signal').toBeGreaterThan(0);
      expect(exit, server.output()).toEqual({ code: 0, signal: null });
      expect(exitMs).toBeLessThan(10_000);

      console.log(`[graceful-shutdown ${target.name}] ${KEPT_ALIVE_CLIENTS} kept-alive clients, ${before.length} requests before SIGTERM `
        + `(${before.filter((outcome) => outcome.reused).length} on reused sockets), after it ${answered.length} answered 2xx `
        + `(${answered.filter((outcome) => outcome.connection === 'close').length} with Connection: close), ${refusals.length} answered 503 shutting_down, `
        + `${refused.length} refused (not listening), ${failed.length} reset or failed; exit 0 after ${exitMs} ms; test ${((Date.now() - started) / 1_000).toFixed(1)} s`);
    });
  }
});
