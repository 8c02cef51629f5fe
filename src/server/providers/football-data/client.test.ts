import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FOOTBALL_DATA_URL, FootballDataClient, type FootballDataClientOptions } from './client';
import type { RateLimiter } from './limiter';
import { mapFootballDataMatches } from './map';
import { ProviderError } from './provider-error';
import { mapFootballDataStandings } from './standings';

const TOKEN = 'tok-5ecret-ab12cd34';
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const rateLimited = fixture('rate-limited.json') as Recorded;
const restricted = fixture('restricted.json') as Recorded;

interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** A local stand-in for api.football-data.org serving the recorded payloads below /v4. */
const ROUTES: Record<string, string> = {
  '/v4/competitions': 'competitions.json',
  '/v4/competitions/PL': 'pl-competition.json',
  '/v4/competitions/PL/teams?season=2025': 'pl-teams.json',
  '/v4/competitions/PL/matches?season=2025': 'pl-2025-matches.json',
  '/v4/competitions/PL/matches': 'pl-2025-matches.json',
  '/v4/competitions/WC/standings?season=2022': 'wc-2022-standings.json',
};

let server: Server;
let base: string;
/** What the stand-in received: path and X-Auth-Token. */
let received: { url: string; token: string | undefined }[] = [];
/** Answers to give before the routes, one a request. */
let queue: (Recorded | 'hang' | 'not-json')[] = [];

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'X-API-Version': 'v4', ...headers });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse) {
  const token = req.headers['x-auth-token'];
  received.push({ url: req.url ?? '', token: typeof token === 'string' ? token : undefined });
  if (token !== TOKEN) return send(res, restricted.status, restricted.body, restricted.headers);
  const next = queue.shift();
  if (next === 'hang') return; // never answers: the client's timeout must fire
  if (next === 'not-json') {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    return res.end('<html>maintenance</html>');
  }
  if (next) return send(res, next.status, next.body, next.headers);
  const file = ROUTES[req.url ?? ''];
  if (!file) return send(res, 404, { message: 'The resource you are looking for does not exist.', errorCode: 404 });
  send(res, 200, fixture(file));
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v4`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  queue = [];
});

/** A limiter that lets everything through and records what it was asked. */
function countingLimiter() {
  const calls = { acquire: 0, blockedUntil: [] as Date[] };
  const limiter: RateLimiter = {
    acquire: async () => {
      calls.acquire += 1;
    },
    blockUntil: (until) => {
      calls.blockedUntil.push(until);
    },
  };
  return { limiter, calls };
}

function makeClient(options: Partial<FootballDataClientOptions> = {}) {
  const { limiter, calls } = countingLimiter();
  const sleeps: number[] = [];
  const client = new FootballDataClient({
    token: TOKEN,
    baseUrl: base,
    limiter,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { client, calls, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('FootballDataClient against a local stand-in', () => {
  it('sends the token as X-Auth-Token to each endpoint and returns the validated payloads', async () => {
    const { client, calls } = makeClient();
    const competitions = await client.listCompetitions();
    const pl = await client.getCompetition('pl');
    const teams = await client.getTeams('PL', 2025);
    const matches = await client.getMatches('PL', 2025);
    const standings = await client.getStandings('WC', 2022);

    expect(received).toEqual([
      { url: '/v4/competitions', token: TOKEN },
      { url: '/v4/competitions/PL', token: TOKEN },
      { url: '/v4/competitions/PL/teams?season=2025', token: TOKEN },
      { url: '/v4/competitions/PL/matches?season=2025', token: TOKEN },
      { url: '/v4/competitions/WC/standings?season=2022', token: TOKEN },
    ]);
    expect(calls.acquire).toBe(5);
    expect(competitions.competitions).toHaveLength(13);
    expect(pl.currentSeason?.startDate).toBe('2025-08-15');
    expect(teams.teams.map((t) => t.tla)).toEqual(['ARS', 'MUN', 'BOU']);
    expect(mapFootballDataMatches(matches).matches).toHaveLength(10);
    expect(mapFootballDataStandings(standings).map((t) => t.group)).toEqual(['Group A', 'Group B']);
  });

  it('without a season asks for the current one; a trailing slash in the base address is harmless', async () => {
    const { client } = makeClient({ baseUrl: `${base}/` });
    await client.getMatches('PL');
    expect(received.map((r) => r.url)).toEqual(['/v4/competitions/PL/matches']);
  });

  it('after a 429 waits the seconds of X-RequestCounter-Reset, tells the limiter, and retries', async () => {
    queue = [rateLimited];
    const { client, calls, sleeps } = makeClient();
    const before = Date.now();
    const matches = await client.getMatches('PL', 2025);
    expect(matches.matches).toHaveLength(10);
    expect(sleeps).toEqual([27_000]);
    expect(received).toHaveLength(2);
    expect(calls.acquire).toBe(2); // the retry asks the limiter again
    expect(calls.blockedUntil).toHaveLength(1);
    const blocked = calls.blockedUntil[0]!.getTime();
    expect(blocked).toBeGreaterThanOrEqual(before + 27_000);
    expect(blocked).toBeLessThanOrEqual(Date.now() + 27_000);
  });

  it('after a 429 without a reset header waits 60 s', async () => {
    queue = [{ ...rateLimited, headers: {} }];
    const { client, sleeps } = makeClient();
    await client.listCompetitions();
    expect(sleeps).toEqual([60_000]);
  });

  it('gives up after maxRetries retries with a 429 ProviderError', async () => {
    queue = [rateLimited, rateLimited, rateLimited, rateLimited];
    const { client, sleeps } = makeClient({ maxRetries: 2 });
    const error = await failure(client.getMatches('PL', 2025));
    expect(error).toMatchObject({ status: 429, path: '/competitions/PL/matches?season=2025', retryAfterSeconds: 27 });
    expect(error.message).toMatch(/still rate limited \(HTTP 429\) after 2 retries/);
    expect(sleeps).toEqual([27_000, 27_000]);
    expect(received).toHaveLength(3);
  });

  it('does not sleep longer than maxWaitSeconds: a longer reset fails at once', async () => {
    queue = [{ ...rateLimited, headers: { 'X-RequestCounter-Reset': '3600' } }];
    const { client, sleeps, calls } = makeClient({ maxWaitSeconds: 90 });
    const error = await failure(client.listCompetitions());
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 3600 });
    expect(error.message).toMatch(/for 3600 s, longer than the 90 s/);
    expect(sleeps).toEqual([]);
    expect(calls.blockedUntil).toEqual([]);
  });

  it('a refused token: 403 ProviderError with the API\'s message and never the token', async () => {
    const { client } = makeClient({ token: 'wrong-token-77' });
    const error = await failure(client.getMatches('BSA'));
    expect(error).toMatchObject({ status: 403, path: '/competitions/BSA/matches' });
    expect(error.message).toBe(`football-data.org GET /competitions/BSA/matches: HTTP 403: ${(restricted.body as { message: string }).message}`);
    expect(error.message).not.toContain('wrong-token-77');
    expect(received[0]?.token).toBe('wrong-token-77');
  });

  it('masks the token even when an answer quotes it', async () => {
    queue = [{ status: 400, headers: {}, body: { message: `Your token ${TOKEN} is malformed.`, errorCode: 400 } }];
    const { client } = makeClient();
    const error = await failure(client.listCompetitions());
    expect(error.status).toBe(400);
    expect(error.message).toContain('Your token *** is malformed.');
    expect(error.message).not.toContain(TOKEN);
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it('other statuses are ProviderErrors with that status', async () => {
    const { client } = makeClient();
    const error = await failure(client.getCompetition('XYZ'));
    expect(error).toMatchObject({ status: 404, path: '/competitions/XYZ', retryAfterSeconds: null });
    expect(error.message).toMatch(/HTTP 404: The resource you are looking for does not exist\./);
  });

  it('a network error is a ProviderError without a status', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { client } = makeClient({ baseUrl: `http://127.0.0.1:${port}/v4` });
    const error = await failure(client.listCompetitions());
    expect(error).toMatchObject({ status: null, path: '/competitions' });
    expect(error.message).toMatch(/^football-data.org GET \/competitions: /);
    expect(error.message).not.toContain(TOKEN);
  });

  it('a request without an answer times out as a ProviderError without a status', async () => {
    queue = ['hang'];
    const { client } = makeClient({ timeoutMs: 200 });
    const error = await failure(client.listCompetitions());
    expect(error).toMatchObject({ status: null });
    expect(error.message).toMatch(/no answer within 200 ms/);
  });

  it('an answer that is not JSON, or not the expected shape, is a ProviderError', async () => {
    queue = ['not-json', { status: 200, headers: {}, body: { competitions: [{ name: 'No code' }] } }];
    const { client } = makeClient();
    expect((await failure(client.listCompetitions())).message).toMatch(/the answer is not JSON/);
    const shape = await failure(client.listCompetitions());
    expect(shape).toMatchObject({ status: 200 });
    expect(shape.message).toMatch(/unexpected answer: competitions\.0\.code/);
  });

  it('rejects a bad code or season before any request', () => {
    const { client } = makeClient();
    expect(() => client.getMatches('PL/../../v2')).toThrow(RangeError);
    expect(() => client.getMatches('PL', 25.5)).toThrow(RangeError);
    expect(received).toEqual([]);
  });

  it('needs a token and an http(s) base address; the default is the public API', () => {
    const { limiter } = countingLimiter();
    expect(() => new FootballDataClient({ token: ' ', limiter })).toThrow(RangeError);
    expect(() => new FootballDataClient({ token: TOKEN, limiter, baseUrl: 'ftp://mirror' })).toThrow(RangeError);
    expect(DEFAULT_FOOTBALL_DATA_URL).toBe('https://api.football-data.org/v4');
  });
});
