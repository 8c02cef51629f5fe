/**
 * The clients of `npm run bench:night`, each in a worker thread of its own (bench/night-threads.ts starts
 * them), so that the server's thread serves requests and ticks the replay only. One role per thread,
 * chosen by workerData.role:
 *
 * - `health`: GET /api/health one request at a time on one keep-alive connection, every `intervalMs`,
 *   each answer noted with its time and latency; an independent LISTEN on the live events' channel, each
 *   `match` event noted when PostgreSQL delivers it: the instant its transaction committed, as any
 *   listener sees it, whatever the server's thread is doing; and every second, the app's statements
 *   running on the database for over a second (pg_stat_activity).
 * - `streams`: Server-Sent Event streams opened in waves once told to start (the thread is loaded first, so
 *   that the memory measured around the opening is the streams'), each noting when it first saw each score
 *   of each match (the goals so far, extra time included) and when it first saw the match finished.
 * - `rush`: autocannon saving one match's prediction for many members of many groups in turn
 *   (PUT /api/groups/:groupId/predictions/:matchId), the score changing from one pass to the next, until
 *   `stopAt`; every answer "saved" noted with the score sent; cookies the server sets kept, as a browser
 *   keeps them.
 * - `rankings`: `connections` readers of the groups' rankings in turn, until each group has been read
 *   fresh (the reader's row counting the final, no match in play: then `fresh`), then one more read of
 *   each (then `done`).
 *
 * Protocol: the main thread posts `{command: 'start'}` (streams, rankings) and `{command: 'stop'}`; the
 * worker posts `{event: 'ready' | 'open' | 'fresh' | 'done' | 'report' | 'error', …}`. Times are Date.now() (ms), the clock every
 * thread of the process shares.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';

/** A health sampler with its event observer. */
export interface HealthRole { role: 'health'; url: string; databaseUrl: string; channel: string; intervalMs: number }
/** One stream to open: its path, the member's cookie and the local address it connects from. */
export interface StreamSpec { path: string; cookie: string; localAddress: string }
/** The stream clients. */
export interface StreamsRole { role: 'streams'; url: string; streams: StreamSpec[] }
/** One member of the rush: the group, the member and their browser's cookie. */
export interface RushMember { groupId: string; userId: string; cookie: string }
/** The save rush. */
export interface RushRole { role: 'rush'; url: string; connections: number; matchId: string; members: RushMember[]; stopAt: number }
/** The ranking readers. */
export interface RankingsRole { role: 'rankings'; url: string; connections: number; cookie: string; readerId: string; groupIds: string[] }
/** What a worker is told to be. */
export type NightRole = HealthRole | StreamsRole | RushRole | RankingsRole;

/** A `match` event heard by the observer: when, which match, its goals so far (extra time included) and status. */
export interface HeardEvent { at: number; matchId: string; goals: number; status: string }
/** A statement of the app's seen running on the database for over a second: its text's start, its longest run seen (s), when it started. */
export interface SlowStatement { query: string; seconds: number; startedAt: number; waiting?: string[] }
/** The health sampler's report: [time, latency ms] per answer, failures, the events heard and the slow statements seen. */
export interface HealthReport { samples: [number, number][]; failures: number; heard: HeardEvent[]; slow: SlowStatement[] }
/**
 * The streams' report, per match: `byGoals[g][s]` when stream s first saw the match with at least g goals
 * (NaN: never), `finished[s]` when it first saw it finished; and the streams that failed or ended.
 */
export interface StreamsReport { matches: Record<string, { byGoals: number[][]; finished: number[] }>; failed: string[]; ended: number }
/** The rush's report: autocannon's figures, answers by status, and each member's last score answered "saved". */
export interface RushReport {
  requestsPerSecond: number; p50: number; p99: number; max: number; total: number; durationS: number;
  statuses: Record<string, number>; errors: number; timeouts: number; saved: [string, [number, number]][];
  /** Answers that set a renewed session cookie. */
  renewed: number;
}
/**
 * The readers' report: when each group was first read fresh (NaN: never), every read as [time, latency ms],
 * reads that failed, and groups read stale in the pass after all were fresh.
 */
export interface RankingsReport { firstFresh: number[]; reads: [number, number][]; failures: number; staleAfter: number; checked: number }

const role = workerData as NightRole;
const port = parentPort!;
const post = (message: Record<string, unknown>) => port.postMessage(message);
const onCommand = (command: string, run: () => void | Promise<void>) => port.on('message', (message: { command?: string }) => {
  if (message.command === command) void Promise.resolve(run()).catch((error: unknown) => post({ event: 'error', error: String(error) }));
});

/** Goals of a match state (after extra time once it has begun). */
const goalsOf = (state: Record<string, unknown>) => Number(state.homeGoalsExtraTime ?? state.homeGoals ?? 0) + Number(state.awayGoalsExtraTime ?? state.awayGoals ?? 0);

/** GET (or PUT) `path` on an agent; resolves with the status and the body. */
function request(agent: http.Agent, url: URL, path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, host: url.hostname, port: url.port, path, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function health(spec: HealthRole) {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: [number, number][] = [];
  const heard: HeardEvent[] = [];
  let failures = 0;
  let running = true;
  const listener = new pg.Client({ connectionString: spec.databaseUrl });
  await listener.connect();
  listener.on('notification', (message) => {
    const at = Date.now();
    try {
      const event = JSON.parse(message.payload ?? '{}') as { kind?: string; payload?: Record<string, unknown> };
      if (event.kind === 'match' && event.payload) heard.push({ at, matchId: String(event.payload.matchId), goals: goalsOf(event.payload), status: String(event.payload.status) });
    } catch {
      // not ours to judge: the observer only notes what it can read
    }
  });
  await listener.query(`listen ${spec.channel}`);
  // Every second, on a connection of its own: the app's statements running for over a second.
  const watcher = new pg.Client({ connectionString: spec.databaseUrl });
  await watcher.connect();
  const slow = new Map<string, SlowStatement>();
  let watching = false;
  const watch = setInterval(() => {
    if (watching) return;
    watching = true;
    watcher.query<{ pid: number; started: Date; seconds: number; query: string; wait: string | null }>(`
      select pid, query_start as started, extract(epoch from now() - query_start)::float8 as seconds, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 140) as query,
             wait_event_type || ':' || wait_event as wait
        from pg_stat_activity
       where datname = current_database() and state = 'active' and pid <> pg_backend_pid() and now() - query_start > interval '1 second'
         and query not ilike 'listen %'`)
      .then(({ rows }) => {
        for (const row of rows) {
          const key = `${row.pid}:${row.started.getTime()}`;
          const seen = slow.get(key);
          // What it waited on when seen (a lock, I/O), each kind once: none means it was running.
          const waiting = [...new Set([...(seen?.waiting ?? []), ...(row.wait ? [row.wait] : [])])];
          slow.set(key, { query: row.query.trim(), seconds: Math.max(row.seconds, seen?.seconds ?? 0), startedAt: row.started.getTime(), waiting });
        }
      }, () => {})
      .finally(() => { watching = false; });
  }, 1_000);
  onCommand('stop', async () => {
    running = false;
    clearInterval(watch);
    await listener.end();
    await watcher.end();
    agent.destroy();
    const report: HealthReport = { samples, failures, heard, slow: [...slow.values()].sort((a, b) => b.seconds - a.seconds) };
    post({ event: 'report', report });
  });
  post({ event: 'open', at: Date.now() });
  while (running) {
    const start = performance.now();
    try {
      const { status } = await request(agent, url, '/api/health', {});
      if (status === 200) samples.push([Date.now(), performance.now() - start]);
      else failures += 1;
    } catch {
      failures += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, spec.intervalMs));
  }
}

/** Streams opened at once (the server's listen backlog is 511 connections). */
const WAVE = 250;

function streams(spec: StreamsRole) {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const n = spec.streams.length;
  // Per match: per goal count, when each stream first saw it; and when each stream saw the match finished.
  const matches = new Map<string, { byGoals: Float64Array[]; finished: Float64Array }>();
  const track = (matchId: string) => {
    let entry = matches.get(matchId);
    if (!entry) matches.set(matchId, (entry = { byGoals: [], finished: new Float64Array(n).fill(Number.NaN) }));
    return entry;
  };
  const failed: string[] = [];
  const requests: http.ClientRequest[] = [];
  let open = 0;
  let started = 0;
  let ended = 0;
  let stopping = false;
  const openOne = (i: number) => {
    const stream = spec.streams[i]!;
    const req = http.get({ agent, host: url.hostname, port: url.port, path: stream.path, localAddress: stream.localAddress, headers: { accept: 'text/event-stream', cookie: stream.cookie } }, (response) => {
      if (response.statusCode !== 200) {
        failed.push(`stream ${i} (${stream.path}) answered ${response.statusCode}`);
        response.resume();
      } else {
        open += 1;
      }
      if (open + failed.length === n) post({ event: 'open', at: Date.now(), open, failed: failed.length });
      else if (open + failed.length === started) wave();
      if (response.statusCode !== 200) return;
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = Date.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!frame.includes('event: match')) continue;
          const data = frame.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n');
          const state = JSON.parse(data) as Record<string, unknown>;
          const entry = track(String(state.matchId));
          const goals = goalsOf(state);
          while (entry.byGoals.length <= goals) entry.byGoals.push(new Float64Array(n).fill(Number.NaN));
          if (Number.isNaN(entry.byGoals[goals]![i]!)) entry.byGoals[goals]![i] = at;
          if (state.status === 'finished' && Number.isNaN(entry.finished[i]!)) entry.finished[i] = at;
        }
      });
      response.on('close', () => { if (!stopping) ended += 1; });
    });
    req.on('error', (error) => {
      if (stopping) return;
      failed.push(`stream ${i}: ${String(error)}`);
      if (open + failed.length === n) post({ event: 'open', at: Date.now(), open, failed: failed.length });
    });
    requests.push(req);
  };
  const wave = () => {
    const end = Math.min(n, started + WAVE);
    for (; started < end; started++) openOne(started);
  };
  onCommand('start', wave);
  onCommand('stop', () => {
    stopping = true;
    for (const req of requests) req.destroy();
    const report: StreamsReport = { matches: {}, failed, ended };
    for (const [matchId, entry] of matches) {
      // At least g goals: the earliest sighting of g or more (a tick may write two goals at once).
      const byGoals = entry.byGoals.map((_, g) => Array.from({ length: n }, (_unused, s) => {
        let first = Number.NaN;
        for (let k = g; k < entry.byGoals.length; k++) {
          const at = entry.byGoals[k]![s]!;
          if (!Number.isNaN(at) && (Number.isNaN(first) || at < first)) first = at;
        }
        return first;
      }));
      report.matches[matchId] = { byGoals, finished: Array.from(entry.finished) };
    }
    post({ event: 'report', report });
  });
  post({ event: 'ready' });
}

/** autocannon's aggregateResult (exported and documented, missing from the package's types). */
interface Aggregator { aggregateResult(results: unknown[], options: autocannon.Options): autocannon.Result }

function rush(spec: RushRole) {
  const saved = new Map<string, [number, number]>();
  const statuses: Record<string, number> = {};
  let renewed = 0;
  // As a browser does: cookies the server sets (a renewed copy of the session, once the one held is over
  // 60 s old) replace the member's own.
  const renew = (index: number, set: string | string[] | undefined) => {
    if (!set) return;
    renewed += 1;
    const member = spec.members[index]!;
    const jar = new Map(member.cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const));
    for (const line of Array.isArray(set) ? set : [set]) {
      const pair = line.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      if (/max-age=0/i.test(line) || pair.endsWith('=')) jar.delete(name);
      else jar.set(name, pair);
    }
    member.cookie = [...jar.values()].join('; ');
  };
  let next = 0;
  const options: autocannon.Options = {
    url: spec.url, connections: spec.connections, duration: 3_600, method: 'PUT',
    requests: [{
      setupRequest: (req: autocannon.Request, raw: object) => {
        const context = raw as Record<string, unknown>;
        const i = next++ % spec.members.length;
        const member = spec.members[i]!;
        // A score that changes from one pass over the members to the next: the one answered last must be stored.
        const pass = Math.floor((next - 1) / spec.members.length);
        const score: [number, number] = [pass % 5, (i + pass) % 4];
        context.member = member.userId;
        context.index = i;
        context.score = score;
        return {
          ...req, path: `/api/groups/${member.groupId}/predictions/${spec.matchId}`,
          headers: { 'content-type': 'application/json', cookie: member.cookie },
          body: JSON.stringify({ homeGoals: score[0], awayGoals: score[1] }),
        };
      },
      onResponse: (status: number, body: string, raw: object, headers?: http.IncomingHttpHeaders) => {
        const context = raw as Record<string, unknown>;
        renew(context.index as number, headers?.['set-cookie']);
        const key = status === 409 && body.includes('prediction_closed') ? '409 prediction_closed' : String(status);
        statuses[key] = (statuses[key] ?? 0) + 1;
        if (status === 200) saved.set(context.member as string, context.score as [number, number]);
      },
    }],
  };
  const startedAt = Date.now();
  const instance = autocannon(options, (error, raw) => {
    if (error) {
      post({ event: 'error', error: String(error) });
      return;
    }
    // In a worker thread autocannon leaves its result unaggregated; its own aggregateResult makes the figures.
    const result = (autocannon as unknown as Aggregator).aggregateResult([raw], options);
    const total = (raw as unknown as { totalCompletedRequests: number }).totalCompletedRequests;
    const durationS = (Date.now() - startedAt) / 1000;
    const report: RushReport = {
      requestsPerSecond: total / durationS, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, total, durationS,
      statuses, errors: result.errors, timeouts: result.timeouts, saved: [...saved], renewed,
    };
    post({ event: 'report', report });
  });
  setTimeout(() => instance.stop(), Math.max(0, spec.stopAt - Date.now()));
}

function rankings(spec: RankingsRole) {
  const url = new URL(spec.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const n = spec.groupIds.length;
  const firstFresh = new Float64Array(n).fill(Number.NaN);
  const reads: [number, number][] = [];
  const marker = `"userId":"${spec.readerId}"`;
  let failures = 0;
  let fresh = 0;
  let turn = 0;
  let running = true;
  let staleAfter = 0;
  let checked = 0;
  /** Fresh: no match in play, and the reader's row counts their one prediction (the final's). */
  const isFresh = (body: string) => {
    if (!body.endsWith('"liveMatches":0}')) return false;
    const at = body.indexOf(marker);
    if (at === -1) return false;
    const row = body.slice(at, body.indexOf('}', at));
    return row.includes('"predictions":1,');
  };
  const read = async (index: number): Promise<boolean | null> => {
    const start = performance.now();
    try {
      const { status, body } = await request(agent, url, `/api/groups/${spec.groupIds[index]}/ranking`, { cookie: spec.cookie });
      if (status !== 200) {
        failures += 1;
        return null;
      }
      reads.push([Date.now(), performance.now() - start]);
      return isFresh(body);
    } catch {
      failures += 1;
      return null;
    }
  };
  /** One reader: the groups not yet read fresh, in turn, until all are. */
  const reader = async () => {
    while (running && fresh < n) {
      let index = turn++ % n;
      for (let skipped = 0; !Number.isNaN(firstFresh[index]!) && skipped < n; skipped++) index = turn++ % n;
      if (!Number.isNaN(firstFresh[index]!)) break;
      if (await read(index) && Number.isNaN(firstFresh[index]!)) {
        firstFresh[index] = Date.now();
        fresh += 1;
      }
    }
  };
  const report = () => {
    const result: RankingsReport = { firstFresh: Array.from(firstFresh), reads, failures, staleAfter, checked };
    post({ event: 'report', report: result });
  };
  onCommand('start', async () => {
    await Promise.all(Array.from({ length: spec.connections }, reader));
    if (!running) return;
    post({ event: 'fresh', at: Date.now() });
    // Every group once more: none may read stale once it has read fresh.
    let next = 0;
    await Promise.all(Array.from({ length: spec.connections }, async () => {
      while (running && next < n) {
        const answer = await read(next++);
        checked += 1;
        if (answer === false) staleAfter += 1;
      }
    }));
    post({ event: 'done', at: Date.now() });
  });
  onCommand('stop', () => {
    running = false;
    report();
  });
}

try {
  if (role.role === 'health') await health(role);
  else if (role.role === 'streams') streams(role);
  else if (role.role === 'rush') rush(role);
  else rankings(role);
} catch (error) {
  post({ event: 'error', error: String(error) });
}
