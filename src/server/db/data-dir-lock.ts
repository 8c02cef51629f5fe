/**
 * An exclusive lock on the embedded database's folder. PGlite is single-process: two processes
 * opening the same files would corrupt them, so the second one must fail with a clear message
 * instead. The lock is a file created with O_EXCL holding the owner's pid, the time its process started
 * and the machine's boot id (Linux's /proc). A lock is stale, and taken over, when its process is gone,
 * when the process now at that pid started at another time or on another boot (a pid reused — in a
 * container every start is pid 1, so a crashed run's lock names the new run's own pid), or when it names
 * this process's pid without this process holding it. Locks written by older versions hold the pid only.
 *
 * A process in another PID namespace (another container on the same volume: its pid 1 is not ours)
 * cannot be looked up, so the lock also records the holder's PID namespace and is a lease: the holder
 * touches the file every LEASE_RENEW_MS. A lock from another namespace is stale once it has not been
 * touched for LEASE_MS; when it was touched more recently, the opener waits until it either is touched
 * again (held: refused) or reaches that age (a crashed container's: taken over, no manual step).
 */
import { closeSync, openSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Lock files this process holds (the same folder twice in one process is refused too). */
const heldHere = new Set<string>();

/** When process `pid` started (clock ticks since boot, /proc/<pid>/stat field 22), or null where unknown. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** How often the holder touches its lock file, and how long a lock from another PID namespace stays held after a touch. */
export const LEASE_RENEW_MS = 5_000;
export const LEASE_MS = 30_000;

/** Blocks this thread for `ms` (the lock is taken synchronously, before anything else runs). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** This process's PID namespace ("pid:[4026531836]"; Linux), or null where unknown. */
function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/** This boot's id (Linux), or null where unknown. */
function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** Thrown when a live process already holds the embedded database. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another Palpite process (pid ${pid}). ` +
        'Stop that process first, or run against PostgreSQL by setting DATABASE_URL.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** A held lock. */
export interface DataDirLock {
  release(): void;
}

/**
 * Takes the lock on `dataDir` for this process.
 * @throws DataDirLockedError when a live process holds it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, 'palpite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, [process.pid, processStartTime(process.pid) ?? '-', bootId() ?? '-', pidNamespace() ?? '-'].join(' '));
      closeSync(fd);
      heldHere.add(path);
      const renew = setInterval(() => {
        try {
          const now = new Date();
          utimesSync(path, now, now);
        } catch { /* removed under us: the next holder's problem, not a crash of this one */ }
      }, LEASE_RENEW_MS);
      renew.unref();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        clearInterval(renew);
        heldHere.delete(path);
        process.off('exit', release);
        rmSync(path, { force: true });
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, started, boot, namespace] = readFileSync(path, 'utf8').trim().split(' ');
      const holder = Number.parseInt(pidText ?? '', 10);
      if (heldHere.has(path)) throw new DataDirLockedError(dataDir, process.pid);
      const ours = pidNamespace();
      if (namespace && namespace !== '-' && ours && namespace !== ours && (!boot || boot === '-' || boot === bootId())) {
        // Another container's process: its pid means nothing here; the lease decides.
        const touched = statSync(path).mtimeMs;
        while (Date.now() - touched < LEASE_MS) {
          sleepSync(250);
          const now = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
          if (now === undefined) break; // released meanwhile
          if (now !== touched) throw new DataDirLockedError(dataDir, holder);
        }
        rmSync(path, { force: true });
        attempt -= 1; // the wait was not an attempt
        continue;
      }
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder) && sameProcess(holder, started, boot)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      rmSync(path, { force: true }); // stale: its process is gone, or the pid now belongs to another
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** Whether live process `pid` is the one that wrote the lock (unknown details count as the same). */
function sameProcess(pid: number, started: string | undefined, boot: string | undefined): boolean {
  const now = bootId();
  if (boot && boot !== '-' && now && boot !== now) return false;
  const start = processStartTime(pid);
  return !(started && started !== '-' && start && started !== start);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
