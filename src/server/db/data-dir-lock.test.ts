import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LEASE_MS, processStartTime } from './data-dir-lock';

describe('acquireDataDirLock', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'palpite-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('holds the folder with this pid and frees it on release', () => {
    const dir = fresh();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'palpite.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\S+ \\S+ \\S+$`));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(join(dir, 'palpite.lock'))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses a folder held by another live process, naming it', async () => {
    const dir = fresh();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, 'palpite.lock'), String(child.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`in use by another Palpite process \\(pid ${child.pid}\\)`));
    } finally {
      child.kill();
    }
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'palpite.lock'), '999999999');
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'palpite.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock naming its own pid that it does not hold (a restarted container: pid 1 again)', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'palpite.lock'), `${process.pid} 12345 ${'0'.repeat(8)}-dead-beef-0000-000000000000`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, 'palpite.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
    lock.release();
  });

  it.runIf(processStartTime(process.pid) !== null)('takes over a lock whose pid now belongs to a process started later (a pid reused), not one of the same process', async () => {
    const dir = fresh();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const started = processStartTime(child.pid!)!;
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      writeFileSync(join(dir, 'palpite.lock'), `${child.pid} ${started} ${boot}`);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      writeFileSync(join(dir, 'palpite.lock'), `${child.pid} ${Number(started) - 1} ${boot}`);
      acquireDataDirLock(dir).release();
      writeFileSync(join(dir, 'palpite.lock'), `${child.pid} ${started} 00000000-0000-0000-0000-000000000000`);
      acquireDataDirLock(dir).release();
    } finally {
      child.kill();
    }
  });

  it('treats a lock from another PID namespace (another container) as a lease: held while renewed, taken over once old', () => {
    const dir = fresh();
    const path = join(dir, 'palpite.lock');
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const foreign = readlinkSync('/proc/self/ns/pid') === 'pid:[1]' ? 'pid:[2]' : 'pid:[1]';
    // Renewed by its holder while we wait: refused.
    writeFileSync(path, `1 12345 ${boot} ${foreign}`);
    // Last touched almost LEASE_MS ago; its holder (another process here) touches it again 150 ms from now.
    const past = new Date(Date.now() - LEASE_MS + 3_000);
    utimesSync(path, past, past);
    const child = spawn(process.execPath, ['-e', `setTimeout(() => require('fs').utimesSync(${JSON.stringify(path)}, new Date(), new Date()), 150)`]);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    child.kill();
    // Not touched for LEASE_MS: a crashed container's lock, taken over at once.
    const old = new Date(Date.now() - LEASE_MS - 1_000);
    utimesSync(path, old, old);
    acquireDataDirLock(dir).release();
    expect(existsSync(path)).toBe(false);
  });
});
