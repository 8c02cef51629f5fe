/**
 * The guards in Chromium: every route of the specification's table × {guest, signed in, signed in
 * without a confirmed email, administrator} ends where the guards say, and axe-core finds no serious
 * violation on any screen reached. A sweep of every route (the `sweeps` project, run by .ci/run beside
 * `npm test`): the front door's journeys are in front-door.test.ts.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { user as users } from '../../src/server/db/schema';
import { addressHeld, apiUser, hasChromium, pathOf, useBrowserApp, type ApiUser, type RunningApp } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();

const ROUTES = [
  '/', '/login', '/register', '/email-verified', '/profile', '/request-password-reset', '/update-password',
  '/terms', '/privacy', '/faq', '/contact', '/admin', '/unsubscribe',
] as const;
type State = 'guest' | 'signed-in' | 'unverified' | 'admin';

/** Where each route ends for each state (path and query), from the specification's guard rules. */
function expectedEnd(route: (typeof ROUTES)[number], state: State): string {
  const guestOnly = ['/login', '/register', '/email-verified', '/request-password-reset'];
  const toLogin = `/login?redirect=${encodeURIComponent(route)}`;
  if (state === 'guest') return route === '/profile' || route === '/admin' ? toLogin : route;
  if (state === 'unverified') return [...guestOnly, '/update-password', '/'].includes(route) ? route : '/';
  if (guestOnly.includes(route)) return '/';
  if (route === '/admin') return state === 'admin' ? '/admin' : '/';
  return route;
}

/**
 * Opens `url` and waits until the guards have decided: the session check (and, signed in, the profile)
 * answered, a heading shows and the address has held still for 150 ms. Quicker than settle's wait for
 * an idle network (half a second at least, per page), which the guard test pays 52 times.
 */
async function visit(page: Page, url: string, signedIn: boolean) {
  const answered = (path: string) => page.waitForResponse((response) => new URL(response.url()).pathname === path);
  const checks = [answered('/api/auth/get-session'), ...(signedIn ? [answered('/api/me')] : [])];
  await page.goto(url);
  await Promise.all(checks);
  await page.locator('main h1').first().waitFor();
  await addressHeld(page);
}

/**
 * Whether the guard sweep of `state` runs axe on `route` (which it reached): each screen once, by the
 * first of guest, signed in, unverified, admin that reaches it, plus each state's home page (the header
 * differs by state, the rest of a screen does not). A check per state and route ran axe 35 times for 13
 * screens and cost the sweep about a third of its time.
 */
function axeChecks(route: (typeof ROUTES)[number], state: State): boolean {
  if (route === '/') return true;
  const order: State[] = ['guest', 'signed-in', 'unverified', 'admin'];
  return order.find((who) => expectedEnd(route, who) === route) === state;
}

describe.runIf(withChromium)('browser: the front door', () => {
  let server: RunningApp;
  let browser: Browser;
  const people = {} as Record<Exclude<State, 'guest'>, ApiUser>;

  useBrowserApp((s, b) => { [server, browser] = [s, b]; }, { ADMIN_EMAILS: 'boss@example.com' });
  beforeAll(async () => {
    people['signed-in'] = await apiUser(server, browser, 'regular');
    people.admin = await apiUser(server, browser, 'boss', { email: 'boss@example.com' });
    people.unverified = await apiUser(server, browser, 'pending');
    // Signed in, then the address is no longer confirmed (as after REQUIRE_EMAIL_VERIFICATION is turned on).
    await server.database.db.update(users).set({ emailVerified: false }).where(eq(users.email, people.unverified.email));
  });

  // The four people at once (each in their own browser context): a sweep waits on the network most of its
  // time, and one after another they took a minute of the suite's ten.
  it.concurrent.each(['guest', 'signed-in', 'unverified', 'admin'] as const)('sends a %s person where the guards say, on every route, with no serious axe violation', async (state) => {
    const context = state === 'guest' ? await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' }) : people[state].context;
    const page = await context.newPage();
    const ends: Record<string, string> = {};
    const violations: string[] = [];
    for (const route of ROUTES) {
      await visit(page, `${server.url}${route}`, state !== 'guest');
      ends[route] = pathOf(page);
      if (ends[route] === route && axeChecks(route, state)) {
        for (const violation of await seriousViolations(page)) violations.push(`${route}: ${violation.id} ${violation.targets.join(' ')}`);
      }
    }
    expect(ends).toEqual(Object.fromEntries(ROUTES.map((route) => [route, expectedEnd(route, state)])));
    expect(violations).toEqual([]);
    await page.close();
  });
});
