/**
 * The embedded database's disk: a full disk answers 503 `storage_full` instead of stopping the server.
 *
 * What PGlite 0.5.16 does on ENOSPC (reproduced on a full tmpfs: tests/reliability/full-disk.test.ts):
 * - A table or index file that cannot grow fails its statement with SQLSTATE 53100 (disk_full, severity
 *   ERROR); the database goes on.
 * - A new write-ahead-log segment (16 MB, zero-filled) that cannot be written fails inside a critical
 *   section: severity PANIC. PostgreSQL would end the process and recover; PGlite returns the error and
 *   keeps the damaged backend, and the next extended-protocol query (every Drizzle query) never returns:
 *   the Node thread spins at 100 % in WebAssembly, so no request, timer or SIGTERM handler runs again,
 *   and freeing space does not help. A restart needs space for recovery (else "PGlite failed to
 *   initialize properly").
 *
 * So PostgreSQL must never meet a full disk while it needs a WAL segment. `guardEmbedded` keeps a
 * reserve: free space on the filesystem of DATA_DIR is read (statfs, ~1 µs) on database calls at most
 * every CHECK_EVERY_MS and by a timer every WATCH_EVERY_MS; below `reserveBytes` the session is made
 * read-only (`default_transaction_read_only`: reads go on, writes fail with 25006 before they log
 * anything) and writes resume at RESUME_MARGIN_BYTES above it. The reserve left then still holds the
 * next segment, table growth within a check and the shutdown checkpoint. A real ENOSPC (53100) still met
 * (another program filled the reserve, a large sort's temporary file) turns read-only too. Both reach
 * callers as StorageFullError (`isStorageFull`, 503 in app.ts). Should a PANIC still happen, the client is
 * never entered again (every call fails at once) and a new one is opened on the same folder once space
 * has returned: PostgreSQL's crash recovery replays the WAL, so every acknowledged commit is kept. The
 * failed client cannot be closed (its shutdown would checkpoint the damaged state) and is not collected
 * either: a PostgreSQL timer in its WebAssembly re-arms itself every 10 s, so each PANIC costs about
 * 150 MB of memory and its files' descriptors until the process restarts.
 *
 * Why the WAL needs new segments at all: PGlite's single backend checkpoints only when the WAL reaches
 * max_wal_size (1 GB) and at close, so until then every 16 MB of log takes new space on the disk.
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';

const MB = 1024 * 1024;
/** One write-ahead-log segment, the unit PostgreSQL allocates its log in, in bytes. */
export const WAL_SEGMENT_BYTES = 16 * MB;
/** The default reserve, in bytes: a WAL segment plus 8 MB for table growth between checks, checkpoints and a restart. */
export const DEFAULT_RESERVE_BYTES = WAL_SEGMENT_BYTES + 8 * MB;
/** Writes resume this far above the reserve, in bytes, so they do not flap around it. */
const RESUME_MARGIN_BYTES = 4 * MB;
/** Free space is read at most this often on database calls, in ms. */
const CHECK_EVERY_MS = 100;
/** …and by a timer this often, in ms, so that returning space is noticed without traffic. */
const WATCH_EVERY_MS = 1_000;
/** A failed reopen is tried again after this long, in ms. */
const REOPEN_RETRY_MS = 5_000;
/** Retry-After of a 503 `storage_full`, in seconds: space comes back when someone frees it. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/** SQLSTATE 53100 disk_full; 25006 read_only_sql_transaction (a write refused by the guard's read-only mode). */
const DISK_FULL = '53100';
const READ_ONLY = '25006';

/** How the embedded database's disk stands: `full` refuses writes, `failed` refuses everything until reopened. */
export interface StorageStatus {
  state: 'ok' | 'full' | 'failed';
  /** Free space on the filesystem of DATA_DIR, in MB (one decimal), at the last check. */
  freeMb: number;
  /** Below this many MB free, writes are refused. */
  reserveMb: number;
  /** Why writes are refused, in plain English (absent when `ok`). */
  reason?: string;
}

/** A write (or, after a PANIC, any statement) refused because the disk holding DATA_DIR is full. */
export class StorageFullError extends Error {
  /** SQLSTATE disk_full: code that sorts database errors by class sees a resource exhausted. */
  readonly code = DISK_FULL;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageFullError';
  }
}

/** The embedded database was not opened: the disk holding DATA_DIR has less free space than it needs. */
export class DataDirFullError extends Error {
  constructor(readonly dataDir: string, readonly freeBytes: number, readonly neededBytes: number, options?: { cause?: unknown }) {
    super(`The disk holding DATA_DIR is full (${mb(freeBytes)} MB free; the embedded database needs ${mb(neededBytes)} MB free to start). `
      + `Free some space on it, or move DATA_DIR (${dataDir}) to a larger disk.`, options);
    this.name = 'DataDirFullError';
  }
}

/** `bytes` in MB with one decimal. */
function mb(bytes: number): number {
  return Math.floor((bytes / MB) * 10) / 10;
}

/**
 * Free space for an unprivileged writer on the filesystem holding `path` (or, when it does not exist
 * yet, its nearest existing parent), in bytes.
 * @throws when no parent can be read (statfs's error).
 */
export function freeBytes(path: string): number {
  let at = path;
  for (;;) {
    try {
      const stats = statfsSync(at);
      return stats.bavail * stats.bsize;
    } catch (error) {
      const parent = dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) throw error;
      at = parent;
    }
  }
}

/** The least free space, in bytes, to open the database: the reserve, and at least a WAL segment for its recovery plus the margin. */
export function bytesToOpen(reserveBytes: number): number {
  return Math.max(reserveBytes, WAL_SEGMENT_BYTES + RESUME_MARGIN_BYTES);
}

/**
 * Refuses to open a database in `dataDir` with less than bytesToOpen(reserveBytes) free.
 * @throws DataDirFullError
 */
export function assertRoomToOpen(dataDir: string, reserveBytes: number, cause?: unknown): void {
  const free = freeBytes(dataDir);
  const needed = bytesToOpen(reserveBytes);
  if (free < needed) throw new DataDirFullError(dataDir, free, needed, cause === undefined ? undefined : { cause });
}

/** The error objects inside `error`: itself, then its `cause`s (Drizzle's DrizzleQueryError), 8 deep at most. */
function* chain(error: unknown): Generator<{ code?: unknown; severity?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    yield current as { code?: unknown; severity?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/**
 * Whether `error` is (or was caused by) a write refused for want of disk space: a StorageFullError, or a
 * PostgreSQL disk_full (53100) or node ENOSPC that did not pass through the guard.
 */
export function isStorageFull(error: unknown): boolean {
  for (const inner of chain(error)) {
    if (inner instanceof StorageFullError || inner.code === DISK_FULL || inner.code === 'ENOSPC') return true;
  }
  return false;
}

/** What guardEmbedded needs besides the client. */
export interface GuardOptions {
  /** The folder whose filesystem holds the database (DATA_DIR). */
  dataDir: string;
  /** Below this many bytes free, writes are refused (DEFAULT_RESERVE_BYTES, or reserveFromEnv). */
  reserveBytes: number;
  /** Opens a new client on the same data folder, after a PANIC once space has returned. */
  reopen(): Promise<PGlite>;
  /** After a reopen: whatever was prepared on the old client (PREPAREd statements) is gone. */
  onReopen?(): void;
  /** Measures free space in bytes (tests); default: freeBytes(dataDir). */
  measure?(): number;
}

/** The guarded client: what Drizzle and openDatabase use of a PGlite, and the disk's state. */
export interface GuardedClient {
  /** Stands in for a PGlite (query, exec, transaction, close, closed), whichever instance is current. */
  client: PGlite;
  status(): StorageStatus;
  /**
   * LISTEN on `channel` on the current client, made again on a new one after a reopen, which then calls
   * `onReconnect` (notifications in between were missed). @returns the function that stops listening.
   */
  listen(channel: string, callback: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** Calls `listener` on each change of state. @returns the function that stops. */
  onChange(listener: (status: StorageStatus) => void): () => void;
  /** Stops the watch; closes the current instance unless it failed or the disk is too full for its shutdown checkpoint. */
  close(): Promise<void>;
}

const guards = new WeakMap<object, GuardedClient>();
/** A LISTEN kept across reopens. */
interface Listener { channel: string; callback: (payload: string) => void; onReconnect?: () => void; stop?: () => Promise<void> }

/** Registers the guard of the embedded database behind Drizzle handle `handle`, for storageStatus and onStorageChange. */
export function registerStorage(handle: object, guard: GuardedClient): void {
  guards.set(handle, guard);
}

/** The disk's state for the database behind `handle`; undefined for PostgreSQL and in-memory databases. */
export function storageStatus(handle: object): StorageStatus | undefined {
  return guards.get(handle)?.status();
}

/** Calls `listener` on each change of state of the disk behind `handle` (nothing for other databases). @returns the function that stops. */
export function onStorageChange(handle: object, listener: (status: StorageStatus) => void): () => void {
  return guards.get(handle)?.onChange(listener) ?? (() => {});
}

/** The methods of a PGlite instance that enter its WebAssembly (PGlite 0.5.16), patched to stop after a PANIC. */
type ProtocolMethods = Record<'execProtocol' | 'execProtocolStream', (...args: unknown[]) => Promise<unknown>> & { execProtocolRawSync(...args: unknown[]): unknown };

/**
 * Makes `instance` refuse every call once one has failed with a PANIC (its backend is left damaged, and
 * entering it again spins forever), calling `onPanic` once. PGlite's own follow-ups (a transaction's
 * ROLLBACK) are refused too, since every statement goes through these methods.
 */
function stopAfterPanic(instance: PGlite, refusal: () => Error, onPanic: (error: unknown) => void): void {
  const methods = instance as unknown as ProtocolMethods;
  let dead = false;
  for (const name of ['execProtocol', 'execProtocolStream'] as const) {
    const original = methods[name]?.bind(instance);
    if (!original) continue;
    methods[name] = async (...args: unknown[]) => {
      if (dead) throw refusal();
      try {
        return await original(...args);
      } catch (error) {
        if ((error as { severity?: unknown } | null)?.severity === 'PANIC' && !dead) {
          dead = true;
          onPanic(error);
        }
        throw error;
      }
    };
  }
  const rawSync = methods.execProtocolRawSync?.bind(instance);
  if (rawSync) {
    methods.execProtocolRawSync = (...args: unknown[]) => {
      if (dead) throw refusal();
      return rawSync(...args);
    };
  }
}

/**
 * Guards the embedded database opened on `dataDir` (see the module's comment): returns a stand-in for
 * `first` that checks free space, refuses writes below the reserve, turns disk_full, read-only refusals
 * and PANICs into StorageFullError, and replaces a client that PANICked once space has returned.
 */
export function guardEmbedded(first: PGlite, options: GuardOptions): GuardedClient {
  const { reserveBytes } = options;
  const measure = options.measure ?? (() => freeBytes(options.dataDir));
  const resumeBytes = reserveBytes + RESUME_MARGIN_BYTES;
  const openBytes = bytesToOpen(reserveBytes);
  let current = first;
  let state: StorageStatus['state'] = 'ok';
  /** Whether `current` runs with default_transaction_read_only on. */
  let readOnly = false;
  let free = measure();
  let checkedAt = performance.now();
  let reopening = false;
  let nextReopenAt = 0;
  let closed = false;
  /** The message of the PANIC that failed the current client. */
  let panic = '';
  const watchers = new Set<(status: StorageStatus) => void>();
  /** LISTENs to make again on a new client. */
  const listeners = new Set<Listener>();

  const status = (): StorageStatus => {
    const base = { state, freeMb: mb(free), reserveMb: mb(reserveBytes) };
    if (state === 'full') {
      return { ...base, reason: `The disk holding DATA_DIR is full (${mb(free)} MB free; the embedded database keeps ${mb(reserveBytes)} MB in reserve): `
        + `writes are refused until ${mb(resumeBytes)} MB are free.` };
    }
    if (state === 'failed') {
      return { ...base, reason: `The embedded database stopped after a write failed (${panic}; ${mb(free)} MB free on the disk holding DATA_DIR): `
        + `it reopens by itself once ${mb(openBytes)} MB are free.` };
    }
    return base;
  };
  const refusal = (cause?: unknown) => new StorageFullError(status().reason ?? 'The disk holding DATA_DIR is full.', cause === undefined ? undefined : { cause });
  const announce = () => {
    const now = status();
    for (const watcher of watchers) watcher(now);
  };
  /** Sets default_transaction_read_only on the current client (queued behind its statements: PGlite runs one at a time). */
  const setReadOnly = (on: boolean) => {
    if (readOnly === on) return;
    readOnly = on;
    current.exec(`set default_transaction_read_only = ${on ? 'on' : 'off'}`).catch(() => {
      // A client that failed meanwhile is replaced, and the new one's mode is set afresh.
    });
  };
  const becomeFull = () => {
    if (state !== 'ok') return;
    state = 'full';
    setReadOnly(true);
    announce();
  };

  const watchPanics = (instance: PGlite) => stopAfterPanic(instance, () => refusal(), (error) => {
    if (instance !== current) return;
    panic = String((error as { message?: unknown }).message ?? error);
    state = 'failed';
    announce();
  });
  watchPanics(first);

  const reopen = async () => {
    if (reopening || closed || performance.now() < nextReopenAt) return;
    reopening = true;
    try {
      const next = await options.reopen();
      if (closed) {
        await next.close();
        return;
      }
      watchPanics(next);
      // The failed client is dropped, never closed: its shutdown would checkpoint a damaged state.
      current = next;
      readOnly = false;
      state = 'ok';
      options.onReopen?.();
      for (const listener of listeners) {
        listener.stop = await next.listen(listener.channel, listener.callback);
        listener.onReconnect?.();
      }
      free = measure();
      if (free < reserveBytes) becomeFull();
      else announce();
    } catch {
      nextReopenAt = performance.now() + REOPEN_RETRY_MS;
    } finally {
      reopening = false;
    }
  };

  /** Reads free space (at most every CHECK_EVERY_MS unless `force`) and moves between states. */
  const check = (force = false) => {
    const now = performance.now();
    if (!force && now - checkedAt < CHECK_EVERY_MS) return;
    checkedAt = now;
    try {
      free = measure();
    } catch {
      return; // the folder unreadable for a moment: the database will say what is wrong
    }
    if (state === 'ok' && free < reserveBytes) becomeFull();
    else if (state === 'full' && free >= resumeBytes) {
      state = 'ok';
      setReadOnly(false);
      announce();
    } else if (state === 'failed' && free >= openBytes) void reopen();
  };
  const watch = setInterval(() => check(true), WATCH_EVERY_MS);
  watch.unref();

  /** Runs `call` on the current client, its failures for want of space as StorageFullError. */
  const guarded = async <T>(call: (client: PGlite) => Promise<T>): Promise<T> => {
    check();
    if (state === 'failed') throw refusal();
    const client = current;
    try {
      return await call(client);
    } catch (error) {
      if (error instanceof StorageFullError) throw error;
      const codes = [...chain(error)].map((inner) => inner.code);
      if (codes.includes(DISK_FULL) || codes.includes('ENOSPC')) {
        check(true);
        becomeFull();
        throw refusal(error);
      }
      if (codes.includes(READ_ONLY) && state === 'full') throw refusal(error);
      throw error;
    }
  };

  const standIn = {
    query: (...args: Parameters<PGlite['query']>) => guarded((client) => client.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => guarded((client) => client.exec(...args)),
    transaction: (callback: Parameters<PGlite['transaction']>[0]) => guarded((client) => client.transaction(callback)),
    get closed() {
      return closed;
    },
    close: () => guard.close(),
  };

  const guard: GuardedClient = {
    client: standIn as unknown as PGlite,
    status: () => {
      check();
      return status();
    },
    listen: async (channel, callback, onReconnect) => {
      const listener: Listener = { channel, callback, onReconnect };
      listener.stop = await guarded((client) => client.listen(channel, callback));
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        if (!closed && state !== 'failed' && !current.closed) await listener.stop?.();
      };
    },
    onChange: (listener) => {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(watch);
      // A shutdown writes a checkpoint to the WAL: without room for a new segment it could PANIC, and
      // the thread would spin instead of exiting. Left unclosed, the next start recovers from the WAL,
      // where every commit is already flushed.
      if (state === 'failed' || measure() < WAL_SEGMENT_BYTES + RESUME_MARGIN_BYTES) return;
      await current.close();
    },
  };
  return guard;
}
