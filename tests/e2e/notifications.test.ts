/**
 * Reminders and notifications in a real browser. On /profile: this device's permission, read
 * without asking ('Not asked yet', then 'Allowed' once granted); turning push on here subscribes with the
 * server's VAPID key and registers the device (the browser's PushManager is stubbed: a real subscription
 * needs Google's push service, which this closed network cannot reach), a push message delivered to the
 * service worker (DevTools protocol) is shown as a notification by push-sw.js, turning it off and signing
 * out forget the device; preferences are saved and kept. The public /unsubscribe page turns email
 * reminders off with a mail's signed token and explains a bad one. SCREENSHOTS=1 saves 390 and 1280 px.
 */
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../src/server/db/schema';
import { unsubscribeToken } from '../../src/server/modules/notifications/unsubscribe-token';
import { apiUser, hasChromium, type RunningApp, useBrowserApp, shoot } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
/** The secret the app signs unsubscribe tokens with (Better Auth's), fixed here so the test can sign one. */
const SECRET = 'e2e-notifications-secret-0123456789abcdef';

const FAKE_SUBSCRIPTION = { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'xyz' } };

/**
 * Replaces the browser's PushManager with one that subscribes without a push service: it records what
 * subscribe() was given (window.__subscribeOptions) and remembers the subscription in localStorage (sign-out clears sessionStorage), so a
 * reload still finds it, as a real one would.
 */
function stubPushManager(subscription: typeof FAKE_SUBSCRIPTION) {
  const KEY = 'e2e.fakePushSubscription';
  const make = () => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key instanceof Uint8Array ? Array.from(key as Uint8Array) : key instanceof ArrayBuffer ? Array.from(new Uint8Array(key)) : null;
    (window as unknown as { __subscribeOptions: unknown }).__subscribeOptions = { userVisibleOnly: options?.userVisibleOnly ?? false, key: bytes };
    localStorage.setItem(KEY, '1');
    return make() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function getSubscription() {
    return (localStorage.getItem(KEY) ? make() : null) as PushSubscription | null;
  };
}

describe.runIf(withChromium)('browser: notifications', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; }, { BETTER_AUTH_SECRET: SECRET });

  const settings = async (cookie: string) => (await server.app.inject({ method: 'GET', url: '/api/me/notifications', headers: { cookie } })).json();
  const userIdOf = async (cookie: string) => (await server.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user.id as string;
  const devicesOf = async (userId: string) => server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  /** A signed-in person in a context that lets the service worker run (apiUser's blocks it). */
  async function personWithWorker(username: string, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page; cookie: string }> {
    const person = await apiUser(server, browser, username);
    const cookies = await person.context.cookies();
    await person.context.close();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, serviceWorkers: 'allow' });
    await context.addCookies(cookies);
    return { context, page: await context.newPage(), cookie: person.cookie };
  }

  it('shows the permission, turns push on and off on this device, shows a push, keeps preferences and forgets the device at sign-out', async () => {
    const { context, page, cookie } = await personWithWorker('nina');
    const userId = await userIdOf(cookie);
    await context.addInitScript(stubPushManager, FAKE_SUBSCRIPTION);
    // Every request for the permission is counted (per page load), so asking on load cannot go unnoticed.
    await context.addInitScript(() => {
      const ask = Notification.requestPermission.bind(Notification);
      const counted = window as unknown as { __permissionAsks: number };
      counted.__permissionAsks = 0;
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        counted.__permissionAsks += 1;
        return ask(...args);
      };
    });
    const asks = () => page.evaluate(() => (window as unknown as { __permissionAsks: number }).__permissionAsks);

    // Neither the home page nor the profile asks on load.
    await page.goto(`${server.url}/`);
    await page.waitForLoadState('networkidle');
    expect(await asks()).toBe(0);
    await page.goto(`${server.url}/profile`);
    const section = page.getByRole('region', { name: 'Notifications', exact: true });
    await section.waitFor();
    // Read at load, never asked for: the browser has not been asked yet.
    await expect(section.getByTestId('push-permission').textContent()).resolves.toBe('Not asked yet');
    await section.getByText("Off: this device doesn't get push notifications.").waitFor();
    await section.getByRole('button', { name: 'Turn on notifications on this device' }).waitFor();
    expect(await asks()).toBe(0);
    expect(await seriousViolations(page), 'axe profile').toEqual([]);
    await shoot(page, 'notifications-01-profile');

    // The person allows notifications (the browser's prompt answered in advance).
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.reload();
    await expect(section.getByTestId('push-permission').textContent()).resolves.toBe('Allowed');
    expect(await asks()).toBe(0);
    await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await section.getByText('On: this device gets push notifications.').waitFor();
    expect(await asks()).toBe(1); // asked from the button, once
    await section.getByRole('button', { name: 'Turn off on this device' }).waitFor();
    await section.getByText('You get push notifications on 1 device.').waitFor();

    // Subscribed with the server's key (65 bytes of a P-256 point, decoded from base64url), messages shown to the person.
    const { vapidPublicKey, pushDevices } = await settings(cookie);
    expect(pushDevices).toBe(1);
    const options = await page.evaluate(() => (window as unknown as { __subscribeOptions: { userVisibleOnly: boolean; key: number[] } }).__subscribeOptions);
    expect(options.userVisibleOnly).toBe(true);
    expect(options.key).toEqual([...Buffer.from(vapidPublicKey, 'base64url')]);
    expect(options.key).toHaveLength(65);
    const stored = await devicesOf(userId);
    expect(stored.map(({ endpoint, p256dh, auth }) => ({ endpoint, keys: { p256dh, auth } }))).toEqual([FAKE_SUBSCRIPTION]);
    await shoot(page, 'notifications-02-on');

    // A push message reaches the service worker (/sw.js imports push-sw.js), which shows it.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const ours = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const payload = { kind: 'deadline', title: '3 matches close soon', body: 'Office Pool: predict before 18:00', url: '/group/abc', tag: 'deadline:abc:5' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId: await registrationId, data: JSON.stringify(payload) });
    const shown = () => page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as unknown }));
    });
    await expect.poll(shown, { timeout: 5_000 }).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, icon: `${server.url}/icons/icon-192.png`, data: { url: '/group/abc' } }]);
    await cdp.detach();

    // Off here: the server forgets the device; on again.
    await section.getByRole('button', { name: 'Turn off on this device' }).click();
    await section.getByText("Off: this device doesn't get push notifications.").waitFor();
    expect((await settings(cookie)).pushDevices).toBe(0);
    await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await section.getByText('On: this device gets push notifications.').waitFor();
    expect(await asks()).toBe(2); // each press asks (the browser answers at once when already allowed)
    expect((await settings(cookie)).pushDevices).toBe(1);

    // Preferences: goals by push are opt-in; ticked and saved, they stay ticked.
    const push = section.getByRole('group', { name: 'Push notifications' });
    const goals = push.getByRole('checkbox', { name: 'Goals in matches I predicted' });
    await expect(goals.isChecked()).resolves.toBe(false);
    await expect(push.getByRole('checkbox', { name: 'Deadline reminders' }).isChecked()).resolves.toBe(true);
    await goals.check();
    // The toast watched from before the click, as in clickForToast.
    const savedToast = page.getByRole('status').filter({ hasText: 'Notification settings saved' }).first().waitFor();
    await section.getByRole('button', { name: 'Save notification settings' }).click();
    await savedToast;
    expect((await settings(cookie)).preferences.push.goals).toBe(true);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Notifications', exact: true }).getByRole('group', { name: 'Push notifications' })
      .getByRole('checkbox', { name: 'Goals in matches I predicted' }).isChecked()).resolves.toBe(true);
    await section.getByText('On: this device gets push notifications.').waitFor();

    // Signing out turns push off on this device (a shared device must not get this person's notifications).
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/login/);
    await expect.poll(async () => (await devicesOf(userId)).length, { timeout: 5_000 }).toBe(0);
    await expect(page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).resolves.toBe(true);
    await context.close();
  });

  it('shows the section in Portuguese and Spanish', async () => {
    for (const [locale, title, state, button] of [
      ['pt-BR', 'Notificações', 'Ainda não solicitada', 'Ativar notificações neste aparelho'],
      ['es', 'Notificaciones', 'Aún no solicitado', 'Activar notificaciones en este dispositivo'],
    ] as const) {
      const { context, page } = await personWithWorker(`lang${locale.replace('-', '').toLowerCase()}`, locale);
      await page.goto(`${server.url}/profile`);
      const section = page.getByRole('region', { name: title, exact: true });
      await expect(section.getByTestId('push-permission').textContent()).resolves.toBe(state);
      await section.getByRole('button', { name: button }).waitFor();
      await context.close();
    }
  });

  it('unsubscribes from email reminders with a signed link, and explains a bad one', async () => {
    const person = await apiUser(server, browser, 'otto');
    const userId = await userIdOf(person.cookie);
    expect((await settings(person.cookie)).preferences.email.deadline).toBe(true);

    // A mail's link opened where nobody is signed in (a mail app's browser).
    const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await guest.newPage();
    await page.goto(`${server.url}/unsubscribe?token=not-a-token-we-signed.abc`);
    await page.getByRole('heading', { name: "This link doesn't work" }).waitFor();
    await page.getByRole('alert').getByText('This unsubscribe link is not valid.').waitFor();
    // A token signed for someone else's secret is refused too.
    await page.goto(`${server.url}/unsubscribe?token=${encodeURIComponent(unsubscribeToken('another-secret-another-secret-1234', userId, 'deadline'))}`);
    await page.getByRole('heading', { name: "This link doesn't work" }).waitFor();
    expect((await settings(person.cookie)).preferences.email.deadline).toBe(true);
    await shoot(page, 'notifications-03-unsubscribe-invalid');

    await page.goto(`${server.url}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(SECRET, userId, 'deadline'))}`);
    await page.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
    await page.getByText("You won't get deadline reminders by email any more.").waitFor();
    expect((await settings(person.cookie)).preferences.email).toEqual({ deadline: false, results: false });
    expect(await seriousViolations(page), 'axe unsubscribe').toEqual([]);
    await shoot(page, 'notifications-04-unsubscribed');
    const signIn = page.getByRole('link', { name: 'Sign in to change your notification settings' });
    expect(await signIn.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/profile#notifications')}`);
    await guest.close();

    // Signed in, the link leads to the settings, where the email reminder is now off.
    await person.page.goto(`${server.url}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(SECRET, userId, 'results'))}`);
    await person.page.getByText("You won't get results by email any more.").waitFor();
    await person.page.getByRole('link', { name: 'Notification settings' }).click();
    await person.page.waitForURL(/\/profile#notifications$/);
    const email = person.page.getByRole('region', { name: 'Notifications', exact: true }).getByRole('group', { name: 'By email' });
    await expect(email.getByRole('checkbox', { name: 'Deadline reminders' }).isChecked()).resolves.toBe(false);
    await expect(email.getByRole('checkbox', { name: 'Results' }).isChecked()).resolves.toBe(false);
    await person.context.close();
  });

  it('gives up turning push on after 10 s when the browser\'s push service does not answer, and says so', async () => {
    const { context, page } = await personWithWorker('oscar');
    await context.grantPermissions(['notifications'], { origin: server.url });
    // A push service nobody can reach: the browser's subscribe() never settles (as on a closed network).
    await context.addInitScript(() => {
      PushManager.prototype.subscribe = () => {
        (window as unknown as { __subscribing: boolean }).__subscribing = true;
        return new Promise<PushSubscription>(() => {});
      };
      PushManager.prototype.getSubscription = async () => null;
    });
    await page.clock.install();
    await page.goto(`${server.url}/profile`);
    const section = page.getByRole('region', { name: 'Notifications', exact: true });
    await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await section.getByRole('button', { name: 'Turning on…' }).waitFor();
    // The time limit runs from the browser's subscribe() on (the service worker may take a moment first).
    await expect.poll(() => page.evaluate(() => (window as unknown as { __subscribing?: boolean }).__subscribing === true)).toBe(true);
    await page.clock.fastForward(9_000);
    await expect(section.getByRole('button', { name: 'Turning on…' }).isVisible()).resolves.toBe(true);
    await page.clock.fastForward(1_500);
    await section.getByRole('alert').filter({ hasText: "The browser's push service did not answer in 10 seconds" }).waitFor();
    await section.getByRole('button', { name: 'Turn on notifications on this device' }).waitFor();
    await section.getByText("Off: this device doesn't get push notifications.").waitFor();
    await context.close();
  });
});
