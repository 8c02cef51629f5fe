/**
 * The administrators' people, groups and teams in Chromium. The administrator finds a member by email
 * and disables them — the member's open session is refused at the next reload and their sign-in fails —
 * then enables them again; promotes and demotes them; resends a confirmation mail to someone who has not
 * confirmed; cannot disable or demote their own account (the buttons say why). Finds a group by its
 * owner, deactivates and reactivates it, and deletes another after typing its name; 'Invalid Group ID.'
 * for an id that is no UUID. Edits a team's code (a wrong one refused on its field), adds and removes
 * one of its other names, and uploads a crest (a PNG made here; bytes that are no image refused), seen in
 * the dialog's preview and the list. Nothing overflows sideways at 320, 390 or 1280 px; axe finds no serious
 * violation; SCREENSHOTS=1 saves each screen at 390 px and 1280 px into ./screenshots.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apiUser, clickForToast, hasChromium, type ApiUser, type RunningApp, useBrowserApp } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const SHOTS = process.env.SCREENSHOTS === '1';
const ADMIN_EMAIL = 'boss@example.com';

describe.runIf(withChromium)('browser: the administrators\' people, groups and teams', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; }, { ADMIN_EMAILS: ADMIN_EMAIL, SYNC: 'false' });

  const size = (page: Page, width: number) => page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  /** At 390 px and 1280 px: no sideways overflow, no serious axe violation, and a screenshot with SCREENSHOTS=1. */
  async function check(page: Page, name: string, widths = [390, 1280]) {
    for (const width of widths) {
      await size(page, width);
      await page.waitForTimeout(100);
      expect(await overflow(page), `${name} at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${name} at ${width} px: axe`).toEqual([]);
      if (SHOTS) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `screenshots/admin-people-${name}-${width}.png`, fullPage: true });
      }
    }
  }

  /** An open dialog at 390 px and 1280 px: axe, and a screenshot of the window with SCREENSHOTS=1. */
  async function checkDialog(page: Page, name: string) {
    for (const width of [390, 1280]) {
      await size(page, width);
      await page.waitForTimeout(100);
      expect(await seriousViolations(page), `${name} dialog at ${width} px: axe`).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `screenshots/admin-people-${name}-${width}.png` });
    }
  }

  const api = (who: ApiUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  /** How many mails the outbox holds for `email`. */
  const mailsTo = (email: string) => {
    const outbox = join(server.dataDir, 'outbox');
    return existsSync(outbox) ? readdirSync(outbox).filter((file) => readFileSync(join(outbox, file), 'utf8').includes(`To: ${email}`)).length : 0;
  };

  let boss: ApiUser;
  let mia: ApiUser;

  it('finds a member, disables them (their session ends, their sign-in fails) and enables them again', async () => {
    boss = await apiUser(server, browser, 'boss', { email: ADMIN_EMAIL });
    mia = await apiUser(server, browser, 'mia');
    const page = boss.page;

    // Mia is signed in, on a page of her own.
    await mia.page.goto(`${server.url}/groups`);
    await mia.page.locator('main h1').first().waitFor();
    expect(new URL(mia.page.url()).pathname).toBe('/groups');

    // The administrator finds her by email (debounced: the address follows once typing pauses).
    await size(page, 1280);
    await page.goto(`${server.url}/admin/users`);
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('status').filter({ hasText: /^2 people$/ }).waitFor();
    await page.getByRole('table', { name: 'Users' }).waitFor();
    await check(page, 'users');
    await size(page, 1280);
    await page.getByLabel('Search people').fill('mia@example.com');
    await page.waitForURL((url) => url.searchParams.get('q') === 'mia@example.com');
    await page.getByRole('status').filter({ hasText: /^1 person$/ }).waitFor();
    const row = page.getByRole('row', { name: /mia/ });
    await row.getByText('mia@example.com').waitFor();
    await row.getByText('Email confirmed').waitFor();
    await row.getByText('Regular user').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // Sorting by a column heading puts the order in the address.
    await page.getByRole('button', { name: /^Username/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'username' && url.searchParams.get('order') === 'asc');
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Username' }).waitFor();

    await row.getByRole('link', { name: 'mia' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin/users/'));
    await page.getByRole('heading', { level: 1, name: 'mia' }).waitFor();
    await page.getByText('Not a member of any group.').waitFor();

    // Disabled after a confirmation that says what happens.
    await page.getByRole('button', { name: 'Disable account' }).click();
    const disable = page.getByRole('dialog', { name: 'Disable mia?' });
    await disable.getByText(/Their sessions end now, on every device, and they cannot sign in/).waitFor();
    await checkDialog(page, 'disable');
    await clickForToast(page, disable.getByRole('button', { name: 'Disable account' }), 'mia is disabled and signed out everywhere.');
    await disable.waitFor({ state: 'detached' });
    await page.getByText('This account is disabled: they cannot sign in until it is enabled again.').waitFor();
    await page.getByRole('button', { name: 'Enable account' }).waitFor();
    const miaId = new URL(page.url()).pathname.split('/').pop()!;
    expect(((await api(boss, 'GET', `/api/admin/users/${miaId}`)).json() as { user: { disabled: boolean } }).user.disabled).toBe(true);

    // Her open session is refused: a reload lands on the sign-in page; signing in again fails.
    await mia.page.reload();
    await mia.page.waitForURL((url) => url.pathname === '/login');
    await mia.page.getByLabel('Email').fill(mia.email);
    await mia.page.getByLabel('Password', { exact: true }).fill(mia.password);
    await mia.page.getByRole('button', { name: 'Login' }).click();
    await mia.page.getByRole('alert').filter({ hasText: 'Failed to sign in. Please check your credentials.' }).waitFor();
    expect(new URL(mia.page.url()).pathname).toBe('/login');
    await check(page, 'user-disabled');

    // Enabled again: she can sign in.
    await size(page, 1280);
    await page.getByRole('button', { name: 'Enable account' }).click();
    const enable = page.getByRole('dialog', { name: 'Enable mia?' });
    await clickForToast(page, enable.getByRole('button', { name: 'Enable account' }), 'mia can sign in again.');
    await enable.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Disable account' }).waitFor();
    await mia.page.getByRole('button', { name: 'Login' }).click();
    await mia.page.waitForURL((url) => url.pathname === '/groups');
    const signIn = await server.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: mia.email, password: mia.password } });
    expect(signIn.statusCode).toBe(200);
    mia.cookie = (signIn.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]!).join('; ');

    // A role change, confirmed both ways.
    await page.getByRole('button', { name: 'Make platform administrator' }).click();
    const promote = page.getByRole('dialog', { name: 'Make mia a platform administrator?' });
    await clickForToast(page, promote.getByRole('button', { name: 'Change role' }), 'mia is now: Platform administrator.');
    await promote.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Make regular user' }).click();
    const demote = page.getByRole('dialog', { name: 'Make mia a regular user?' });
    await demote.getByRole('button', { name: 'Change role' }).click();
    await demote.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Make platform administrator' }).waitFor();
    await check(page, 'user');
  });

  it('keeps the administrator from disabling or demoting themselves, and resends a confirmation mail', async () => {
    const page = boss.page;
    await size(page, 1280);
    await page.goto(`${server.url}/admin/users?q=boss`);
    await page.getByRole('row', { name: /boss/ }).getByRole('link', { name: 'boss' }).click();
    await page.getByRole('heading', { level: 1, name: 'boss' }).waitFor();
    const reason = 'This is your own account: you cannot disable it or give up your administrator role. Another administrator can.';
    await page.getByText(reason).waitFor();
    for (const name of ['Disable account', 'Make regular user']) {
      const button = page.getByRole('button', { name });
      await expect(button.isDisabled(), name).resolves.toBe(true);
      await expect(button.evaluate((node) => document.getElementById(node.getAttribute('aria-describedby') ?? '')?.textContent)).resolves.toBe(reason);
    }
    await check(page, 'user-self');

    // Someone who never confirmed their address: a new link goes to them.
    const signUp = await server.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'nova@example.com', password: 'correct horse battery', username: 'nova', name: 'Nova' } });
    expect(signUp.statusCode).toBe(200);
    await expect.poll(() => mailsTo('nova@example.com')).toBe(1);
    await size(page, 390);
    await page.goto(`${server.url}/admin/users`);
    await page.getByLabel('Search people').fill('nova');
    // The search is debounced: the full list (nova's card in it) stays until its answer replaces it, and a
    // click on the card as the list is replaced can land on nothing. Wait for the answer: nova alone.
    const cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(1);
    const card = cards.filter({ hasText: 'nova@example.com' });
    await card.getByText('Not confirmed').waitFor();
    await card.getByRole('link', { name: 'nova' }).click();
    await page.getByRole('heading', { level: 1, name: 'nova' }).waitFor();
    await clickForToast(page, page.getByRole('button', { name: 'Resend verification email' }), 'A new confirmation link was sent to nova@example.com.');
    await expect.poll(() => mailsTo('nova@example.com')).toBe(2);
  });

  it('finds a group by its owner, deactivates and reactivates it, and deletes another after typing its name', async () => {
    const ze = await apiUser(server, browser, 'zeca');
    const leagueId = ((await api(mia, 'GET', '/api/leagues')).json() as { leagues: { id: string }[] }).leagues[0]!.id;
    const created = async (who: ApiUser, name: string) => ((await api(who, 'POST', '/api/groups', { name, leagueId })).json() as { group: { id: string; inviteCode: string } }).group;
    const miaPool = await created(mia, 'Mia Pool');
    const doomed = await created(ze, 'Doomed Pool');
    expect((await api(mia, 'POST', '/api/groups/join', { inviteCode: doomed.inviteCode })).statusCode).toBe(200);

    const page = boss.page;
    await size(page, 1280);
    await page.goto(`${server.url}/admin/groups`);
    await page.getByRole('heading', { level: 1, name: 'Groups' }).waitFor();
    await page.getByRole('status').filter({ hasText: /^2 groups$/ }).waitFor();
    await check(page, 'groups');

    // Found by its owner's name.
    await size(page, 1280);
    await page.getByLabel('Search groups').fill('mia');
    await page.waitForURL((url) => url.searchParams.get('q') === 'mia');
    await page.getByRole('status').filter({ hasText: /^1 group$/ }).waitFor();
    const row = page.getByRole('row', { name: /Mia Pool/ });
    await row.getByText('Palpite Demo League').waitFor();
    await row.getByRole('link', { name: 'Mia Pool' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/groups/${miaPool.id}`);
    await page.getByRole('heading', { level: 1, name: 'Mia Pool' }).waitFor();
    const members = page.getByRole('list', { name: 'Members (1)' });
    await members.getByRole('link', { name: 'mia' }).waitFor();
    await members.getByText('Owner').waitFor();

    // Deactivated, then reactivated.
    await clickForToast(page, page.getByRole('button', { name: 'Deactivate group' }), 'Mia Pool is deactivated.');
    await page.getByText('This group is deactivated: read-only for its members, no predictions, no one joins.').waitFor();
    expect(((await api(mia, 'GET', `/api/groups/${miaPool.id}`)).json() as { group: { status: string } }).group.status).toBe('deactivated');
    await check(page, 'group-deactivated');
    await size(page, 1280);
    await clickForToast(page, page.getByRole('button', { name: 'Reactivate group' }), 'Mia Pool is active again.');
    await page.getByRole('button', { name: 'Deactivate group' }).waitFor();
    expect(((await api(mia, 'GET', `/api/groups/${miaPool.id}`)).json() as { group: { status: string } }).group.status).toBe('active');
    await check(page, 'group');

    // The other group, deleted once its name is typed.
    await size(page, 390);
    await page.goto(`${server.url}/admin/groups/${doomed.id}`);
    await page.getByRole('heading', { level: 1, name: 'Doomed Pool' }).waitFor();
    await page.getByRole('list', { name: 'Members (2)' }).waitFor();
    await page.getByRole('button', { name: 'Delete group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Doomed Pool?' });
    const confirm = dialog.getByRole('button', { name: 'Delete for good' });
    await dialog.getByLabel('Group name').fill('Doomed');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Group name').fill('Doomed Pool');
    await expect(confirm.isDisabled()).resolves.toBe(false);
    await checkDialog(page, 'delete-group');
    await clickForToast(page, confirm, 'Doomed Pool was deleted.');
    await page.waitForURL((url) => url.pathname === '/admin/groups');
    await page.getByRole('status').filter({ hasText: /^1 group$/ }).waitFor();
    expect((await api(boss, 'GET', `/api/admin/groups/${doomed.id}`)).statusCode).toBe(404);

    // An id that is no UUID, and an unknown one.
    await page.goto(`${server.url}/admin/groups/not-a-uuid`);
    await page.getByRole('alert').filter({ hasText: 'Invalid Group ID.' }).waitFor();
    await page.goto(`${server.url}/admin/groups/${doomed.id}`);
    await page.getByRole('alert').filter({ hasText: 'This group does not exist.' }).waitFor();
    await ze.context.close();
  });

  it('edits a team\'s code, adds and removes one of its other names, and uploads its crest', async () => {
    const page = boss.page;
    await size(page, 1280);
    await page.goto(`${server.url}/admin/teams`);
    await page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
    await page.getByRole('status').filter({ hasText: /^8 teams$/ }).waitFor();
    await check(page, 'teams');

    await size(page, 1280);
    await page.getByLabel('Search teams').fill('aurora');
    await page.getByRole('status').filter({ hasText: /^1 team$/ }).waitFor();
    const row = page.getByRole('row', { name: /Atlético Aurora/ });
    await row.getByRole('cell', { name: 'AUR', exact: true }).waitFor();
    await row.getByRole('button', { name: 'Edit Atlético Aurora' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Atlético Aurora' });

    // Another team's name is refused on its field; a code that is no code too; then the code is saved.
    const name = dialog.getByLabel('Name', { exact: true });
    await name.fill('Real Horizonte');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Another team already has this name, or uses it as one of its other names.').waitFor();
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await name.fill('Atlético Aurora');
    const code = dialog.getByLabel('Three-letter code');
    await code.fill('at');
    await expect(code.inputValue()).resolves.toBe('AT');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Enter three capital letters, such as BRA, or leave it empty.').waitFor();
    await expect(code.getAttribute('aria-invalid')).resolves.toBe('true');
    await code.fill('ata');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Changes saved.' }).waitFor();
    await expect(dialog.getByRole('button', { name: 'Save changes' }).isDisabled()).resolves.toBe(true);

    // Another name: added (stored lower-cased), found by search, refused for another team's name, removed.
    const other = dialog.getByLabel('Add another name');
    await other.fill('Aurora FC');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: '“Aurora FC” added.' }).waitFor();
    const chips = dialog.getByRole('list', { name: 'Other names' });
    await chips.getByRole('listitem').filter({ hasText: 'aurora fc' }).waitFor();
    await other.fill('Real Horizonte');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Another team already has this name, or uses it as one of its other names.').waitFor();
    await other.fill('');
    await checkDialog(page, 'team-edit');
    await size(page, 1280);
    await dialog.getByRole('button', { name: 'Remove the name aurora fc' }).click();
    await dialog.getByRole('status').filter({ hasText: '“aurora fc” removed.' }).waitFor();
    await dialog.getByText('No other names yet.').waitFor();

    // A crest from a file: bytes that are no image refused with the server's word; a PNG made here uploaded
    // (the button busy meanwhile), its address the uploaded image's, shown by the preview.
    const file = dialog.locator('input[type="file"]');
    const address = dialog.getByLabel('Crest address');
    await expect(address.inputValue()).resolves.toBe('');
    await file.setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await dialog.getByText('Choose a JPEG, PNG or WebP image.').waitFor();
    await expect(file.getAttribute('aria-invalid')).resolves.toBe('true');
    const png = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 21, g: 128, b: 61, alpha: 1 } } }).png().toBuffer();
    await page.route('**/api/admin/teams/*/crest', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await file.setInputFiles({ name: 'crest.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('Uploading…').waitFor();
    await expect(file.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('status').filter({ hasText: 'Crest uploaded.' }).waitFor();
    await page.unroute('**/api/admin/teams/*/crest');
    await expect(dialog.getByText('Choose a JPEG, PNG or WebP image.').count()).resolves.toBe(0);
    await expect(file.isDisabled()).resolves.toBe(false);
    const uploaded = await address.inputValue();
    expect(uploaded).toMatch(/^\/api\/teams\/[0-9a-f-]{36}\/crest\?v=\d+$/);
    await dialog.getByText('An uploaded image. Upload another, or type an https:// address instead; empty for none.').waitFor();
    const preview = dialog.locator('figure img');
    await expect(preview.getAttribute('src')).resolves.toBe(uploaded);
    // Stored fitted into 256 × 256 px.
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(256);
    await expect(dialog.getByRole('button', { name: 'Save changes' }).isDisabled()).resolves.toBe(true);
    await size(page, 390);
    expect(await overflow(page), 'team crest dialog at 390 px: sideways overflow').toBeLessThanOrEqual(0);
    await checkDialog(page, 'team-crest');
    await size(page, 1280);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: 'ATA', exact: true }).waitFor();
    const listed = row.locator(`img[src="${uploaded}"]`);
    await expect.poll(() => listed.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(256);

    const { teams } = (await api(boss, 'GET', '/api/admin/teams?search=aurora')).json() as { teams: { code: string; aliases: string[]; crestUrl: string | null }[] };
    expect(teams).toEqual([expect.objectContaining({ code: 'ATA', aliases: [], crestUrl: uploaded })]);
  });

  it('fits the narrowest phones and speaks Portuguese and Spanish', async () => {
    const page = boss.page;
    const miaId = ((await api(boss, 'GET', '/api/admin/users?search=mia')).json() as { users: { id: string }[] }).users[0]!.id;
    const groupId = ((await api(boss, 'GET', '/api/admin/groups?search=Mia')).json() as { groups: { id: string }[] }).groups[0]!.id;
    const addresses = ['/admin/users', `/admin/users/${miaId}`, '/admin/groups', `/admin/groups/${groupId}`, '/admin/teams'];
    for (const path of addresses) {
      await size(page, 320);
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), `${path} at 320 px: sideways overflow`).toBeLessThanOrEqual(0);
    }

    for (const locale of ['pt-BR', 'es'] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
      await context.addCookies(boss.cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name: name!, value: rest.join('='), url: server.url };
      }));
      const translated = await context.newPage();
      for (const path of addresses) {
        await translated.goto(`${server.url}${path}`);
        await translated.locator('main h1').first().waitFor();
        await translated.waitForLoadState('networkidle');
        for (const width of [320, 390, 1280]) {
          await size(translated, width);
          expect(await overflow(translated), `${locale} ${path} at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
          expect((await translated.locator('main').innerText()).match(/\b(?:admin[A-Za-z]*|errors|app)\.[a-zA-Z_.]+/)?.[0], `${locale} ${path}: raw key`).toBeUndefined();
        }
        if (SHOTS) await translated.screenshot({ path: `screenshots/admin-people-${locale}${path.replace(miaId, 'user').replace(groupId, 'group').replaceAll('/', '-')}-1280.png`, fullPage: true });
      }
      await context.close();
    }
    await mia.context.close();
    await boss.context.close();
  });
});
