/**
 * The container image (Dockerfile), where a container engine answers: it builds, starts as a non-root
 * user on the embedded database, becomes ready, and stops with exit code 0 on `docker stop` (SIGTERM to
 * node as PID 1). Without an engine (`docker info` fails: these CI machines have only the client) the
 * test is skipped and says so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';

const ROOT = resolve(import.meta.dirname, '../..');
const engine = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
if (!engine) console.warn('docker-image.test: no container engine answers `docker info`; the image build is not tested here.');

describe.runIf(engine)('the container image', () => {
  it('builds, runs as a non-root user with node as PID 1, becomes ready, and stops cleanly', async () => {
    const tag = `palpite:test-${process.pid}`;
    const built = Date.now();
    execFileSync('docker', ['build', '-t', tag, '--build-arg', 'BUILD_ID=test', ROOT], { stdio: 'inherit' });
    console.log(`image built in ${Math.round((Date.now() - built) / 1000)} s`);
    const port = await freePort();
    const started = Date.now();
    const id = execFileSync('docker', ['run', '-d', '-p', `127.0.0.1:${port}:3000`, '-e', 'SYNC=false', '-e', 'REMINDERS=false', tag]).toString().trim();
    try {
      let ready = false;
      for (let attempt = 0; attempt < 300 && !ready; attempt++) {
        ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toBe(true);
      console.log(`container ready ${Date.now() - started} ms after docker run (embedded database created and migrated, demo league loaded)`);
      expect(execFileSync('docker', ['exec', id, 'id', '-u']).toString().trim()).not.toBe('0');
      expect(execFileSync('docker', ['exec', id, 'cat', '/proc/1/cmdline']).toString()).toMatch(/^node\0/);
      expect((await fetch(`http://127.0.0.1:${port}/`)).headers.get('content-type')).toMatch(/text\/html/);
      execFileSync('docker', ['stop', '-t', '15', id]);
      expect(execFileSync('docker', ['inspect', '-f', '{{.State.ExitCode}}', id]).toString().trim()).toBe('0');
    } finally {
      spawnSync('docker', ['rm', '-f', id], { stdio: 'ignore' });
      spawnSync('docker', ['rmi', '-f', tag], { stdio: 'ignore' });
    }
  }, 900_000);
});
