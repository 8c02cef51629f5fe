/**
 * The HTTP benchmarks' load generator, in a thread of its own (bench/load.ts starts it): autocannon
 * sharing the server's thread spent that thread's time on building requests and reading answers between
 * the server's turns, so latencies included the load generator's own work. On a 2-core machine the
 * server thread keeps one core, the load the other.
 *
 * Reads its LoadSpec from workerData and posts back one LoadReport.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadReport, LoadSpec, SweepReads } from './load';

const spec = workerData as LoadSpec;
const base: autocannon.Options = { url: spec.url, connections: spec.connections, duration: spec.duration };

/** The options of one run: a plain request, or a rush of saves (one match, or a whole round, per request). */
function optionsOf(answered: Map<string, [number, number]>): autocannon.Options {
  if (spec.kind === 'plain') return { ...base, ...(spec.headers ? { headers: spec.headers } : {}) };
  if (spec.kind === 'sweep') {
    // Each path in turn; every answer noted with its path's index, its arrival and whether it was fresh.
    const { paths, headers } = spec;
    const fresh = new RegExp(spec.fresh);
    let turn = 0;
    return {
      ...base, headers,
      requests: [{
        setupRequest: (request: autocannon.Request, raw: object) => {
          const index = turn++ % paths.length;
          (raw as Record<string, unknown>).index = index;
          return { ...request, path: paths[index]! };
        },
        onResponse: (status: number, body: string, raw: object) => {
          sweep.index.push((raw as Record<string, number>).index!);
          sweep.at.push(Date.now());
          sweep.fresh.push(status === 200 && fresh.test(body) ? 1 : 0);
        },
      }],
    };
  }
  const { cookies, matchIds } = spec;
  let next = 0;
  if (spec.kind === 'one-match') {
    // Each request one member's (in turn), with a score that changes from one pass to the next: the
    // score answered "saved" last for a member must be the one stored.
    return {
      ...base, method: 'PUT',
      requests: [{
        setupRequest: (request: autocannon.Request, raw: object) => {
          const context = raw as Record<string, unknown>;
          const i = next++ % cookies.length;
          const score: [number, number] = [next % 10, i % 4];
          context.member = `${spec.memberPrefix}${i + 1}`;
          context.score = score;
          return { ...request, headers: { 'content-type': 'application/json', cookie: cookies[i]! }, body: JSON.stringify({ predictions: [{ matchId: matchIds[0], homeGoals: score[0], awayGoals: score[1] }] }) };
        },
        onResponse: (status: number, body: string, raw: object) => {
          const context = raw as Record<string, unknown>;
          if (status === 200 && body.includes('"saved"')) answered.set(context.member as string, context.score as [number, number]);
        },
      }],
    };
  }
  return {
    ...base, method: 'PUT',
    requests: [{ setupRequest: (request: autocannon.Request) => {
      const i = next++ % cookies.length;
      return { ...request, headers: { 'content-type': 'application/json', cookie: cookies[i]! }, body: JSON.stringify({ predictions: matchIds.map((matchId, k) => ({ matchId, homeGoals: (i + k) % 4, awayGoals: k % 3 })) }) };
    } }],
  };
}

/** autocannon's aggregateResult (exported and documented, missing from the package's types). */
interface Aggregator { aggregateResult(results: unknown[], options: autocannon.Options): autocannon.Result }

const answered = new Map<string, [number, number]>();
const sweep: SweepReads = { index: [], at: [], fresh: [] };
const options = optionsOf(answered);
autocannon(options, (error, raw) => {
  // In a worker thread autocannon leaves its result unaggregated (encoded histograms); its own
  // aggregateResult turns it into the usual figures.
  const result = error ? raw : (autocannon as unknown as Aggregator).aggregateResult([raw], options);
  const report: LoadReport = error
    ? { error: String(error) }
    : {
      result: {
        // Requests a second: completed requests over the run's duration (the per-second samples autocannon
        // averages are kept by a main thread's tracker only).
        requests: { average: (raw as unknown as { totalCompletedRequests: number }).totalCompletedRequests / result.duration }, latency: { p50: result.latency.p50, p99: result.latency.p99 },
        non2xx: result.non2xx, '2xx': result['2xx'], errors: result.errors, timeouts: result.timeouts,
      },
      answered: [...answered],
      ...(spec.kind === 'sweep' ? { reads: sweep } : {}),
    };
  parentPort!.postMessage(report);
});
