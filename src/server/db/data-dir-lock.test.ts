import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

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
    expect(readFileSync(join(dir, 'palpite.lock'), 'utf8')).toBe(String(process.pid));
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
    expect(readFileSync(join(dir, 'palpite.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
