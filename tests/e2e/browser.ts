/**
 * Browser-test helpers: Debian's Chromium driven by playwright-core (no browser download), and the
 * real app served on a free loopback port over an embedded database in a temp folder, with mail going
 * to DATA_DIR/outbox as it does for a newcomer without SMTP.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/env';
import { seedDemoIfEmpty } from '../../src/server/modules/demo/seed';
import { buildWebIfNeeded, webOutDir } from '../../src/cli/web-build';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether Chromium is installed; under CI=true its absence is an error, not a skip. */
export function hasChromium(): boolean {
  const present = existsSync(CHROMIUM_PATH);
  if (!present && process.env.CI === 'true') throw new Error(`Chromium not found at ${CHROMIUM_PATH}; .ci/run installs it`);
  if (!present) console.warn(`Skipping browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return present;
}

/** Launches Debian's Chromium headless with the flags this closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface RunningApp {
  url: string;
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  stop(): Promise<void>;
}

/** Builds the web app if needed and serves the real app with the demo league on a free port. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  await buildWebIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'palpite-e2e-'));
  const database = await openDatabase({ dataDir });
  await seedDemoIfEmpty(database.db, new Date());
  const port = await freePort();
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, RATE_LIMIT: 'false', APP_URL: `http://127.0.0.1:${port}`, ...env }),
    database,
    webDir: webOutDir(),
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    app, database, dataDir,
    async stop() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link in the newest outbox mail to `email`, decoded from quoted-printable. */
export function linkFromOutbox(dataDir: string, email: string): string {
  const outbox = join(dataDir, 'outbox');
  const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
  for (const file of files) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const link = decoded.match(/https?:\/\/[^\s"<]+/)?.[0];
    if (link) return link;
  }
  throw new Error(`no mail to ${email} in ${outbox}`);
}

/** A TCP port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
