/**
 * Who else is using the embedded database. PGlite runs every statement on the one Node thread, one at a
 * time: while a background job's statement runs, a request's statement waits for it whole (and the
 * thread answers nothing). A job that works in batches asks `foregroundIdleMs` before each and takes
 * small ones while requests are being served, large ones when nobody is (scoring/fold.ts foldPaceFor).
 * Work run inside `inBackground` is the job's own and is not counted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';

const background = new AsyncLocalStorage<true>();

/** Foreground use of one embedded database: statements (or transactions) under way, and when it last changed. */
interface Activity { inFlight: number; lastAt: number }
const activities = new WeakMap<object, Activity>();

/**
 * Counts the foreground calls of `client` (query, exec, transaction: every way Drizzle reaches it) and
 * records them under `handle` (the Drizzle database over it), for foregroundIdleMs. Call once per client.
 */
export function trackForeground(client: PGlite, handle: object): void {
  const activity: Activity = { inFlight: 0, lastAt: Number.NEGATIVE_INFINITY };
  activities.set(handle, activity);
  const methods = ['query', 'exec', 'transaction'] as const;
  for (const method of methods) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (background.getStore()) return original(...args);
      activity.inFlight++;
      activity.lastAt = performance.now();
      return original(...args).finally(() => {
        activity.inFlight--;
        activity.lastAt = performance.now();
      });
    };
  }
}

/**
 * Milliseconds since foreground work on an embedded database last started or ended: 0 while some is under
 * way; Infinity when none has run yet, and for a handle that is not an embedded database (PostgreSQL runs
 * a job's statements on connections of their own, beside the requests').
 */
export function foregroundIdleMs(handle: object): number {
  const activity = activities.get(handle);
  if (!activity) return Number.POSITIVE_INFINITY;
  return activity.inFlight > 0 ? 0 : performance.now() - activity.lastAt;
}

/**
 * Runs `work` as background work: its statements do not count as foreground use (see foregroundIdleMs).
 * Awaited inside: a Drizzle query is lazy, and sends its statement only when awaited.
 */
export function inBackground<T>(work: () => PromiseLike<T>): Promise<T> {
  return background.run(true, async () => await work());
}
