/**
 * The container image (Dockerfile), where a container engine answers: it builds, starts as a non-root
 * user on the embedded database, becomes ready, is ready again after a SIGKILL and `docker start` (the
 * crashed run's database lock left behind), and stops with exit code 0 on `docker stop` (SIGTERM to
 * node as PID 1). Where Compose v2 is installed, compose.yaml is checked too (no engine needed). It builds the repository's Dockerfile as it is. On CI, .ci/container-engine.sh starts
 * the engine first and, where Docker Hub is unreachable, builds a local stand-in for the base image
 * node:20-bookworm-slim (Debian bookworm, the CI machine's Node 20, npm 10.8.2); the test prints which
 * base it built on. Without an engine (`docker info` fails) the test is skipped and says so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port';

const ROOT = resolve(import.meta.dirname, '../..');
const engine = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
if (!engine) {
  console.warn(
    'docker-image.test: SKIPPED, no container engine answers `docker info`, so the image is not built or run here' +
      ' (on CI, the output of `.ci/container-engine.sh start` says why no engine could be started).',
  );
}

/** The base image the Dockerfile's default NODE_IMAGE resolves to in this engine: pulled (with a registry
 * digest) or a local stand-in (whose comment says what it is). */
function describeBaseImage(): string {
  const base = 'node:20-bookworm-slim';
  const inspect = spawnSync('docker', ['image', 'inspect', '-f', '{{.Id}}|{{.Created}}|{{json .RepoDigests}}|{{.Comment}}', base]);
  if (inspect.status !== 0) return `${base}: not present yet (docker build will pull it)`;
  const [id = '', created = '', digests = '[]', ...comment] = inspect.stdout.toString().trim().split('|');
  const digest = (JSON.parse(digests) as string[] | null)?.[0];
  return `${base} ${id.slice(7, 19)}, created ${created}, ${digest ? `pulled (${digest})` : `not from a registry: ${comment.join('|') || 'no comment'}`}`;
}

describe.runIf(engine)('the container image', () => {
  it('builds, runs as a non-root user with node as PID 1, becomes ready, restarts after a crash, and stops cleanly', async () => {
    const tag = `palpite:test-${process.pid}`;
    console.log(`base image: ${describeBaseImage()}`);
    const built = Date.now();
    // Bounded here (a synchronous call cannot be interrupted by the test's own timeout): a stuck build fails CI, never hangs it.
    execFileSync('docker', ['build', '-t', tag, '--build-arg', 'BUILD_ID=test', ROOT], { stdio: 'inherit', timeout: 780_000 });
    console.log(`image built in ${Math.round((Date.now() - built) / 1000)} s`);
    const port = await freePort();
    const started = Date.now();
    const id = execFileSync('docker', ['run', '-d', '-p', `127.0.0.1:${port}:3000`, '-e', 'SYNC=false', '-e', 'REMINDERS=false', tag], { timeout: 60_000 }).toString().trim();
    try {
      // Each attempt has its own timeout: until the server listens, Docker's port proxy accepts the
      // connection and closes it at once, and Node 20's fetch can then wait forever for an answer (seen
      // on the first attempt, every time, on a Docker 20.10 engine: the test hung until its timeout).
      let ready = false;
      for (let attempt = 0; attempt < 300 && !ready; attempt++) {
        ready = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toBe(true);
      console.log(`container ready ${Date.now() - started} ms after docker run (embedded database created and migrated, demo league loaded; up to 1 s of it may be a timed-out first attempt)`);
      expect(execFileSync('docker', ['exec', id, 'id', '-u'], { timeout: 30_000 }).toString().trim()).not.toBe('0');
      expect(execFileSync('docker', ['exec', id, 'cat', '/proc/1/cmdline'], { timeout: 30_000 }).toString()).toMatch(/^node\0/);
      expect((await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(10_000) })).headers.get('content-type')).toMatch(/text\/html/);
      // A crash: SIGKILL, then the same container started again (a new PID namespace, where the crashed
      // run's pid is pid 1 again; its lock on the embedded database is left behind): ready again with no
      // manual step, once the crashed run's lease has run out (up to 30 s, data-dir-lock.ts).
      execFileSync('docker', ['kill', '-s', 'KILL', id], { timeout: 60_000 });
      execFileSync('docker', ['start', id], { timeout: 60_000 });
      const restarted = Date.now();
      ready = false;
      for (let attempt = 0; attempt < 600 && !ready && Date.now() - restarted < 90_000; attempt++) {
        ready = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
        if (!ready) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready).toBe(true);
      console.log(`container ready again ${Date.now() - restarted} ms after SIGKILL and docker start (the crashed run's lease is up to 30 s)`);
      execFileSync('docker', ['stop', '-t', '15', id], { timeout: 60_000 });
      expect(execFileSync('docker', ['inspect', '-f', '{{.State.ExitCode}}', id], { timeout: 30_000 }).toString().trim()).toBe('0');
    } finally {
      spawnSync('docker', ['rm', '-f', id], { stdio: 'ignore', timeout: 60_000 });
      spawnSync('docker', ['rmi', '-f', tag], { stdio: 'ignore', timeout: 60_000 });
    }
  }, 900_000);
});

/** The environment compose.yaml is read with: this process's, without the variables the file interpolates. */
function composeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['POSTGRES_PASSWORD', 'BETTER_AUTH_SECRET', 'SMTP_URL', 'SEED_DEMO']) delete env[name];
  return { ...env, ...extra };
}
const compose = spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status === 0;
if (!compose) {
  console.warn('docker-image.test: compose.yaml NOT checked, `docker compose` (Compose v2) is not installed here'
    + ' (on CI, the output of `.ci/container-engine.sh start` says why it could not be installed).');
}

describe.runIf(compose)('compose.yaml', () => {
  /** compose.yaml as Compose v2 resolves it (`docker compose config`), as JSON. */
  const resolved = () => JSON.parse(execFileSync('docker', ['compose', '-f', join(ROOT, 'compose.yaml'), '--project-directory', ROOT, 'config', '--format', 'json'], {
    cwd: ROOT, env: composeEnv(), timeout: 60_000,
  }).toString()) as { services: Record<string, Record<string, unknown> & { environment?: Record<string, string>; entrypoint?: string[] }> };

  it('is valid Compose v2: PostgreSQL 16, Mailpit, and the app built from the Dockerfile, wired by service name', () => {
    const { services } = resolved();
    expect(Object.keys(services).sort()).toEqual(['app', 'db', 'mail']);
    expect(services.db!.image).toMatch(/^postgres:16/);
    expect(services.app!.build).toMatchObject({ dockerfile: 'Dockerfile' });
    expect(services.app!.depends_on).toMatchObject({ db: { condition: 'service_healthy' } });
    expect(services.app!.environment).toMatchObject({
      DATABASE_URL: 'postgres://palpite:palpite@db:5432/palpite', SMTP_URL: 'smtp://mail:1025', BETTER_AUTH_SECRET: '',
    });
    expect(services.mail!.ports).toEqual([expect.objectContaining({ target: 8025, published: '8025' })]);
  });

  it("the app's entrypoint generates the auth secret once (mode 0600), keeps it in the volume, prefers a given one, and execs node", () => {
    // `config` writes a literal $ as $$ (its output is a compose file too); the container gets one $.
    const script = resolved().services.app!.entrypoint![2]!.replaceAll('$$', '$');
    expect(script).toContain('exec node bin/palpite.mjs start');
    expect(script).toContain('/data/auth-secret');
    const data = mkdtempSync(join(tmpdir(), 'palpite-compose-'));
    try {
      // The script as the container runs it, with the volume in a temporary folder and the exec replaced by a print.
      const runnable = script.replaceAll('/data/', `${data}/`).replace('exec node bin/palpite.mjs start', 'printf %s "$BETTER_AUTH_SECRET"');
      const run = (secret: string) => execFileSync('sh', ['-c', runnable], { env: composeEnv({ BETTER_AUTH_SECRET: secret }), timeout: 30_000 }).toString();
      const generated = run('');
      expect(generated).toMatch(/^[A-Za-z0-9+/]{43}=$/); // 32 random bytes, base64
      expect(statSync(join(data, 'auth-secret')).mode & 0o777).toBe(0o600); // readable by the app's user only
      expect(run('')).toBe(generated); // kept: sessions survive a restart
      expect(run('given-secret')).toBe('given-secret');
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
