/**
 * The administrators' area in Chromium: a member opening /admin is sent home; the administrator sees
 * the dashboard with the missing-token notice; creates a league by hand (the server's field errors
 * first), finds it by search, deactivates it, opens and edits its detail page; links a football-data.org
 * league whose "Sync now" shows its progress and then the failure (no token here); an address with a
 * league id that is no UUID says 'Invalid League ID.'; at 390 px the section drawer opens, traps focus,
 * closes with Escape and on navigation. Nothing overflows sideways at 320, 390 or 1280 px; axe finds no
 * serious violation. SCREENSHOTS=1 saves each screen at 390 px and 1280 px into ./screenshots.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiUser, clickForToast, hasChromium, type ApiUser, type RunningApp, useBrowserApp } from './browser';
import { seriousViolations } from './axe';
import { parseOpenfootball } from '../../src/server/providers/openfootball/parse';
import { readOpenfootballSource } from '../../src/server/providers/openfootball/read-source';
import { importCompetition } from '../../src/server/modules/import/service';
import { COMMAND_LINE } from '../../src/server/modules/admin/audit';

const withChromium = hasChromium();
const SHOTS = process.env.SCREENSHOTS === '1';
const ADMIN_EMAIL = 'boss@example.com';
const MISSING_TOKEN = 'football-data.org is not configured: set FOOTBALL_DATA_TOKEN to sync its competitions.';

describe.runIf(withChromium)('browser: the administrators\' area', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; }, { ADMIN_EMAILS: ADMIN_EMAIL, SYNC: 'false' });

  const size = (page: Page, width: number) => page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });

  async function overflow(page: Page): Promise<number> {
    return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  /** At 390 px and 1280 px: no sideways overflow, no serious axe violation, and a screenshot with SCREENSHOTS=1. */
  async function check(page: Page, name: string, widths = [390, 1280]) {
    for (const width of widths) {
      await size(page, width);
      await page.waitForTimeout(100);
      expect(await overflow(page), `${name} at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${name} at ${width} px: axe`).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `screenshots/admin-${name}-${width}.png`, fullPage: true });
    }
  }

  const api = (who: ApiUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  it('sends a member who opens /admin home', async () => {
    const member = await apiUser(server, browser, 'member');
    await member.page.goto(`${server.url}/admin`);
    await member.page.waitForURL((url) => url.pathname === '/');
    expect((await api(member, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
    await member.context.close();
  });

  it('runs the dashboard and the leagues for the administrator, at 390 px and 1280 px', async () => {
    const boss = await apiUser(server, browser, 'boss', { email: ADMIN_EMAIL });
    const page = boss.page;
    await size(page, 1280);

    // Dashboard: the figures, and the notice about the missing football-data.org token.
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText(MISSING_TOKEN).waitFor();
    await page.getByText('Matches live now').waitFor();
    await page.getByText('No league is linked to a data source yet.').waitFor();
    await check(page, 'dashboard');

    // The side menu leads to every section.
    await size(page, 1280);
    const menu = page.getByRole('navigation', { name: 'Administration' });
    await menu.getByRole('link', { name: /^Users/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByLabel('Search people').waitFor();
    await menu.getByRole('link', { name: 'Leagues' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/leagues');
    await page.getByRole('heading', { level: 1, name: 'Leagues' }).waitFor();
    await page.getByRole('table').waitFor();

    // A new league by hand: the server's field error first, then created.
    await page.getByRole('button', { name: 'New league' }).click();
    const dialog = page.getByRole('dialog', { name: 'New league' });
    await dialog.getByLabel('Name').fill('X');
    await dialog.getByLabel('Season').fill('2030');
    await dialog.getByLabel('Format').selectOption('tournament');
    if (SHOTS) await page.screenshot({ path: 'screenshots/admin-new-league-1280.png' });
    await dialog.getByRole('button', { name: 'Create league' }).click();
    await dialog.getByText('Use 2 to 80 characters.').waitFor();
    await expect(dialog.getByLabel('Name').getAttribute('aria-invalid')).resolves.toBe('true');
    await dialog.getByLabel('Name').fill('Copa Palpite E2E');
    await clickForToast(page, dialog.getByRole('button', { name: 'Create league' }), 'Copa Palpite E2E created.');
    await dialog.waitFor({ state: 'detached' });

    // A football-data.org league: a code that is no code is refused on its field; then its first sync fails (no token here).
    await page.getByRole('button', { name: 'New league' }).click();
    await dialog.getByLabel('football-data.org').check();
    await dialog.getByLabel('Competition code').fill('P L');
    await dialog.getByRole('button', { name: 'Create league' }).click();
    await dialog.getByText(/Enter a competition code of 2 to 5 capital letters/).waitFor();
    await dialog.getByLabel('Competition code').fill('pl');
    await expect(dialog.getByLabel('Competition code').inputValue()).resolves.toBe('PL');
    await dialog.getByRole('button', { name: 'Create league' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Found by search (debounced: the address follows once typing pauses).
    await page.getByLabel('Search leagues').fill('Palpite E2E');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Palpite E2E');
    await page.getByRole('status').filter({ hasText: /^1 league$/ }).waitFor();
    const row = page.getByRole('row', { name: /Copa Palpite E2E/ });
    await row.getByText('Tournament').waitFor();
    await row.getByText('Manual').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // Deactivated from the list.
    await row.getByRole('button', { name: 'Deactivate Copa Palpite E2E' }).click();
    await row.getByRole('button', { name: 'Activate Copa Palpite E2E' }).waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    const { leagues } = (await api(boss, 'GET', '/api/admin/leagues?search=Palpite%20E2E')).json() as { leagues: { id: string; active: boolean }[] };
    expect(leagues).toHaveLength(1);
    expect(leagues[0]!.active).toBe(false);
    const leagueId = leagues[0]!.id;

    // Sorting by a column heading puts the order in the address.
    await page.getByLabel('Search leagues').fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await page.getByRole('button', { name: /^Matches/ }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'matches' && url.searchParams.get('order') === 'asc');
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Matches' }).waitFor();

    // "Sync now" on the football-data.org league: held for a moment so its progress can be seen, then the outcome.
    await page.getByLabel('Search leagues').fill('PL');
    await page.getByRole('status').filter({ hasText: /^1 league$/ }).waitFor();
    const linked = page.getByRole('row', { name: /^PL/ });
    await linked.getByText('Failed').waitFor();
    await page.route('**/api/admin/leagues/*/sync', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await linked.getByRole('button', { name: 'Sync now PL' }).click();
    const busy = page.getByRole('button', { name: 'Syncing… PL' });
    await busy.waitFor();
    await expect(busy.isDisabled()).resolves.toBe(true);
    await page.locator('p', { hasText: /^Sync failed: FOOTBALL_DATA_TOKEN is not set/ }).waitFor();
    await page.getByRole('button', { name: 'Sync now PL' }).waitFor();
    await page.unroute('**/api/admin/leagues/*/sync');
    await page.getByLabel('Search leagues').fill('');
    await page.getByRole('status').filter({ hasText: /^3 leagues$/ }).waitFor();
    await check(page, 'leagues');

    // The dashboard now lists the linked league, failing.
    await size(page, 1280);
    await page.goto(`${server.url}/admin`);
    await page.getByText('1 failing').waitFor();
    await page.getByRole('link', { name: 'PL' }).waitFor();
    await check(page, 'dashboard-failing');

    // The detail page: fields, edit, and the runs.
    await size(page, 1280);
    await page.goto(`${server.url}/admin/leagues?q=Palpite%20E2E`);
    await page.getByRole('link', { name: 'Copa Palpite E2E' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/leagues/${leagueId}`);
    await page.getByRole('heading', { level: 1, name: 'Copa Palpite E2E' }).waitFor();
    await page.getByRole('heading', { name: 'Sync runs' }).waitFor();
    await page.getByText('This league is entered by hand: it has no data source to sync from.').waitFor();
    await page.getByLabel('Name').fill('Copa Palpite E2E Edited');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Copa Palpite E2E Edited' }).waitFor();
    await page.getByRole('button', { name: 'Activate Copa Palpite E2E Edited' }).click();
    await page.getByRole('button', { name: 'Deactivate Copa Palpite E2E Edited' }).waitFor();
    await check(page, 'league-detail');

    // The linked league's detail shows its runs.
    const pl = ((await api(boss, 'GET', '/api/admin/leagues?search=PL')).json() as { leagues: { id: string; name: string }[] }).leagues.find((l) => l.name === 'PL')!;
    await page.goto(`${server.url}/admin/leagues/${pl.id}`);
    await page.getByRole('heading', { level: 1, name: 'PL' }).waitFor();
    await page.getByRole('table', { name: 'Sync runs' }).or(page.getByRole('list', { name: 'Sync runs' })).first().waitFor();
    await check(page, 'league-detail-linked');

    // An id that is no UUID, and an unknown one.
    await page.goto(`${server.url}/admin/leagues/not-a-uuid`);
    await page.getByText('Invalid League ID.').waitFor();
    await page.goto(`${server.url}/admin/leagues/00000000-0000-4000-8000-000000000000`);
    await page.getByText('This league does not exist.').waitFor();

    // At 390 px the sections are in a drawer: focus inside, Escape closes it, following a link closes it.
    await size(page, 390);
    await page.goto(`${server.url}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const open = page.getByRole('button', { name: 'Sections' });
    await open.click();
    const drawer = page.getByRole('dialog', { name: 'Administration' });
    await drawer.waitFor();
    await expect(drawer.evaluate((node) => node.contains(document.activeElement))).resolves.toBe(true);
    for (let i = 0; i < 10; i++) await page.keyboard.press('Tab');
    await expect(drawer.evaluate((node) => node.contains(document.activeElement))).resolves.toBe(true);
    expect(await seriousViolations(page), 'drawer: axe').toEqual([]);
    if (SHOTS) await page.screenshot({ path: 'screenshots/admin-drawer-390.png' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expect(open.evaluate((node) => node === document.activeElement)).resolves.toBe(true);
    await open.click();
    await drawer.getByRole('link', { name: 'Leagues' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.waitForURL((url) => url.pathname === '/admin/leagues');
    await page.getByRole('heading', { level: 1, name: 'Leagues' }).waitFor();
    await page.getByRole('list', { name: 'Leagues' }).waitFor();

    // The new-league dialog fits a phone, with the openfootball fields.
    await page.getByRole('button', { name: 'New league' }).click();
    await dialog.getByLabel('openfootball').check();
    await dialog.getByLabel('File address').fill('ftp://example.com/en.1.json');
    await dialog.getByLabel('Time zone of its kickoff times').fill('Mars/Olympus');
    await dialog.getByRole('button', { name: 'Create league' }).click();
    await dialog.getByText('Enter an address starting with http:// or https://, or the path of a .json file on the server.').waitFor();
    await dialog.getByText('Enter an IANA time zone, such as Europe/London.').waitFor();
    // Polled: the submit button fades back from its disabled look (opacity, 150 ms) as the errors arrive.
    await expect.poll(() => seriousViolations(page), { message: 'new league dialog: axe', timeout: 3_000 }).toEqual([]);
    if (SHOTS) await page.screenshot({ path: 'screenshots/admin-new-league-390.png', fullPage: true });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The narrowest phones: nothing overflows sideways.
    for (const path of ['/admin', '/admin/leagues', `/admin/leagues/${leagueId}`, `/admin/leagues/${pl.id}`]) {
      await size(page, 320);
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), `${path} at 320 px: sideways overflow`).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `screenshots/admin-320${path.replaceAll('/', '-')}.png`, fullPage: true });
    }

    // In Portuguese and Spanish: translated (no raw key), nothing overflowing.
    for (const locale of ['pt-BR', 'es'] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
      await context.addCookies(boss.cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name: name!, value: rest.join('='), url: server.url };
      }));
      const translated = await context.newPage();
      for (const path of ['/admin', '/admin/leagues', `/admin/leagues/${pl.id}`]) {
        await translated.goto(`${server.url}${path}`);
        await translated.locator('main h1').first().waitFor();
        await translated.waitForLoadState('networkidle');
        for (const width of [320, 390, 1280]) {
          await size(translated, width);
          expect(await overflow(translated), `${locale} ${path} at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
          expect((await translated.locator('main').innerText()).match(/\b(?:admin|errors|app)\.[a-zA-Z_.]+/)?.[0], `${locale} ${path}: raw key`).toBeUndefined();
          if (SHOTS && width !== 320) await translated.screenshot({ path: `screenshots/admin-${locale}${path.replace(pl.id, 'linked').replaceAll('/', '-')}-${width}.png`, fullPage: true });
        }
      }
      await context.close();
    }
    await boss.context.close();
  });

  it('links a league imported from the command line to the file it came from', async () => {
    const boss = await apiUser(server, browser, 'linker', { email: 'linker@example.com' });
    await server.database.db.execute(sql`update profiles set role = 'Platform Administrator' where username = 'linker'`);
    const folder = mkdtempSync(join(tmpdir(), 'palpite-e2e-link-'));
    const file = join(folder, 'cup.json');
    writeFileSync(file, JSON.stringify({ name: 'Terminal Cup 2030', matches: [{ round: 'Matchday 1', date: '2030-05-01', time: '15:00', team1: 'Alpha FC', team2: 'Beta FC' }] }));
    try {
      // As `npm run import -- <file> --tz Europe/Lisbon` leaves it.
      const competition = parseOpenfootball(await readOpenfootballSource(file), { timeZone: 'Europe/Lisbon', sourcePath: file });
      const { leagueId } = await importCompetition(server.database.db, competition, { provider: 'openfootball', byHand: { ref: file, timeZone: 'Europe/Lisbon', actor: COMMAND_LINE } });
      const page = boss.page;
      await page.goto(`${server.url}/admin/leagues/${leagueId}`);
      await page.getByRole('heading', { level: 1, name: 'Terminal Cup 2030' }).waitFor();
      await page.getByText('Imported, not linked').first().waitFor();
      await page.getByText(file).first().waitFor();
      const form = page.getByRole('region', { name: 'Link to its source' });
      await expect(form.getByLabel('openfootball file (address, or path on the server)').inputValue()).resolves.toBe(file);
      await expect(form.getByLabel('Time zone of its kickoff times').inputValue()).resolves.toBe('Europe/Lisbon');
      await check(page, 'league-link');
      await clickForToast(page, form.getByRole('button', { name: 'Link', exact: true }), 'Terminal Cup 2030 is linked: its first sync has started.');
      await expect(page.getByRole('region', { name: 'Link to its source' }).count()).resolves.toBe(0);
      expect((await api(boss, 'GET', `/api/admin/leagues/${leagueId}`)).json().league).toMatchObject({ source: 'openfootball', sourceRef: file, sourceTimeZone: 'Europe/Lisbon' });
      // The audit log says it in words: imported from the command line, then linked.
      await page.goto(`${server.url}/admin/audit?q=${encodeURIComponent('Terminal Cup')}`);
      await page.getByRole('row', { name: /League linked to its source/ }).waitFor();
      await page.getByRole('row', { name: /League imported/ }).getByText('command line').waitFor();
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await boss.context.close();
    }
  });
});
