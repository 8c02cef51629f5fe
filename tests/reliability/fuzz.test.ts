/**
 * Fuzzing from the OpenAPI document: every operation of GET /api/openapi.json, and of Better
 * Auth's document for the routes under /api/auth (tests/reliability/auth-openapi.ts), gets generated
 * requests — valid, boundary and malformed path parameters, queries, headers and bodies
 * (tests/reliability/openapi-arbitraries.ts) — as a guest, a signed-in member and a platform
 * administrator, with real ids of seeded data in the pool of valid values so they reach the handlers.
 * Two phases: a sweep (every edge value of every parameter and body field of every route, once, in an
 * otherwise valid request) and random requests (fast-check) for the rest of the budget. No answer may be
 * a 5xx; afterwards the server is still healthy and ready, and its heap (after a full GC) did not grow
 * from after the sweep to after the random requests by more than HEAP_GROWTH_LIMIT_MB (bounded memory).
 *
 * Built with RATE_LIMIT=false (createTestApp's default) so the fuzz reaches the handlers rather than 429s.
 * Replay a failure: the report prints the request (method, url, headers, body; `curl` against a running
 * server, with the persona's cookie added) and how to rerun it — a sweep case with
 * `FUZZ_SEED=<seed> FUZZ_OPERATION='<METHOD> <path>' FUZZ_CASE=<n>`, a random one with
 * `FUZZ_SEED=<seed> FUZZ_OPERATION='<METHOD> <path>' FUZZ_PATH=<path>` (fast-check's seed and path; the
 * ids of the fresh data differ from run to run, the shape of the request does not).
 * `FUZZ_REQUESTS` changes the total (default 12,000).
 */
import { runInNewContext } from 'node:vm';
import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../helpers/app';
import { createUser, signIn, type TestUser } from '../helpers/users';
import { groups, leagues, matches, profiles, teamAliases, teams, user } from '../../src/server/db/schema';
import { seedDemoIfEmpty } from '../../src/server/modules/demo/seed';
import { unsubscribeToken } from '../../src/server/modules/notifications/unsubscribe-token';
import { authOpenApiPaths } from './auth-openapi';
import { faultSurface, forgedCookies, operationsOf, requestArbitrary, sweepRequests, type FuzzRequest, type Operation, type ValuePool } from './openapi-arbitraries';

const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 12_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
/** The auth secret createTestApp gives the app (unsubscribe links are signed with it). */
const AUTH_SECRET = 'test-secret-test-secret-test-secret-123';
/** Heap growth allowed from after the sweep to after the random requests (each after a full GC). */
const HEAP_GROWTH_LIMIT_MB = 32;

type Persona = 'guest' | 'member' | 'admin';

/** A full garbage collection (the flag set at run time, as `node --expose-gc` would). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const heapMb = () => {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

/** A small stable number for a string (each operation's seed: the same whether or not FUZZ_OPERATION picks it alone). */
function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (h * 31 + char.charCodeAt(0)) % 1_000_003;
  return h;
}

/** The request as a person would type it again: method, URL, headers and body. */
function replayable(request: FuzzRequest, persona: Persona): string {
  const body = request.payload === undefined ? '' : Buffer.isBuffer(request.payload) ? ` --data-binary <base64:${request.payload.toString('base64')}>` : ` --data ${JSON.stringify(request.payload.length > 2_000 ? `${request.payload.slice(0, 2_000)}…(${request.payload.length} chars)` : request.payload)}`;
  const headers = Object.entries(request.headers).map(([k, v]) => ` -H ${JSON.stringify(`${k}: ${v.length > 300 ? `${v.slice(0, 300)}…(${v.length} chars)` : v}`)}`).join('');
  return `as ${persona}${request.headers.cookie ? ' (the forged cookie below)' : ''}: curl -X ${request.method} 'http://localhost${request.url}'${headers}${body}`;
}

describe(`fuzzing from the OpenAPI document (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const errorLines: string[] = [];
  const people = {} as Record<'member' | 'admin' | 'other', TestUser & { id: string }>;
  let operations: Operation[];
  const statuses = new Map<number, number>();
  const kinds = new Map<string, number>();
  let sent = 0;
  let authSent = 0;
  let streamsOpened = 0;

  const idOf = async (email: string) => (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]?.id;

  /** A person for a persona, signed in again if a fuzzed request ended their session, made anew if it deleted them. */
  async function ensurePerson(role: 'member' | 'admin' | 'other') {
    const db = t.database.db;
    const current = people[role];
    if (current && (await idOf(current.email))) {
      // Undo what the fuzz may have done to them: disabled, promoted or demoted.
      await db.update(profiles).set({ disabledAt: null, role: role === 'admin' ? 'Platform Administrator' : 'Regular User' }).where(eq(profiles.userId, current.id));
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: current.cookie } });
      if (me.statusCode === 200) return;
      const again = await signIn(t, current.email, current.password);
      if (again.response.statusCode === 200) {
        current.cookie = again.cookie;
        return;
      }
    }
    const made = await createUser(t);
    const id = (await idOf(made.email))!;
    if (role === 'admin') await db.update(profiles).set({ role: 'Platform Administrator' }).where(eq(profiles.userId, id));
    people[role] = { ...made, id };
  }

  /**
   * The pool of real values for one operation's requests: fresh groups (one the member owns with the
   * other person in it, one the other owns with the member in it), open and finished matches, teams, the
   * people's ids, invite codes and the confirmations the destructive routes ask for.
   */
  async function freshPool(): Promise<ValuePool> {
    for (const role of ['member', 'admin', 'other'] as const) await ensurePerson(role);
    const db = t.database.db;
    const [league] = await db.select({ id: leagues.id }).from(leagues).where(eq(leagues.provider, 'demo')).limit(1);
    const leagueId = league!.id;
    // A fuzzed administrator may have closed the demo league to new groups. Groups made by earlier
    // operations go (every group here is the fuzz's), so a member's lists stay the same size throughout.
    await db.update(leagues).set({ active: true }).where(eq(leagues.id, leagueId));
    await db.delete(groups);
    const create = async (owner: TestUser, joiner: TestUser, visibility: 'public' | 'private') => {
      const created = await t.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: owner.cookie }, payload: { name: `Fuzz ${Math.random().toString(36).slice(2, 8)}`, leagueId, visibility } });
      if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`fixture group: ${created.statusCode} ${created.body}`);
      const group = created.json().group as { id: string; name: string; inviteCode: string };
      await t.app.inject({ method: 'POST', url: '/api/groups/join', headers: { cookie: joiner.cookie }, payload: { inviteCode: group.inviteCode } });
      return group;
    };
    const mine = await create(people.member, people.other, 'private');
    const theirs = await create(people.other, people.member, 'public');
    const open = await db.select({ id: matches.id, home: matches.homeTeamId, away: matches.awayTeamId }).from(matches)
      .where(and(eq(matches.leagueId, leagueId), eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 86_400_000)))).limit(2);
    const finished = await db.select({ id: matches.id }).from(matches).where(and(eq(matches.leagueId, leagueId), ne(matches.status, 'scheduled'))).limit(1);
    const teamIds = open.flatMap((m) => [m.home, m.away]).filter((id): id is string => id !== null);
    const teamRows = teamIds.length > 0 ? await db.select({ id: teams.id }).from(teams).where(inArray(teams.id, teamIds)) : [];
    if (teamRows[0]) await db.insert(teamAliases).values({ alias: `Fuzz alias ${Math.random().toString(36).slice(2, 8)}`, teamId: teamRows[0].id });
    const aliases = await db.select({ alias: teamAliases.alias }).from(teamAliases).limit(2);
    const ids = { member: people.member.id, other: people.other.id, admin: people.admin.id };
    // A bonus question in each group (open for a day, decided by its owner), for the bonus routes.
    const question = async (owner: TestUser, groupId: string) => {
      const added = await t.app.inject({ method: 'POST', url: `/api/groups/${groupId}/bonus/questions`, headers: { cookie: owner.cookie }, payload: {
        text: 'Fuzz kit?', answer: 'choice', subject: { kind: 'admin' }, points: 5, options: ['Home', 'Away'], closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      } });
      if (added.statusCode !== 201) throw new Error(`fixture bonus question: ${added.statusCode} ${added.body}`);
      return (added.json() as { ids: string[] }).ids[0]!;
    };
    const questionIds = [await question(people.member, mine.id), await question(people.other, theirs.id)];
    const teamNames = teamRows.length > 0 ? (await db.select({ name: teams.name }).from(teams).where(inArray(teams.id, teamRows.map((row) => row.id)))).map((row) => row.name) : [];
    return {
      byName: {
        leagueId: [leagueId],
        groupId: [mine.id, theirs.id],
        matchId: [...open.map((m) => m.id), ...finished.map((m) => m.id)],
        teamId: teamRows.map((row) => row.id),
        duplicateId: teamRows.map((row) => row.id),
        userId: [ids.member, ids.other, ids.admin],
        inviteCode: [mine.inviteCode, theirs.inviteCode, mine.inviteCode.toLowerCase()],
        confirm: [mine.name, theirs.name, people.member.email],
        name: [mine.name],
        alias: aliases.map((a) => a.alias),
        questionId: questionIds,
        team: teamNames,
        teams: [teamNames],
        option: ['Home', 'Away'],
        username: [people.other.username],
        token: [unsubscribeToken(AUTH_SECRET, ids.member, 'deadline'), unsubscribeToken(AUTH_SECRET, ids.member, 'results')],
      },
      byFormat: {
        // Addresses that go nowhere fast (a closed local port): a fuzzed league's first sync or a push to
        // a fuzzed subscription never reaches the internet (NODE_ENV=test accepts any push endpoint).
        uri: fc.constantFrom('http://127.0.0.1:9/season.json', 'https://127.0.0.1:9/x', 'http://127.0.0.1:9/push/fuzz', 'http://localhost:9/a?b=c'),
      },
    };
  }

  /** Sends one request as `persona` (with the Origin the app trusts for writes) and returns its status and body. */
  async function send(request: FuzzRequest, persona: Persona): Promise<{ status: number; body: string }> {
    const headers: Record<string, string> = { host: 'localhost', ...request.headers };
    if (persona !== 'guest') headers.cookie = people[persona].cookie;
    if (request.method !== 'GET') headers.origin = 'http://localhost';
    const response = await t.app.inject({ method: request.method as 'GET', url: request.url, headers, payload: request.payload, payloadAsStream: true });
    sent++;
    if (request.url.startsWith('/api/auth/')) authSent++;
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      // An open event stream never ends by itself: hang up, as a closed tab would.
      streamsOpened++;
      (response.raw.res as unknown as { destroy(): void }).destroy();
      return { status: response.statusCode, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
    return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') };
  }

  /** Sends and counts one request; a 5xx throws with the request to replay, the answer and the error logged. */
  async function check(request: FuzzRequest, persona: Persona): Promise<number> {
    for (const kind of request.kinds.map((k) => k.replace(/^(\w+ path) .*/, '$1'))) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    const before = errorLines.length;
    const { status, body } = await send(request, persona);
    if (status >= 500) throw new Error(`${status} for ${replayable(request, persona)}\nanswer: ${body.slice(0, 500)}\nlog: ${errorLines.slice(before).join('\n').slice(0, 3_000)}`);
    return status;
  }

  const reachedBy = new Map<string, Persona[]>();
  /**
   * Who gets past authorization on an operation: each persona sends a few valid requests; those answered
   * only 401 or 403 (a guest on a member's route, a member on an administrator's) are left out of the
   * sweep and get a small share of the random requests, so most requests reach the handler.
   */
  async function personasReaching(operation: Operation, pool: ValuePool, seed: number): Promise<Persona[]> {
    const key = `${operation.method} ${operation.path}`;
    const known = reachedBy.get(key);
    if (known) return known;
    const samples = fc.sample(requestArbitrary(operation, pool, 'valid'), { numRuns: 3, seed });
    const reached: Persona[] = [];
    for (const persona of ['guest', 'member', 'admin'] as const) {
      let passed = false;
      for (const sample of samples) {
        const status = await check({ ...sample, kinds: ['probe'] }, persona);
        if (status !== 401 && status !== 403) passed = true;
      }
      if (passed) reached.push(persona);
    }
    reachedBy.set(key, reached.length > 0 ? reached : ['guest', 'member', 'admin']);
    return reachedBy.get(key)!;
  }

  /** The sweep of one operation (every edge of every field, once), as the personas that get past authorization. */
  async function sweepOperation(operation: Operation, seed: number): Promise<string[]> {
    const pool = await freshPool();
    const personas = await personasReaching(operation, pool, seed);
    // Every edge of every field, then a valid request under each of a share of the forged cookies (a
    // different share per operation: all of them across the routes).
    const forged = forgedCookies(people.member.cookie).filter((_, i) => (i + seed) % 3 === 0);
    const valid = fc.sample(requestArbitrary(operation, pool, 'valid'), { numRuns: forged.length || 1, seed });
    const requests: Array<{ request: FuzzRequest; persona: Persona }> = [
      ...sweepRequests(operation, pool, seed).map((request, index) => ({ request, persona: personas[index % personas.length]! })),
      ...forged.map((cookie, index) => ({ request: { ...valid[index]!, headers: { ...valid[index]!.headers, cookie }, kinds: ['forged cookie'] }, persona: 'guest' as const })),
    ];
    const only = process.env.FUZZ_CASE;
    const failures: string[] = [];
    for (const [index, { request, persona }] of requests.entries()) {
      if (only !== undefined && index !== Number(only)) continue;
      try {
        await check(request, persona);
      } catch (error) {
        failures.push(`sweep of ${operation.method} ${operation.path}, case ${index} (FUZZ_SEED=${SEED} FUZZ_OPERATION='${operation.method} ${operation.path}' FUZZ_CASE=${index}):\n${(error as Error).message}`);
      }
    }
    return failures;
  }

  /** `runs` random requests against one operation (fast-check); fast-check's report when one got a 5xx. */
  async function fuzzOperation(operation: Operation, runs: number, seed: number): Promise<string | null> {
    const pool = await freshPool();
    const reached = await personasReaching(operation, pool, seed);
    const persona = fc.oneof(...(['guest', 'member', 'admin'] as const).map((who) => ({ arbitrary: fc.constant(who), weight: reached.includes(who) ? 6 : 1 })));
    // A forged cookie goes in the request's own headers (sent as a guest, so no persona's cookie replaces it).
    const forged = fc.constantFrom(...forgedCookies(people.member.cookie));
    const request = fc.oneof(
      { arbitrary: requestArbitrary(operation, pool, 'valid'), weight: 1 },
      { arbitrary: requestArbitrary(operation, pool, 'fuzz'), weight: 3 },
    );
    const sent = fc.oneof(
      { arbitrary: fc.tuple(request, persona).map(([req, who]): [FuzzRequest, Persona] => [req, who]), weight: 9 },
      { arbitrary: fc.tuple(request, forged).map(([req, cookie]): [FuzzRequest, Persona] => [{ ...req, headers: { ...req.headers, cookie }, kinds: ['forged cookie'] }, 'guest']), weight: 1 },
    );
    const property = fc.asyncProperty(sent, async ([req, who]) => void await check(req, who));
    const path = process.env.FUZZ_PATH;
    const details = await fc.check(property, { numRuns: runs, seed, ...(path ? { path } : {}) });
    return details.failed ? `random requests to ${operation.method} ${operation.path} (FUZZ_SEED=${SEED} FUZZ_OPERATION='${operation.method} ${operation.path}' FUZZ_PATH=${details.counterexamplePath}):\n${fc.defaultReportMessage(details)}` : null;
  }

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = chunk.toString();
        // Errors (pino level ≥ 50) are what a 5xx leaves in the log: kept for the failure report.
        if (/"level":(50|60)/.test(line)) errorLines.push(line.trim());
        done();
      },
    });
    t = await createTestApp({ RATE_LIMIT: 'false', LOG_FORMAT: 'json' }, { logStream });
    await seedDemoIfEmpty(t.database.db, new Date());
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    // Our routes, then Better Auth's under /api/auth (sign-up, sign-in, sessions, passwords, the account).
    operations = [...operationsOf(document), ...operationsOf({ paths: await authOpenApiPaths(t.database.db, AUTH_SECRET, t.app.log) })];
    const only = process.env.FUZZ_OPERATION;
    if (only) operations = operations.filter((op) => `${op.method} ${op.path}` === only);
  }, 120_000);
  afterAll(async () => t?.close());

  it(`answers ${TOTAL_REQUESTS} generated requests without a 5xx, and stays healthy with a bounded heap`, async () => {
    expect(operations.length).toBeGreaterThan(process.env.FUZZ_OPERATION ? 0 : 50);
    const started = performance.now();
    const failures: string[] = [];
    const seedOf = (operation: Operation) => SEED + hash(`${operation.method} ${operation.path}`);

    // 1. The sweep: every edge value of every parameter and body field of every route, once.
    for (const operation of operations) failures.push(...await sweepOperation(operation, seedOf(operation)));
    const swept = sent;
    const heapAfterSweep = heapMb();

    // 2. Random requests (fast-check) for the rest of the budget, each operation's share growing with its
    // places for a fault (parameters, body fields). The heap after them is compared with the heap after the sweep.
    const surface = operations.map(faultSurface);
    const totalSurface = surface.reduce((a, b) => a + b, 0);
    const budget = Math.max(0, TOTAL_REQUESTS - swept);
    for (const [index, operation] of operations.entries()) {
      if (process.env.FUZZ_CASE !== undefined) break;
      const failure = await fuzzOperation(operation, Math.max(10, Math.ceil(budget * surface[index]! / totalSurface)), seedOf(operation));
      if (failure) failures.push(failure);
    }
    const heapAfterRandom = heapMb();
    const seconds = (performance.now() - started) / 1_000;

    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    const figures = {
      seed: SEED, operations: operations.length, requests: sent, authRequests: authSent, swept, random: sent - swept, seconds: Math.round(seconds), perSecond: Math.round(sent / seconds),
      statuses: Object.fromEntries([...statuses].sort(([a], [b]) => a - b)), kinds: Object.fromEntries(kinds), streamsOpened,
      heapAfterSweepMb: Math.round(heapAfterSweep), heapAfterRandomMb: Math.round(heapAfterRandom), health: health.statusCode, ready: ready.statusCode,
    };
    console.log(`fuzz figures: ${JSON.stringify(figures)}`);

    expect(failures, failures.join('\n\n')).toEqual([]);
    if (!process.env.FUZZ_OPERATION) {
      expect(sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
      // Better Auth's routes are in the sweep and the random share like ours (sign-up, sign-in, sessions, passwords).
      expect(operations.filter((op) => op.path.startsWith('/api/auth/')).length).toBeGreaterThanOrEqual(20);
      expect(authSent).toBeGreaterThanOrEqual(1_000);
    }
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    expect(health.statusCode).toBe(200);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(heapAfterRandom - heapAfterSweep, `heap after the sweep ${heapAfterSweep.toFixed(1)} MB, after the random requests ${heapAfterRandom.toFixed(1)} MB`).toBeLessThan(HEAP_GROWTH_LIMIT_MB);
  });
});
