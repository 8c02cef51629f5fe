/**
 * Browser-test helpers: Debian's Chromium driven by playwright-core (no browser download), and the
 * real app served on a free loopback port over an in-memory embedded database, with mail going to a temp
 * folder's outbox (DATA_DIR/outbox) as it does for a newcomer without SMTP.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { migratedTemplate } from '../helpers/app';
import { freePort } from '../helpers/free-port';
import { cookieFrom } from '../helpers/users';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/env';
import { seedDemoIfEmpty } from '../../src/server/modules/demo/seed';
import { afterAll, beforeAll } from 'vitest';
import { buildWebIfNeeded, webOutDir } from '../../src/cli/web-build';
import { testPasswordHashing } from '../helpers/password-hashing';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether Chromium is installed; under CI=true its absence is an error, not a skip. */
export function hasChromium(): boolean {
  const present = existsSync(CHROMIUM_PATH);
  if (!present && process.env.CI === 'true') throw new Error(`Chromium not found at ${CHROMIUM_PATH}; .ci/run installs it`);
  if (!present) console.warn(`Skipping browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return present;
}

/** Chromium's flags here: no sandbox (root), no GPU, and nothing that calls out to Google's hosts. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * What the tests' shared browser does without (not the benchmarks': bench/web.ts weighs pages as a
 * browser out there loads them): a process of its own per site and per navigation. The journeys serve one
 * origin; each new renderer process cost the suite CPU on a 2-core machine (a new context with its first
 * page load ~4.5 s of CPU, ~3.3 s with these).
 */
const TEST_BROWSER_ARGS = ['--disable-site-isolation-trials', '--disable-features=IsolateOrigins,site-per-process,ProactivelySwapBrowsingInstance,RenderDocument'];

/**
 * Launches Debian's Chromium headless with the flags this closed network needs. Its contexts block
 * service workers unless a test asks for them (`serviceWorkers: 'allow'`, as pwa.test.ts does): a
 * worker's requests escape page.route, and most journeys stub the API with it.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...TEST_BROWSER_ARGS] });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

export interface RunningApp {
  url: string;
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Builds the web app if needed and serves the real app with the demo league on a free port; `webDir`
 * serves another copy of the built app instead (a test that changes it).
 */
export async function startApp(env: Record<string, string> = {}, options: { webDir?: string } = {}): Promise<RunningApp> {
  await buildWebIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'palpite-e2e-'));
  // In memory, from the migrated template the db tests share: initdb and every migration in a folder cost
  // each browser file about 5 s of a core.
  const database = await openDatabase({ memory: true, template: await migratedTemplate() });
  await seedDemoIfEmpty(database.db, new Date());
  const port = await freePort();
  const app = await buildApp({
    // No league sync scheduler and no reminders job unless a test asks (a reminder mail would be the
    // newest mail to a person, where the journeys look for their verification link).
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, RATE_LIMIT: 'false', SYNC: 'false', REMINDERS: 'false', APP_URL: `http://127.0.0.1:${port}`, ...env }),
    database,
    webDir: options.webDir ?? webOutDir(),
    passwordHashing: testPasswordHashing,
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

/**
 * The first link in the newest outbox mail to `email` (that `accept` takes), decoded from
 * quoted-printable. Mail leaves after the answer (never making a request wait), so this waits up to
 * `timeoutMs` for it.
 * @throws Error when no such mail arrives in time.
 */
export async function linkFromOutbox(dataDir: string, email: string, timeoutMs = 5000, accept: (link: string) => boolean = () => true): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = newestLink(dataDir, email, accept);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} in ${join(dataDir, 'outbox')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function newestLink(dataDir: string, email: string, accept: (link: string) => boolean): string | null {
  const outbox = join(dataDir, 'outbox');
  const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
  for (const file of files) {
    const raw = readFileSync(join(outbox, file), 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    const link = decoded.match(/https?:\/\/[^\s"<]+/)?.[0];
    if (link && accept(link)) return link;
  }
  return null;
}

/** A confirmed, signed-in account made through the API, with a browser context carrying its session. */
export interface ApiUser {
  email: string;
  password: string;
  cookie: string;
  context: BrowserContext;
  page: Page;
}

/**
 * Signs `username` up through the API, confirms it with the token of the mailed (hash-style) link,
 * signs in and opens a 390 px browser context with the session cookie (the account screens have their
 * own browser tests). `locale` is the browser's language (default en-US).
 */
export async function apiUser(server: RunningApp, browser: Browser, username: string, options: { locale?: string; email?: string } = {}): Promise<ApiUser> {
  const email = options.email ?? `${username}@example.com`;
  const password = 'correct horse battery';
  const signUp = await server.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, username, name: username } });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`);
  const hash = new URL(await linkFromOutbox(server.dataDir, email)).hash;
  const token = new URLSearchParams(hash.slice(hash.indexOf('?') + 1)).get('token');
  await server.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
  const signIn = await server.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  const cookie = cookieFrom(signIn.headers['set-cookie']);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: options.locale ?? 'en-US' });
  await addCookieHeader(context, cookie, server.url);
  return { email, password, cookie, context, page: await context.newPage() };
}

/** Puts the cookies of a Cookie header ("a=b; c=d", as cookieFrom makes it) into `context`, for `url`. */
export async function addCookieHeader(context: BrowserContext, cookie: string, url: string): Promise<void> {
  await context.addCookies(cookie.split('; ').filter(Boolean).map((pair) => {
    const [name, ...rest] = pair.split('=');
    return { name: name!, value: rest.join('='), url };
  }));
}

/**
 * With SCREENSHOTS=1, saves full-page screenshots of `page` at 390 px and 1280 px wide as
 * screenshots/<name>-<width>.png, then leaves it at 390 px; otherwise does nothing.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/** Opens group `groupId`'s tab `name` (?tab=…) in `page` and waits for its panel. */
export async function openTab(server: RunningApp, page: Page, groupId: string, name: string): Promise<void> {
  await page.goto(`${server.url}/group/${groupId}?tab=${name}`);
  await page.locator('[role="tabpanel"]:not([hidden])').first().waitFor();
}

/**
 * For one describe block: starts the app (`startApp(env)`) and Chromium before its tests, hands both to
 * `ready`, and stops them after; with SCREENSHOTS=1 the ./screenshots folder exists.
 */
export function useBrowserApp(ready: (server: RunningApp, browser: Browser) => void, env: Record<string, string> = {}): void {
  let started: { server?: RunningApp; browser?: Browser } = {};
  beforeAll(async () => {
    const [server, browser] = await Promise.all([startApp(env), launchChromium()]);
    started = { server, browser };
    if (process.env.SCREENSHOTS === '1') mkdirSync('screenshots', { recursive: true });
    ready(server, browser);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
}

/**
 * Clicks `button` and waits for the toast (role status) saying `text`, watched from before the click: the
 * toast shows for 4 s, but what role status finds is Radix's announcement of it for screen readers, which
 * is in the page for 1 s only, and on a loaded machine a wait in between (a dialog closing) outlasted it.
 */
export async function clickForToast(page: Page, button: Locator, text: string): Promise<void> {
  const toast = page.getByRole('status').filter({ hasText: text }).waitFor();
  await button.click();
  await toast;
}

/** Waits until the address has held still for 150 ms (3 s at most) and the page shows a heading. */
export async function addressHeld(page: Page): Promise<void> {
  let last = '';
  for (let i = 0; i < 20; i++) {
    const now = page.url();
    if (now === last) break;
    last = now;
    await page.waitForTimeout(150);
  }
  await page.locator('main h1').first().waitFor();
}

/** The page's path and query ("/login?redirect=%2Fprofile"). */
export const pathOf = (page: Page): string => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
