/**
 * The front door in Chromium: the /login?redirect round trip; hash-style links; the language choice
 * surviving a reload; the hamburger menu at 390 px; nothing overflowing sideways at 320 px; the password
 * reset from the mailed link; and sign-out landing on /login while the server is down. Every route × every
 * kind of person against the guards, with axe-core, is swept in guard-sweep.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { session as sessions, user as users } from '../../src/server/db/schema';
import { addressHeld, apiUser, CHROMIUM_ARGS, CHROMIUM_PATH, hasChromium, linkFromOutbox, pathOf, startApp, useBrowserApp, type ApiUser, type RunningApp } from './browser';

const withChromium = hasChromium();

/** Waits until the network is idle and the address has held still (a screen may still be loading its code). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await addressHeld(page);
}

describe.runIf(withChromium)('browser: the front door', () => {
  let server: RunningApp;
  let browser: Browser;
  const people = {} as Record<'signed-in' | 'admin', ApiUser>;

  useBrowserApp((s, b) => { [server, browser] = [s, b]; }, { ADMIN_EMAILS: 'boss@example.com' });
  beforeAll(async () => {
    people['signed-in'] = await apiUser(server, browser, 'regular');
    people.admin = await apiUser(server, browser, 'boss', { email: 'boss@example.com' });
  });

  it('takes a guest through /login?redirect= and back to the full address after signing in', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/groups?tab=discover&q=office`);
    await settle(page);
    expect(pathOf(page)).toBe(`/login?redirect=${encodeURIComponent('/groups?tab=discover&q=office')}`);
    await page.getByLabel('Email', { exact: true }).fill(people['signed-in'].email);
    await page.getByLabel('Password', { exact: true }).fill(people['signed-in'].password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/groups');
    expect(pathOf(page)).toBe('/groups?tab=discover&q=office');
    // The header shows who is signed in.
    await page.getByRole('button', { name: 'Account menu for regular' }).waitFor();
    await context.close();
  });

  it('notices within 30 s that the session ended elsewhere and asks to sign in again, coming back here after', async () => {
    const person = await apiUser(server, browser, 'revoked');
    const page = person.page;
    await page.clock.install();
    await page.goto(`${server.url}/groups`);
    await settle(page);
    const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    await server.database.db.delete(sessions).where(eq(sessions.userId, row!.id)); // signed out everywhere (a password change elsewhere)
    await page.clock.fastForward(31_000);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
    expect(pathOf(page)).toBe(`/login?redirect=${encodeURIComponent('/groups')}`);
    await person.context.close();
  });

  it('resolves hash-style addresses to their routes', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/faq`);
    await settle(page);
    expect(pathOf(page)).toBe('/faq');
    await page.goto(`${server.url}/#/update-password?token=not-a-real-token`);
    await settle(page);
    expect(pathOf(page)).toBe('/update-password?token=not-a-real-token');
    await page.getByLabel('New password').waitFor();
    await page.goto(`${server.url}/#/email-verified`);
    await settle(page);
    await page.getByRole('heading', { name: 'Nothing to confirm here' }).waitFor();
    await context.close();
  });

  it('keeps the old and alternative addresses working as redirects to their new names', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const cases: ['guest' | 'signed-in', string, string][] = [
      ['guest', '/sign-in?redirect=%2Fprofile', '/login?redirect=%2Fprofile'],
      ['guest', '/signup', '/register'],
      ['guest', '/support', '/contact'],
      ['signed-in', '/groups/new', '/create-group'],
      ['signed-in', '/join?code=ABCD-EFGH', '/join-group?code=ABCD-EFGH'],
      ['signed-in', '/join/ABCDEFGH', '/join-group?code=ABCDEFGH'],
      ['signed-in', `/groups/${id}`, `/group/${id}`],
      ['signed-in', `/group/${id}/podium`, `/group/${id}/stats`],
    ];
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    for (const [who, from, to] of cases) {
      const page = who === 'guest' ? await guest.newPage() : await people['signed-in'].context.newPage();
      await page.goto(`${server.url}${from}`);
      await page.waitForURL((url) => `${url.pathname}${url.search}` === to, { timeout: 10_000 });
      await page.close();
    }
    await guest.close();
  });

  it('keeps the chosen language across a reload, stored under userLanguage, and sets <html lang>', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/faq`);
    await settle(page);
    await page.getByRole('button', { name: 'Language: EN' }).click();
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await page.getByRole('link', { name: 'Inicio' }).first().waitFor();
    await page.reload();
    await settle(page);
    await page.getByRole('link', { name: 'Inicio' }).first().waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('userLanguage'), document.documentElement.lang])).toEqual(['es', 'es']);
    // A browser in Portuguese starts in Portuguese.
    const pt = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-PT' });
    const ptPage = await pt.newPage();
    await ptPage.goto(server.url);
    await ptPage.getByRole('link', { name: 'Início' }).first().waitFor();
    await context.close();
    await pt.close();
  });

  it('loads the landing page for a guest without a single console error (asking who is signed in is not one)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
    await page.goto(server.url);
    await settle(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes on as a guest with the specification\'s message when the session check fails, and retries on request', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    let failing = true;
    await page.route('**/api/auth/get-session*', (route) => (failing ? route.fulfill({ status: 503, body: '' }) : route.continue()));
    await page.goto(`${server.url}/faq`);
    await page.getByRole('alert').filter({ hasText: 'Failed to initialize auth' }).waitFor();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    // The retried check answers: the message goes (waited for, not read at once: the answer takes a moment).
    await page.getByRole('alert').filter({ hasText: 'Failed to initialize auth' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('retries a failed profile load after a second, up to three attempts, then uses the fallback profile', async () => {
    const person = await apiUser(server, browser, 'retried_person', { email: 'retried.one@example.com' });
    const attempts: number[] = [];
    let failures = 2;
    await person.page.route('**/api/me', (route) => {
      attempts.push(Date.now());
      return failures-- > 0 ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"id":"internal","message":"x"}}' }) : route.continue();
    });
    await person.page.goto(server.url);
    await person.page.getByRole('button', { name: 'Account menu for retried_person' }).waitFor();
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    // Three failures in a row: the fallback profile (username from the email).
    const other = await apiUser(server, browser, 'never_loads', { email: 'never.loads@example.com' });
    let calls = 0;
    await other.page.route('**/api/me', (route) => { calls += 1; return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"id":"internal","message":"x"}}' }); });
    await other.page.goto(server.url);
    await other.page.getByRole('button', { name: 'Account menu for never.loads' }).waitFor({ timeout: 15_000 });
    expect(calls).toBe(3);
    await person.context.close();
    await other.context.close();
  });

  it('uses the fallback profile when the profile answers 406 (username from the email, Regular User)', async () => {
    const person = await apiUser(server, browser, 'fallback_person', { email: 'fallen.back@example.com' });
    await person.page.route('**/api/me', (route) => route.fulfill({ status: 406, contentType: 'application/json', body: '{"error":{"id":"not_found","message":"x"}}' }));
    await person.page.goto(server.url);
    await settle(person.page);
    await person.page.getByRole('button', { name: 'Account menu for fallen.back' }).waitFor();
    await person.context.close();
  });

  it('moves a choice kept under the old key to userLanguage, and a signed-in choice follows the person to another device', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await context.addInitScript(() => { if (!sessionStorage.getItem('seeded')) { localStorage.setItem('palpite.language', 'es'); sessionStorage.setItem('seeded', '1'); } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('link', { name: 'Inicio' }).first().waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('userLanguage'), localStorage.getItem('palpite.language')])).toEqual(['es', null]);
    await context.close();

    const person = await apiUser(server, browser, 'traveller');
    await person.page.goto(server.url);
    await settle(person.page);
    await person.page.getByRole('button', { name: 'Account menu for traveller' }).click();
    await person.page.getByRole('menuitemradio', { name: 'Português (Brasil)' }).click();
    await person.page.getByRole('button', { name: 'Menu da conta de traveller' }).waitFor();
    await expect.poll(async () => (await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } })).json().user.language).toBe('pt-BR');
    // Another device, in an English browser: the profile's language wins once signed in.
    const other = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await other.addCookies(person.cookie.split('; ').map((pair) => ({ name: pair.split('=')[0]!, value: pair.slice(pair.indexOf('=') + 1), url: server.url })));
    const otherPage = await other.newPage();
    await otherPage.goto(server.url);
    await otherPage.getByRole('button', { name: 'Menu da conta de traveller' }).waitFor();
    await other.close();
    await person.context.close();
  });

  it('folds the navigation into a hamburger menu at 390 px, with Admin only for an administrator', async () => {
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await guest.newPage();
    await page.goto(server.url);
    await settle(page);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem').first().waitFor();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Home', 'Contact', 'FAQ', 'Login', 'Sign Up']);
    await page.getByRole('menuitem', { name: 'FAQ' }).click();
    await page.waitForURL((url) => url.pathname === '/faq');
    await guest.close();

    for (const [who, admin] of [['signed-in', false], ['admin', true]] as const) {
      const mobile = await people[who].context.newPage();
      await mobile.setViewportSize({ width: 390, height: 844 });
      await mobile.goto(server.url);
      await settle(mobile);
      await mobile.getByRole('button', { name: 'Menu', exact: true }).click();
      await mobile.getByRole('menuitem').first().waitFor();
      const links = await mobile.getByRole('menuitem').allTextContents();
      expect(links, who).toEqual(admin ? ['Home', 'My groups', 'Contact', 'FAQ', 'Admin'] : ['Home', 'My groups', 'Contact', 'FAQ']);
      await mobile.keyboard.press('Escape');
      // The profile menu sits beside it.
      await mobile.getByRole('button', { name: /^Account menu for / }).click();
      await mobile.getByRole('menuitem').first().waitFor();
      await expect(mobile.getByRole('menuitem').allTextContents()).resolves.toEqual(['Profile', 'Logout']);
      await mobile.close();
    }
  });

  it('lets nothing overflow sideways at 320 px, whatever people type', async () => {
    const long = await apiUser(server, browser, `a${'x'.repeat(28)}`);
    await server.database.db.update(users).set({ name: `Wolfeschlegelsteinhausenbergerdorff ${'https://example.com/'.repeat(4)}` }).where(eq(users.email, long.email));
    const page = await long.context.newPage();
    await page.setViewportSize({ width: 320, height: 700 });
    const overflowing: string[] = [];
    for (const route of ['/', '/login', '/register', '/faq', '/terms', '/privacy', '/contact', '/profile', '/groups', '/unsubscribe?token=x', '/nope']) {
      await page.goto(`${server.url}${route}`);
      await settle(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) overflowing.push(`${route}: ${overflow}px`);
    }
    expect(overflowing).toEqual([]);
  });

  it('resets a forgotten password from the mailed link, then signs in with the new one', async () => {
    const person = await apiUser(server, browser, 'forgetful');
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await settle(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The reset page's own form, not the sign-in form's Email field (same label) while its screen loads:
    // filled there, the reset form was sent empty under CI load ("This field is required").
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await settle(page);
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByText('If an account exists for this email').waitFor().catch(async (error: Error) => {
      // Say what the page showed instead (a flake in CI once: this names its cause next time).
      throw new Error(`${error.message}\nThe page said: ${(await page.locator('main').innerText().catch(() => '?')).slice(0, 500)}`);
    });
    const link = await linkFromOutbox(server.dataDir, person.email, 5000, (l) => l.includes('update-password'));
    expect(link).toMatch(/\/#\/update-password\?token=/);
    await page.goto(link);
    await page.getByLabel('New password').fill('a whole new secret');
    await page.getByLabel('Confirm password').fill('a whole new secret');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Your password was updated').waitFor();
    // The session the person had elsewhere ended.
    const before = await person.page.goto(`${server.url}/api/me`);
    expect(before?.status()).toBe(401);
    await page.getByRole('link', { name: 'Login' }).last().click();
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill('a whole new secret');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account menu for forgetful' }).waitFor();
    await context.close();
  });

  it('signs out to /login even when the server is down, clearing what the app kept', async () => {
    const own = await startApp();
    const profile = mkdtempSync(join(tmpdir(), 'palpite-leaving-'));
    try {
      // The installed app as a phone has it: its service worker keeps the app's code (the menus and the
      // sign-in screen included), so the page needs no server to sign out.
      const person = await apiUser(own, browser, 'leaving');
      const cookies = await person.context.cookies();
      await person.context.close();
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, viewport: { width: 390, height: 844 }, locale: 'en-US', serviceWorkers: 'allow',
      });
      await context.addCookies(cookies);
      const page = context.pages()[0] ?? await context.newPage();
      await page.goto(`${own.url}/profile`);
      await settle(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
      await page.evaluate(() => sessionStorage.setItem('palpite.draft', 'x'));
      await own.app.close(); // the server goes away; the app in the page stays
      await page.getByRole('button', { name: 'Account menu for leaving' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      expect(pathOf(page)).toBe('/login'); // from a signed-in page too: no redirect back added
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      await page.getByRole('heading', { name: 'Sign in to Palpite' }).waitFor();
      await context.close();
    } finally {
      await own.database.close();
      rmSync(own.dataDir, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
