/**
 * The embedded database with commits that reach the disk (docs/decisions/010-embedded-durability.md).
 *
 * PGlite 0.5.16 runs PostgreSQL with `-F` (fsync off), and Emscripten's NODEFS, which serves a data
 * folder on Node, has no fsync: PostgreSQL's flushes returned success without calling the host. So an
 * acknowledged write survived a killed process (it was in the kernel's page cache) but not an operating-
 * system crash or a power cut. Here NODEFS gets a real fsync (`fs.fsyncSync` on the host descriptor),
 * PostgreSQL runs with fsync on and flushes its WAL with fsync at every commit, and data files and
 * pg_control at checkpoints, as on a server. A new data folder is flushed once after PGlite creates it.
 * A commit then costs one disk flush (about 4 ms on our 2-core test machine).
 *
 * At open, the patch is checked: `SHOW fsync` must say on, and the commit of a transaction that writes
 * to the WAL (a transactional logical message, which changes no table) must reach the patched fsync (a
 * CHECKPOINT did too, at ~20 ms and some 20 flushes against one: start-up time); otherwise
 * the open fails with EmbeddedDurabilityError, so a PGlite upgrade that changes what is patched stops
 * the server instead of silently dropping durability.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** PGlite's Emscripten module options, as NodeFS.init takes them, and the module its preRun hooks receive. */
type ModuleOptions = Parameters<NodeFS['init']>[1];
type EmscriptenModule = Parameters<NonNullable<ModuleOptions['preRun']>[number]>[0];
/** The parts of Emscripten's NODEFS this relies on (PGlite 0.5.16's pglite.js). */
interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: { nfd: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/** The embedded database could not be made durable (the PGlite in node_modules changed what is patched). */
export class EmbeddedDurabilityError extends Error {}

/** NodeFS whose fsync(2) reaches the disk; counts the calls for the open-time check. */
class DurableNodeFS extends NodeFS {
  syncCalls = 0;

  override async init(pg: PGlite, options: ModuleOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const patch = (module: EmscriptenModule) => {
      const nodefs = (module as unknown as { NODEFS?: EmscriptenNodeFs }).NODEFS;
      if (!nodefs?.stream_ops) return; // the open-time check refuses this PGlite
      nodefs.stream_ops.fsync = (stream) => {
        nodefs.tryFSOperation(() => fsyncSync(stream.nfd));
        this.syncCalls += 1;
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), patch] } };
  }
}

/** PGlite's own start parameters without -F (fsync off), the WAL flushed with fsync (the call patched above). */
const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'wal_sync_method=fsync'];

/**
 * Flushes a data folder written without flushes (a new one: PGlite copies initdb's ~1,000 files in; a
 * restored one): one syncfs(2) of its filesystem through coreutils' `sync -f` where there is one
 * (0.1 s), else an fsync of every file and folder (3 s on our test machine).
 */
export function flushDataFolder(dir: string): void {
  try {
    execFileSync('sync', ['-f', dir], { stdio: 'ignore' });
  } catch {
    fsyncTree(dir);
  }
}

/** fsyncs every file and folder under `dir`. */
function fsyncTree(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      fsyncTree(path);
      continue;
    }
    const fd = openSync(path, 'r');
    try { fsyncSync(fd); } finally { closeSync(fd); }
  }
  const fd = openSync(dir, 'r');
  try { fsyncSync(fd); } finally { closeSync(fd); }
}

/**
 * Opens (creating when missing) the PGlite data folder `pgdata` with durable commits.
 * @returns the client, and `syncCalls()`: how many fsyncs reached the disk since open (tests).
 * @throws EmbeddedDurabilityError when the patch does not take (the client is closed first).
 */
export async function openDurablePGlite(pgdata: string, options: { loadDataDir?: Blob } = {}): Promise<{ client: PGlite; syncCalls(): number }> {
  const isNew = !existsSync(join(pgdata, 'PG_VERSION'));
  const fs = new DurableNodeFS(pgdata);
  const client = await PGlite.create({ fs, startParams: DURABLE_START_PARAMS, ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}) });
  try {
    if (isNew) flushDataFolder(pgdata);
    const { rows } = await client.query<{ fsync: string }>('show fsync');
    const before = fs.syncCalls;
    await client.exec("begin; select pg_logical_emit_message(true, 'palpite', 'durability check'); commit;");
    if (rows[0]?.fsync !== 'on' || fs.syncCalls === before) {
      throw new EmbeddedDurabilityError('The embedded database cannot flush its commits to disk with this version of PGlite '
        + '(docs/decisions/010-embedded-durability.md): reinstall with `npm ci` (PGlite 0.5.16), or use PostgreSQL (DATABASE_URL).');
    }
  } catch (error) {
    await client.close();
    throw error;
  }
  return { client, syncCalls: () => fs.syncCalls };
}
