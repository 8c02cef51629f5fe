/**
 * A full disk under the embedded database (src/server/db/embedded-storage.ts): DATA_DIR on a small tmpfs,
 * filled with fallocate while 20 members save predictions over HTTP to a server process.
 *
 * Before: once PostgreSQL needed a new 16 MB write-ahead-log segment, 8–20 saves answered 500, then its
 * PANIC left PGlite spinning the Node thread: no request, /api/health or /api/ready answered again, freeing
 * space did not help, SIGTERM was ignored, and a restart on the full volume said only "PGlite failed to
 * initialize properly". A table file that could not grow answered 500 while /api/ready said ready.
 *
 * Here, with the default reserve (24 MB): filled to 3 MB free, every save answers 503 `storage_full` (no
 * 500) before PostgreSQL meets the full disk, reads and /api/health still answer, /api/ready says
 * not_ready with the reason; freed, saves answer 200 again within seconds and every acknowledged save is
 * there; SIGTERM on the full disk exits 0 within SHUTDOWN_TIMEOUT_MS; a start on the full volume exits
 * non-zero saying "The disk holding DATA_DIR is full (N MB free…)"; freed, it starts with every save.
 * With the reserve off (EMBEDDED_DISK_RESERVE_MB=0: another program filled it), PostgreSQL itself meets
 * the full disk: a table that cannot grow (disk_full, filled to 0) and a WAL segment that cannot be
 * written (PANIC, filled to 3 MB) both answer 503 `storage_full`, the PANICked database is reopened in the
 * process once space returns, and the same SIGTERM, start and acknowledged-save checks hold.
 *
 * Needs root (mount -t tmpfs); skipped with the reason otherwise. CI runs as root.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi, groupMatches, groupWithMembers, REMOTE_MEMBERS_ENV, type RemoteMember } from '../helpers/remote-members';
import { startServer, stopServer, type ServerProcess } from '../helpers/server-process';

const MEMBERS = 20;
/** Matches each save writes (the same score for all: one statement, all or nothing). */
const MATCHES_PER_SAVE = 10;
const TMPFS_MB = 96;
const SHUTDOWN_TIMEOUT_MS = 10_000;
const SECRET = 'full-disk-secret-full-disk-secret-full-disk';
const MB = 1024 * 1024;

/** Why these tests cannot run here (not root, or no tmpfs mount allowed), or null. */
const skipReason = ((): string | null => {
  if (process.getuid?.() !== 0) return 'needs root to mount a tmpfs (CI runs as root)';
  const probe = mkdtempSync(join(tmpdir(), 'palpite-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return null;
  } catch (error) {
    return `mount -t tmpfs failed: ${String((error as { stderr?: unknown }).stderr ?? error).trim()}`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();
if (skipReason) console.warn(`full-disk tests skipped: ${skipReason}`);

/** Free bytes on the filesystem holding `dir`. */
const freeBytes = (dir: string) => {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
};

/** A volume of `sizeMb` MB, and filling and emptying it. */
interface Volume { dir: string; fill(leaveBytes: number): void; empty(): void; unmount(): void }

function mountVolume(sizeMb: number): Volume {
  const dir = mkdtempSync(join(tmpdir(), 'palpite-full-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  let fillers = 0;
  return {
    dir,
    fill(leaveBytes) {
      const size = freeBytes(dir) - leaveBytes;
      if (size > 0) execFileSync('fallocate', ['-l', String(size), join(dir, `filler-${++fillers}`)]);
    },
    empty() {
      for (const name of readdirSync(dir)) if (name.startsWith('filler-')) rmSync(join(dir, name));
    },
    unmount() {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One member saving: its sequence, the last value acknowledged, and values sent since (may or may not have landed). */
interface Saver { member: RemoteMember; seq: number; acked: number | null; sentAfter: Set<number> }

const score = (seq: number) => ({ homeGoals: Math.floor(seq / 100) % 100, awayGoals: seq % 100 });

/** Answers of a save burst: counts per status, and the 503 bodies and Retry-After headers seen. */
interface Tally { byStatus: Record<string, number>; firstRefusalAt: number | null; okAfterRefusal: number; bodies: unknown[]; retryAfter: Set<string | null> }

/** A server on a volume, its group's members and matches, and their saves. */
class Pool {
  server!: ServerProcess;
  groupId!: string;
  matchIds!: string[];
  savers!: Saver[];
  constructor(readonly volume: Volume, readonly env: Record<string, string>) {}

  get serverEnv() {
    return { ...REMOTE_MEMBERS_ENV, DATA_DIR: join(this.volume.dir, 'data'), BETTER_AUTH_SECRET: SECRET, SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...this.env };
  }

  async start() {
    this.server = await startServer(this.serverEnv);
  }

  async setUp() {
    await this.start();
    const { groupId, members } = await groupWithMembers(this.server.base, MEMBERS, { prefix: 'disk' });
    this.groupId = groupId;
    const open = (await groupMatches(this.server.base, groupId, members[0]!))
      .filter((match) => match.open && new Date(match.deadline).getTime() > Date.now() + 3_600_000);
    expect(open.length).toBeGreaterThan(MATCHES_PER_SAVE);
    this.matchIds = open.map((match) => match.id);
    this.savers = members.map((member) => ({ member, seq: 0, acked: null, sentAfter: new Set() }));
  }

  /**
   * One save of the saver's next value to its MATCHES_PER_SAVE matches (tracked: acknowledged or sent), or
   * of a value to `others` (not tracked).
   */
  async save(saver: Saver, others?: string[]) {
    const tracked = others === undefined;
    const matchIds = others ?? this.matchIds.slice(0, MATCHES_PER_SAVE);
    const seq = tracked ? ++saver.seq : 1;
    if (tracked) saver.sentAfter.add(seq);
    const answer = await fetch(`${this.server.base}/api/groups/${this.groupId}/predictions`, {
      method: 'PUT',
      headers: { origin: REMOTE_MEMBERS_ENV.APP_URL!, cookie: saver.member.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ predictions: matchIds.map((matchId) => ({ matchId, ...score(seq) })) }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = await answer.json().catch(() => null) as unknown;
    if (answer.status === 200 && tracked) {
      saver.acked = seq;
      saver.sentAfter.clear();
    }
    return { status: answer.status, body, retryAfter: answer.headers.get('retry-after') };
  }

  /** Every saver saves in a loop until `done()` (checked after each answer) or `limitMs`. */
  async burst(done: (tally: Tally) => boolean, limitMs: number): Promise<Tally> {
    const tally: Tally = { byStatus: {}, firstRefusalAt: null, okAfterRefusal: 0, bodies: [], retryAfter: new Set() };
    const until = Date.now() + limitMs;
    await Promise.all(this.savers.map(async (saver) => {
      while (Date.now() < until && !done(tally)) {
        const answer = await this.save(saver).catch((error: Error) => ({ status: `error ${error.message}`, body: null, retryAfter: null }));
        tally.byStatus[answer.status] = (tally.byStatus[answer.status] ?? 0) + 1;
        if (answer.status === 503) {
          tally.firstRefusalAt ??= Date.now();
          if (tally.bodies.length < 50) tally.bodies.push(answer.body);
          tally.retryAfter.add(answer.retryAfter);
        } else if (answer.status === 200 && tally.firstRefusalAt !== null && Date.now() - tally.firstRefusalAt > 500) {
          tally.okAfterRefusal += 1;
        }
      }
    }));
    return tally;
  }

  async ready() {
    const answer = await callApi<{ status: string; storage?: { state: string; freeMb: number; reserveMb: number; reason?: string } }>(this.server.base, 'GET', '/api/ready');
    return answer;
  }

  async healthStatus() {
    return (await fetch(`${this.server.base}/api/health`, { signal: AbortSignal.timeout(2_000) })).status;
  }

  /** Polls until saves answer 200 again (one save per member each round); @returns how long it took, in ms. */
  async untilSavesRecover(limitMs: number): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      const answers = await Promise.all(this.savers.map((saver) => this.save(saver).then((answer) => answer.status, () => 0)));
      if (answers.every((status) => status === 200)) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`saves did not answer 200 within ${limitMs} ms of freeing the disk`);
  }

  /** Every member's saved matches hold the last acknowledged value or one sent after it (none lost). */
  async expectNoAcknowledgedSaveLost() {
    let checked = 0;
    for (const saver of this.savers) {
      const mine = (await groupMatches(this.server.base, this.groupId, saver.member)).filter((match) => this.matchIds.slice(0, MATCHES_PER_SAVE).includes(match.id));
      expect(mine).toHaveLength(MATCHES_PER_SAVE);
      const allowed = [saver.acked, ...saver.sentAfter].filter((seq): seq is number => seq !== null).map((seq) => JSON.stringify(score(seq)));
      for (const match of mine) {
        const held = match.myPrediction ? JSON.stringify({ homeGoals: match.myPrediction.homeGoals, awayGoals: match.myPrediction.awayGoals }) : null;
        if (saver.acked === null && held === null) continue;
        expect(allowed, `${saver.member.username} ${match.id}`).toContain(held);
        checked += 1;
      }
    }
    return checked;
  }

  /** SIGTERM: @returns the exit and how long it took, in ms. */
  async stop() {
    const started = Date.now();
    const exit = await stopServer(this.server, SHUTDOWN_TIMEOUT_MS + 10_000);
    return { exit, ms: Date.now() - started };
  }

  /** A start expected to fail: @returns its output (startServer's error carries it). */
  async startExpectingRefusal(): Promise<string> {
    const failure = await startServer(this.serverEnv, { timeoutMs: 60_000 }).then(async (server) => {
      await stopServer(server);
      return new Error('the server started on a full volume');
    }, (error: Error) => error);
    return failure.message;
  }
}

/** The 503s of a burst are all the app's storage_full, with Retry-After. */
function expectStorageFullRefusals(tally: Tally) {
  expect(tally.bodies.length).toBeGreaterThan(0);
  for (const body of tally.bodies) {
    expect(body).toEqual({ error: { id: 'storage_full', message: expect.stringMatching(/disk is full/) as unknown } });
  }
  expect([...tally.retryAfter]).toEqual(['30']);
}

describe.skipIf(skipReason !== null)(`a full disk under the embedded database${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('refuses writes with 503 storage_full below the reserve, keeps answering, recovers when space returns, stops on SIGTERM and says so at start', async () => {
    const volume = mountVolume(TMPFS_MB);
    const pool = new Pool(volume, {});
    cleanups.push(() => volume.unmount(), async () => { await stopServer(pool.server); });
    await pool.setUp();
    const warm = await pool.burst((tally) => (tally.byStatus[200] ?? 0) >= 100, 30_000);
    expect(Object.keys(warm.byStatus)).toEqual(['200']);

    // 3 MB free: less than a WAL segment. Before, saves went on until PostgreSQL needed one, then hung.
    volume.fill(3 * MB);
    const full = await pool.burst((tally) => (tally.byStatus[503] ?? 0) >= 400, 30_000);
    // A few saves may still land in the moment after the fill (space is read every 100 ms); none fails otherwise.
    expect(Object.keys(full.byStatus).filter((status) => status !== '200' && status !== '503')).toEqual([]);
    expect(full.okAfterRefusal).toBe(0);
    expectStorageFullRefusals(full);
    const ready = await pool.ready();
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('not_ready');
    expect(ready.body.storage).toMatchObject({ state: 'full', reserveMb: 24 });
    expect(ready.body.storage?.reason).toMatch(/The disk holding DATA_DIR is full \(\d+(\.\d+)? MB free/);
    expect(await pool.healthStatus()).toBe(200);
    // Reading still works.
    expect((await groupMatches(pool.server.base, pool.groupId, pool.savers[0]!.member)).length).toBeGreaterThan(0);
    // Better Auth's writes say the same (its own answer was 422 failed_to_create_user): a sign-up and a sign-in.
    const signUp = await callApi<{ error?: { id: string } }>(pool.server.base, 'POST', '/api/auth/sign-up/email', {
      body: { email: 'late-comer@example.com', password: 'correct horse battery', username: 'late_comer', name: 'Late Comer' },
    });
    expect(signUp.status).toBe(503);
    expect(signUp.body.error?.id).toBe('storage_full');
    const signIn = await callApi<{ error?: { id: string } }>(pool.server.base, 'POST', '/api/auth/sign-in/email', {
      body: { email: pool.savers[0]!.member.email, password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(503);
    expect(signIn.body.error?.id).toBe('storage_full');

    volume.empty();
    const recoveryMs = await pool.untilSavesRecover(10_000);
    expect((await pool.ready()).status).toBe(200);
    const checked = await pool.expectNoAcknowledgedSaveLost();

    // Full again, then SIGTERM: a clean exit within the limit; the start on the full volume says why it cannot.
    volume.fill(3 * MB);
    const refusedAgain = await pool.burst((tally) => (tally.byStatus[503] ?? 0) >= 40, 10_000);
    expect(refusedAgain.byStatus[503]).toBeGreaterThanOrEqual(40);
    const stopped = await pool.stop();
    expect(stopped.exit).toEqual({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    const freeAtStart = freeBytes(volume.dir) / MB;
    const refusal = await pool.startExpectingRefusal();
    expect(refusal).toMatch(/the server exited with 1/);
    const said = refusal.match(/The disk holding DATA_DIR is full \((\d+(?:\.\d+)?) MB free/);
    expect(said, refusal).not.toBeNull();
    expect(Math.abs(Number(said![1]) - freeAtStart)).toBeLessThan(1);
    volume.empty();
    await pool.start();
    const checkedAfterRestart = await pool.expectNoAcknowledgedSaveLost();
    console.info(`full disk, reserve: warm-up ${warm.byStatus[200]} saves 200; filled to 3 MB free: ${JSON.stringify(full.byStatus)} `
      + `(first 503 after the fill, 0 answers 500); saves 200 again ${recoveryMs} ms after freeing; ${checked} predictions checked; `
      + `SIGTERM while full: exit 0 in ${stopped.ms} ms; start at ${freeAtStart.toFixed(1)} MB free refused; restart: ${checkedAfterRestart} predictions checked`);
  });

  it('a real ENOSPC without the reserve: a table that cannot grow and a WAL segment that cannot be written answer 503 storage_full, and the database reopens by itself', async () => {
    const volume = mountVolume(TMPFS_MB);
    const pool = new Pool(volume, { EMBEDDED_DISK_RESERVE_MB: '0' });
    cleanups.push(() => volume.unmount(), async () => { await stopServer(pool.server); });
    await pool.setUp();
    await pool.burst((tally) => (tally.byStatus[200] ?? 0) >= 40, 30_000);

    // A table that must grow: nothing free, and predictions for matches nobody has predicted yet.
    volume.fill(0);
    const spare = pool.matchIds.slice(MATCHES_PER_SAVE);
    const grow: Record<string, number> = {};
    const growBodies: unknown[] = [];
    for (const saver of pool.savers) {
      const answer = await pool.save(saver, spare);
      grow[answer.status] = (grow[answer.status] ?? 0) + 1;
      if (answer.status === 503) growBodies.push(answer.body);
    }
    expect(grow[503]).toBeGreaterThan(0);
    expect(Object.keys(grow).filter((status) => status !== '200' && status !== '503')).toEqual([]);
    for (const body of growBodies) expect(body).toMatchObject({ error: { id: 'storage_full' } });
    const readyGrow = await pool.ready();
    expect(readyGrow.status).toBe(503);
    // With no reserve, 'full' can only come from PostgreSQL's own disk_full.
    expect(readyGrow.body.storage).toMatchObject({ state: 'full', reserveMb: 0 });
    expect(await pool.healthStatus()).toBe(200);
    volume.empty();
    const growRecoveryMs = await pool.untilSavesRecover(10_000);

    // A WAL segment that cannot be written: 3 MB free, saves until PostgreSQL needs a new segment (PANIC).
    volume.fill(3 * MB);
    const panicked = await pool.burst((tally) => (tally.byStatus[503] ?? 0) >= 200, 120_000);
    expect(Object.keys(panicked.byStatus).sort()).toEqual(['200', '503']);
    expect(panicked.okAfterRefusal).toBe(0);
    expectStorageFullRefusals(panicked);
    const readyWal = await pool.ready();
    expect(readyWal.status).toBe(503);
    expect(readyWal.body.storage?.state).toBe('failed');
    expect(readyWal.body.storage?.reason).toMatch(/pg_wal.*No space left on device.*reopens by itself/);
    expect(await pool.healthStatus()).toBe(200);
    volume.empty();
    const walRecoveryMs = await pool.untilSavesRecover(20_000);
    const checked = await pool.expectNoAcknowledgedSaveLost();

    // PANIC again, then SIGTERM, then a start on the full volume, then a start with space.
    volume.fill(3 * MB);
    const again = await pool.burst((tally) => (tally.byStatus[503] ?? 0) >= 40, 120_000);
    expect(again.byStatus[503]).toBeGreaterThanOrEqual(40);
    expect((await pool.ready()).body.storage?.state).toBe('failed');
    const stopped = await pool.stop();
    expect(stopped.exit).toEqual({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    const refusal = await pool.startExpectingRefusal();
    expect(refusal).toMatch(/the server exited with 1/);
    expect(refusal).toMatch(/The disk holding DATA_DIR is full \(\d+(\.\d+)? MB free/);
    volume.empty();
    await pool.start();
    const checkedAfterRestart = await pool.expectNoAcknowledgedSaveLost();
    console.info(`full disk, no reserve: table growth at 0 MB free ${JSON.stringify(grow)}, saves 200 again ${growRecoveryMs} ms after freeing; `
      + `WAL at 3 MB free ${JSON.stringify(panicked.byStatus)}, reopened and saves 200 ${walRecoveryMs} ms after freeing, ${checked} predictions checked; `
      + `PANIC again: ${JSON.stringify(again.byStatus)}, SIGTERM exit 0 in ${stopped.ms} ms, start on the full volume refused, restart: ${checkedAfterRestart} predictions checked`);
  });
});
