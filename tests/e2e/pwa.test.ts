/**
 * The installable app in a real browser (decision 009): the service worker at /sw.js registers at load, the
 * manifest parses and Chromium finds nothing stopping installation (the check behind Lighthouse's
 * installability audit and Chrome's install prompt), and after one visit (one page load) the app opens
 * offline — the shell, the last loaded group page and my predictions, read-only, under an "offline"
 * banner — and is live again when the network returns. Sign-out, or a session that ends without it,
 * empties what the worker kept. A new release waits for the person's go-ahead.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieFrom } from '../helpers/users';
import { webOutDir } from '../../src/cli/web-build';
import { ICON_SIZES, MASKABLE_SIZES, RELOAD_FALLBACK_MS, THEME_COLOR } from '../../src/web/config/pwa';
import { addCookieHeader, apiUser, CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium, startApp, type RunningApp, useBrowserApp } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const SHOTS = process.env.SCREENSHOTS === '1';

describe.runIf(withChromium)('browser: the installable app', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  /**
   * A signed-in person in a Chromium profile of their own (a persistent context: Chromium never offers to
   * install from an incognito one, which every other context is), service workers allowed.
   */
  const personWithWorker = async (username: string, on: RunningApp = server): Promise<{ context: BrowserContext; cookie: string; close(): Promise<void> }> => {
    const person = await apiUser(on, browser, username);
    const cookies = await person.context.cookies();
    await person.context.close();
    const profile = mkdtempSync(join(tmpdir(), 'palpite-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, locale: 'en-US', serviceWorkers: 'allow',
    });
    await context.addCookies(cookies);
    return { context, cookie: person.cookie, close: async () => { await context.close(); rmSync(profile, { recursive: true, force: true }); } };
  };

  it('registers /sw.js, is installable, and opens the last group page and my predictions offline', async () => {
    const { context, cookie, close } = await personWithWorker('ana');
    const leagueId = (await server.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    const group = (await server.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Offline pool', leagueId }, headers: { cookie } })).json().group;
    const page = context.pages()[0] ?? await context.newPage();

    await page.goto(`${server.url}/group/${group.id}`);
    await page.getByRole('heading', { name: 'Offline pool' }).waitFor();
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? null;
    });
    expect(worker).toBe(`${server.url}/sw.js`);

    // What Chromium checks before offering to install (Lighthouse's installability audit asks the same).
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest') as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors') as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const served = await fetch(`${server.url}/manifest.webmanifest`);
    expect(served.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const installed = await served.json() as { icons: { src: string; sizes: string; purpose: string }[]; theme_color: string };
    expect(installed).toMatchObject({ display: 'standalone', start_url: '/', name: 'Palpite', theme_color: THEME_COLOR });
    // Icons at every size launchers ask for, each served as a PNG of that size.
    expect(installed.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      ...ICON_SIZES.map((size) => `${size}x${size} any`), ...MASKABLE_SIZES.map((size) => `${size}x${size} maskable`),
    ]);
    for (const icon of installed.icons) {
      const png = Buffer.from(await (await fetch(`${server.url}${icon.src}`)).arrayBuffer());
      expect(png.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
    // Add to Home Screen on iOS reads these from the page, not the manifest.
    const head = await page.evaluate(() => ({
      capable: document.querySelector('meta[name="apple-mobile-web-app-capable"]')?.getAttribute('content'),
      title: document.querySelector('meta[name="apple-mobile-web-app-title"]')?.getAttribute('content'),
      touchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
      theme: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    }));
    expect(head).toEqual({ capable: 'yes', title: 'Palpite', touchIcon: '/apple-touch-icon.png', theme: THEME_COLOR });
    expect((await fetch(`${server.url}/apple-touch-icon.png`)).status).toBe(200);
    expect((await fetch(`${server.url}/sw.js`)).headers.get('cache-control')).toBe('no-cache');

    // One visit: the worker takes this page over as soon as it is active (clientsClaim), and the page fetches
    // what it shows again through it: the group page opens offline without a second load.
    const kept = () => page.evaluate(async () => (await caches.has('palpite-api')) ? (await (await caches.open('palpite-api')).keys()).length : 0);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect.poll(kept, { timeout: 10_000 }).toBeGreaterThan(0);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-banner').getByText("You're offline.").waitFor();
    await page.getByRole('heading', { name: 'Offline pool' }).waitFor();
    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 10_000 });
    // The ranking and my predictions, loaded once online, are kept as they load.
    await page.getByRole('tab', { name: 'Ranking' }).click();
    await page.getByRole('link', { name: 'ana' }).waitFor();
    await page.goto(`${server.url}/group/${group.id}/predictions`);
    await page.getByRole('listitem').first().waitFor();

    // Offline: the app opens from the worker, on what was last loaded, and says so.
    await context.setOffline(true);
    await page.goto(`${server.url}/group/${group.id}`);
    await page.getByTestId('offline-banner').getByText("You're offline.").waitFor();
    await page.getByRole('heading', { name: 'Offline pool' }).waitFor();
    await page.getByRole('tab', { name: 'Ranking' }).click();
    await page.getByRole('link', { name: 'ana' }).waitFor();
    await page.goto(`${server.url}/group/${group.id}/predictions`);
    // The first match still open (the round's earlier matches may have closed today, and show no inputs).
    const card = page.getByRole('listitem').filter({ has: page.locator('input') }).first();
    await card.waitFor();
    // A score typed offline is kept; saving waits for the network.
    await card.locator('input').first().fill('2');
    await card.locator('input').nth(1).fill('0');
    const saveButton = page.getByRole('button', { name: 'Save predictions' });
    await expect(saveButton.isDisabled()).resolves.toBe(true);
    if (SHOTS) await page.screenshot({ path: 'screenshots/pwa-offline-390.png', fullPage: true });
    expect(await seriousViolations(page), 'axe offline').toEqual([]);

    // Back online: the banner goes (the page asks the server again every 5 s).
    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 10_000 });
    await saveButton.click();
    await page.getByText('✓ Saved').waitFor();

    // Signing out empties the worker's cache of this person's pages.
    expect(await kept()).toBeGreaterThan(0);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/login/);
    await expect.poll(kept, { timeout: 5_000 }).toBe(0);

    // A session that ends without signing out (expired, revoked): the next check finds nobody, and what
    // the worker kept of that person's pages goes too (a shared device).
    const signedIn = await server.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'ana@example.com', password: 'correct horse battery' } });
    await addCookieHeader(context, cookieFrom(signedIn.headers['set-cookie']), server.url);
    await page.goto(`${server.url}/group/${group.id}`);
    await page.getByRole('heading', { name: 'Offline pool' }).waitFor();
    await expect.poll(kept, { timeout: 5_000 }).toBeGreaterThan(0);
    await server.database.db.execute(sql`delete from session`);
    await context.clearCookies({ name: 'better-auth.session_data' });
    await page.reload();
    await page.waitForURL(/\/login/);
    await expect.poll(kept, { timeout: 5_000 }).toBe(0);
    await close();
  });

  it('offers a new version once it is ready, lets it wait, and reloads into it on request', async () => {
    // A server of its own, on a copy of the built app that this test can change.
    const web = mkdtempSync(join(tmpdir(), 'palpite-web-'));
    cpSync(webOutDir(), web, { recursive: true });
    const own = await startApp({}, { webDir: web });
    const { context, close } = await personWithWorker('ines', own);
    try {
      const page = context.pages()[0] ?? await context.newPage();
      const watch = await watchWorkers(context, page);
      await page.goto(`${own.url}/`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const prompt = page.getByRole('alert').filter({ hasText: 'A new version of Palpite is ready.' });
      await expect(prompt.count()).resolves.toBe(0);

      const script = join(web, 'sw.js');
      /**
       * A release: the worker's script changes (as its list of hashed files would). Served as it is now
       * (the precompressed copies would still hold the old one).
       */
      const release = (name: string) => {
        writeFileSync(script, `${readFileSync(script, 'utf8')}\n// ${name}\n`);
        for (const suffix of ['.br', '.gz']) rmSync(`${script}${suffix}`, { force: true });
      };
      /**
       * `work`, failing after 20 s with the workers' state (page.evaluate has no timeout of its own: a
       * page that stopped answering held this test to its 180-s timeout, unexplained).
       */
      const within20s = async <T>(what: string, work: Promise<T>): Promise<T> => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => { void watch.report().then((report) => reject(new Error(`${what} did not settle in 20 s: ${report}`))); }, 20_000);
        });
        try {
          return await Promise.race([work, late]);
        } finally {
          clearTimeout(timer);
        }
      };
      const update = () => within20s('registration.update()', page.evaluate(async () => { await (await navigator.serviceWorker.getRegistration())?.update(); }));
      const waiting = () => within20s('getRegistration()', page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null));
      /**
       * Presses Reload and expects the page back on the version that was waiting: active, controlling the
       * page, the prompt gone.
       */
      const reloadsOntoWaiting = async () => {
        const next = watch.waitingVersion();
        expect(next, 'a new version waiting').not.toBeNull();
        const reloaded = page.waitForEvent('load', { timeout: RELOAD_FALLBACK_MS + 30_000 });
        await prompt.getByRole('button', { name: 'Reload' }).click();
        try {
          await reloaded;
          await expect.poll(() => watch.statusOf(next!), { timeout: 10_000 }).toBe('activated');
          await page.waitForFunction(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.waiting === null && navigator.serviceWorker.controller !== null;
          }, undefined, { timeout: 10_000 });
        } catch (error) {
          throw new Error(`the page did not reload on the new version: ${await watch.report()} (${String(error).split('\n')[0]})`, { cause: error });
        }
        await expect(prompt.count()).resolves.toBe(0);
      };

      // A release reaches the page that installed the first worker (no worker controlled it when it
      // loaded, so vite-plugin-pwa's own reload would leave it on the old code): Reload brings it onto it.
      release('the next release');
      await update();
      await prompt.waitFor({ timeout: 10_000 });
      await expect(waiting()).resolves.toBe(true);
      expect(await seriousViolations(page), 'axe with the prompt').toEqual([]);
      if (SHOTS) await page.screenshot({ path: 'screenshots/pwa-update-390.png' });
      await reloadsOntoWaiting();

      // Another release. Later: the prompt goes and the new version keeps waiting, the page goes on with
      // the old one.
      release('the release after');
      await update();
      await prompt.waitFor({ timeout: 10_000 });
      await prompt.getByRole('button', { name: 'Later' }).click();
      await prompt.waitFor({ state: 'detached' });
      await expect(waiting()).resolves.toBe(true);

      // The next load offers it again; Reload brings the page onto it. Not checked here: Reload while the
      // page keeps fetching (fetches for 3 s after it). With the page's own reload after RELOAD_FALLBACK_MS
      // it came back on the new version in most runs, but in about one run in five on 2026-12-01 that
      // reload loaded nothing for over 34 s (its request for / pending, the page's event stream open, the
      // new worker active) and the page answered nothing meanwhile: not understood yet (decision 009).
      await page.reload();
      await prompt.waitFor({ timeout: 10_000 });
      await reloadsOntoWaiting();
    } finally {
      await close();
      await own.stop();
      rmSync(web, { recursive: true, force: true });
    }
  });
});

/** A service worker version as the DevTools protocol's ServiceWorker domain reports it (the fields used here). */
interface WorkerVersion { versionId: string; runningStatus: string; status: string; controlledClients?: string[] }

/**
 * What a stalled update is waiting on, for the error that says so: the requests of the page and of its
 * workers that started and have not ended, with their age in ms (first: a summary keeps a line's start),
 * then the workers' versions as Chromium's DevTools protocol reports them (status, running status, clients);
 * and each version's latest status, to tell which one took over.
 */
async function watchWorkers(context: BrowserContext, page: Page): Promise<{ report(): Promise<string>; waitingVersion(): string | null; statusOf(versionId: string): string | undefined }> {
  /** Each worker version's latest record, by version id, as Chromium reported it. */
  const versions = new Map<string, WorkerVersion>();
  const cdp = await context.newCDPSession(page);
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }: { versions: WorkerVersion[] }) => {
    for (const version of updated) versions.set(version.versionId, version);
  });
  await cdp.send('ServiceWorker.enable');
  const open = new Map<Request, number>();
  context.on('request', (request) => open.set(request, Date.now()));
  context.on('requestfinished', (request) => open.delete(request));
  context.on('requestfailed', (request) => open.delete(request));
  return {
    /** The version installed and waiting (status 'installed'), or null. */
    waitingVersion: () => [...versions.values()].find((version) => version.status === 'installed')?.versionId ?? null,
    /** A version's latest status as Chromium reported it ('installed', 'activated', 'redundant'…). */
    statusOf: (versionId) => versions.get(versionId)?.status,
    async report() {
      // The page may not answer (a reload that hangs): 2 s for it.
      const states = await Promise.race([
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return `active ${registration?.active?.state ?? 'none'}, waiting ${registration?.waiting?.state ?? 'none'}, controlled ${navigator.serviceWorker.controller !== null}`;
        }).catch((reason: unknown) => String(reason).split('\n')[0]),
        new Promise<string>((resolve) => { setTimeout(() => resolve('the page did not answer in 2 s'), 2_000); }),
      ]);
      const requests = [...open].map(([request, since]) => `${request.serviceWorker() ? 'worker' : 'page'} ${request.method()} ${new URL(request.url()).pathname} ${Date.now() - since} ms`);
      return `under way [${requests.join('; ')}]; ${states}; versions [${[...versions.values()].map((v) => `v${v.versionId} ${v.status}/${v.runningStatus} clients ${v.controlledClients?.length ?? 0}`).join('; ')}]`;
    },
  };
}
