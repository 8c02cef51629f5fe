/**
 * Starts `npm run bench:night`'s clients (bench/night-worker.ts) in worker threads and talks to them:
 * `next(event)` waits for the worker's next message of that kind (messages that came first are kept),
 * `stop()` asks for its report and ends the thread.
 */
import { Worker } from 'node:worker_threads';
import type { NightRole } from './night-worker';

/** A running client thread. */
export interface NightThread {
  /**
   * The next message `{event, …}` of this kind (one received earlier and not yet taken comes first).
   * @throws the worker's error, or its exit, or after `timeoutMs` (default: no limit).
   */
  next(event: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Posts `{command}` to the worker. */
  send(command: string): void;
  /** Asks for the report, resolves with it (within `timeoutMs`, default 60 s) and ends the thread. */
  stop<T>(timeoutMs?: number): Promise<T>;
}

/** Starts a worker thread in `role`. */
export function startThread(role: NightRole): NightThread {
  // A TypeScript entry: tsx's loader registered in the worker first (the parent's does not reach it).
  const entry = new URL('./night-worker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, { eval: true, workerData: role });
  const received: Record<string, unknown>[] = [];
  const waiting: { event: string; resolve: (message: Record<string, unknown>) => void; reject: (error: Error) => void }[] = [];
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiter of waiting.splice(0)) waiter.reject(failure);
  };
  worker.on('message', (message: Record<string, unknown>) => {
    if (message.event === 'error') return fail(new Error(`${role.role} thread: ${String(message.error)}`));
    const index = waiting.findIndex((waiter) => waiter.event === message.event);
    if (index === -1) received.push(message);
    else waiting.splice(index, 1)[0]!.resolve(message);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`${role.role} thread exited (code ${code})`)));
  const next = (event: string, timeoutMs?: number) => new Promise<Record<string, unknown>>((resolve, reject) => {
    const index = received.findIndex((message) => message.event === event);
    if (index !== -1) return resolve(received.splice(index, 1)[0]!);
    if (failure) return reject(failure);
    let timer: NodeJS.Timeout | undefined;
    const waiter = {
      event,
      resolve: (message: Record<string, unknown>) => { clearTimeout(timer); resolve(message); },
      reject: (error: Error) => { clearTimeout(timer); reject(error); },
    };
    waiting.push(waiter);
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(new Error(`${role.role} thread: no '${event}' within ${timeoutMs} ms`));
      }, timeoutMs);
    }
  });
  return {
    next,
    send: (command) => worker.postMessage({ command }),
    stop: async <T>(timeoutMs = 60_000) => {
      worker.postMessage({ command: 'stop' });
      const { report } = await next('report', timeoutMs);
      await worker.terminate();
      return report as T;
    },
  };
}
