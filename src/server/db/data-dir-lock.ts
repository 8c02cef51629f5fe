/**
 * An exclusive lock on the embedded database's folder. PGlite is single-process: two processes
 * opening the same files would corrupt them, so the second one must fail with a clear message
 * instead. The lock is a file holding the owner's pid, created with O_EXCL; a lock whose process is
 * gone is stale and is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

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
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        rmSync(path, { force: true });
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && (holder === process.pid || isAlive(holder))) {
        throw new DataDirLockedError(dataDir, holder);
      }
      rmSync(path, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
