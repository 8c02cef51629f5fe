/**
 * The administrators' fixtures, standings and audit log in Chromium. The journey: two members
 * of a group on the demo league predict an open match; the administrator (browsing from São Paulo)
 * finds it in the Fixtures screen by league, round and status, is refused on the fields for half a score
 * and a one-letter reason, then enters the finished result with its reason; the member's group page
 * shows the new points and ranks. A postponement with its reason is found by the audit log's search,
 * its before → after open; the match is restored at a new kickoff typed in São Paulo time and saved as
 * the right UTC instant. The standings screen shows the demo league's computed table, and for a
 * football-data.org league (a stand-in provider on loopback) the refresh's failure, then the
 * provider's tables beside the computed ones. A league entered by hand gets a fixture through "Add
 * fixture" (empty fields, a team against itself and a team's other name refused on the fields; a new team
 * made by name); a match of an openfootball league (the stand-in serves its file) edited by the
 * administrator is held — marked in the list and the dialog, left alone by a sync — until handed back
 * with a reason, when the next sync brings the provider's data again. Axe finds no serious violation at
 * 390 and 1280 px; nothing overflows sideways at 320, 390 or 1280 px. SCREENSHOTS=1 saves the screens
 * into ./screenshots.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUser, clickForToast, hasChromium, type ApiUser, type RunningApp, useBrowserApp } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const SHOTS = process.env.SCREENSHOTS === '1';
const ADMIN_EMAIL = 'fixtures-boss@example.com';
const ZONE = 'America/Sao_Paulo';
const HOUR = 3_600_000;
/** Text that looks like an i18n key left untranslated. */
const RAW_KEY = /\b(?:admin|adminFixtures|adminExtra|adminStandings|adminAudit|errors|app|matches|standings)\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)*\b/;

interface Fixture {
  id: string; roundOrder: number; roundName: string; kickoff: string; deadline: string; status: string; lockedByAdmin: boolean;
  homeGoals: number | null; awayGoals: number | null; homeTeam: { name: string }; awayTeam: { name: string };
}

/** What the stand-in football-data.org answers: its standings fail until `standingsUp`, its matches always. */
const provider = { standingsUp: false, calls: 0 };
const PROVIDER_TEAMS = ['Arsenal FC', 'Liverpool FC', 'Manchester City FC', 'Chelsea FC'];

/** A football-data.org v4 standings document (a TOTAL and a HOME table: only TOTAL is kept). */
function standingsDocument() {
  const row = (name: string, index: number) => ({
    position: index + 1, team: { id: 50 + index, name, shortName: name.replace(' FC', ''), tla: name.slice(0, 3).toUpperCase(), crest: null },
    playedGames: 10, won: 7 - index, draw: 2, lost: 1 + index, points: 3 * (7 - index) + 2, goalsFor: 20 - index, goalsAgainst: 8 + index, goalDifference: 12 - 2 * index,
  });
  return {
    competition: { id: 2021, name: 'Premier League', code: 'PL', type: 'LEAGUE', emblem: null },
    season: { id: 2403, startDate: '2025-08-15', endDate: '2026-05-24', currentMatchday: 10 },
    standings: [
      { stage: 'REGULAR_SEASON', type: 'TOTAL', group: null, table: PROVIDER_TEAMS.map(row) },
      { stage: 'REGULAR_SEASON', type: 'HOME', group: null, table: PROVIDER_TEAMS.map(row) },
    ],
  };
}

/** An openfootball file of two matches ten days ahead (UTC times), served by the stand-in for a linked league. */
const CUP_DAY = new Date(Date.now() + 10 * 24 * HOUR).toISOString().slice(0, 10);
const CUP = {
  name: 'Stand-in Cup',
  matches: [
    { round: 'Matchday 1', date: CUP_DAY, time: '15:00', team1: 'Lakeside FC', team2: 'Hillview United' },
    { round: 'Matchday 1', date: CUP_DAY, time: '18:00', team1: 'Riverside Athletic', team2: 'Northgate Town' },
  ],
};

/** The stand-in provider on a free loopback port (football-data.org's API, and the openfootball file at /openfootball/cup.json). */
function startProvider(): Promise<Server> {
  const server = createServer((request, response) => {
    provider.calls += 1;
    if (request.url === '/openfootball/cup.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(CUP));
      return;
    }
    const ok = provider.standingsUp && /^\/v4\/competitions\/PL\/standings/.test(request.url ?? '');
    response.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' });
    response.end(JSON.stringify(ok ? standingsDocument() : { message: 'The stand-in is down', errorCode: 503 }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** `iso` as a datetime-local value in `zone` ('2026-03-01T15:00'). */
function localInput(iso: string, zone: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

describe.runIf(withChromium)('browser: fixtures, standings and the audit log', () => {
  let server: RunningApp;
  let browser: Browser;
  let stub: Server | undefined;
  let boss: ApiUser;
  const env: Record<string, string> = { ADMIN_EMAILS: ADMIN_EMAIL, SYNC: 'false', FOOTBALL_DATA_TOKEN: 'e2e-token', FOOTBALL_DATA_REQUESTS_PER_MINUTE: '6000' };
  // Registered before useBrowserApp's, so the app starts pointed at the stand-in.
  beforeAll(async () => {
    stub = await startProvider();
    env.FOOTBALL_DATA_URL = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v4`;
  });
  afterAll(async () => {
    await new Promise((resolve) => (stub ? stub.close(resolve) : resolve(undefined)));
  });
  useBrowserApp((s, b) => { [server, browser] = [s, b]; }, env);

  const size = (page: Page, width: number) => page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  const api = (who: ApiUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  /** At 390 px and 1280 px: no sideways overflow, no serious axe violation, and a screenshot with SCREENSHOTS=1; back at `end` px. */
  async function check(page: Page, name: string, end = 1280) {
    // Not while a list still shows the previous filters' rows dimmed as the new ones load (or fades back in).
    await expect.poll(() => page.locator('[aria-busy]').evaluateAll((lists) => lists.every((list) => list.getAttribute('aria-busy') === 'false' && getComputedStyle(list).opacity === '1'))).toBe(true);
    for (const width of [390, 1280]) {
      await size(page, width);
      await page.waitForTimeout(150);
      expect(await overflow(page), `${name} at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
      // Asked again for a moment: a row still fading in after the resize reads as low contrast; a real violation stays.
      await expect.poll(() => seriousViolations(page), { message: `${name} at ${width} px: axe`, timeout: 3_000 }).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `screenshots/admin-${name}-${width}.png`, fullPage: true });
    }
    await size(page, end);
  }

  /** An open dialog at 390 px and 1280 px: no sideways overflow, no serious axe violation, a screenshot of the window with SCREENSHOTS=1; back at `end` px. */
  async function checkDialog(page: Page, name: string, end = 1280) {
    for (const width of [390, 1280]) {
      await size(page, width);
      await page.waitForTimeout(150);
      expect(await overflow(page), `${name} dialog at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${name} dialog at ${width} px: axe`).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `screenshots/admin-${name}-${width}.png` });
    }
    await size(page, end);
  }

  /** A browser context for `who` in São Paulo's time zone, 1280 px wide. */
  async function contextIn(who: ApiUser, zone: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: zone });
    await context.addCookies(who.cookie.split('; ').map((pair) => {
      const [name, ...rest] = pair.split('=');
      return { name: name!, value: rest.join('='), url: server.url };
    }));
    return { context, page: await context.newPage() };
  }

  it('enters a result the members see in their ranking, postpones and restores with reasons the audit log keeps, and shows the standings', async () => {
    boss = await apiUser(server, browser, 'fixtures_boss', { email: ADMIN_EMAIL });
    const ana = await apiUser(server, browser, 'ana_fx');
    const bia = await apiUser(server, browser, 'bia_fx');
    const leagueId = (await api(ana, 'GET', '/api/leagues')).json().leagues[0].id as string;
    const group = (await api(ana, 'POST', '/api/groups', { name: 'Office pool', leagueId })).json().group as { id: string; inviteCode: string };
    expect((await api(bia, 'POST', '/api/groups/join', { inviteCode: group.inviteCode })).statusCode).toBe(200);
    // A football-data.org league, for the standings' refresh (its first sync fails: the stand-in refuses matches).
    expect((await api(boss, 'POST', '/api/admin/leagues', { source: 'football-data', sourceRef: 'PL' })).statusCode).toBe(201);

    // Two open matches: Ana predicts the first exactly, Bia the opposite; both predict the second.
    const scheduled = (await api(boss, 'GET', `/api/admin/fixtures?leagueId=${leagueId}&status=scheduled`)).json().fixtures as Fixture[];
    const [target, other] = scheduled.filter((f) => Date.parse(f.deadline) > Date.now() + HOUR) as [Fixture, Fixture];
    const predict = (who: ApiUser, predictions: object[]) => api(who, 'PUT', `/api/groups/${group.id}/predictions`, { predictions });
    expect((await predict(ana, [{ matchId: target.id, homeGoals: 2, awayGoals: 1 }, { matchId: other.id, homeGoals: 1, awayGoals: 1 }])).statusCode).toBe(200);
    expect((await predict(bia, [{ matchId: target.id, homeGoals: 0, awayGoals: 1 }, { matchId: other.id, homeGoals: 0, awayGoals: 0 }])).statusCode).toBe(200);
    const label = (f: Fixture) => `${f.homeTeam.name} v ${f.awayTeam.name}`;

    // Ana's ranking before: nobody has points from these matches yet.
    const member = ana.page;
    await member.goto(`${server.url}/group/${group.id}?tab=ranking`);
    const anaRow = member.getByRole('row', { name: /ana_fx/ });
    await anaRow.waitFor();
    await expect(anaRow.locator('td').nth(2).textContent()).resolves.toBe('0');

    // The administrator, in São Paulo, finds the match by league, round and status.
    await boss.context.close();
    const { context, page } = await contextIn(boss, ZONE);
    await page.goto(`${server.url}/admin/fixtures`);
    await page.getByRole('heading', { level: 1, name: 'Fixtures' }).waitFor();
    await page.getByText(`Kickoff times in your time zone (${ZONE}).`).waitFor();
    await expect(page.getByLabel('Round').isDisabled()).resolves.toBe(true);
    await page.getByLabel('League', { exact: true }).selectOption(leagueId);
    await page.waitForURL((url) => url.searchParams.get('league') === leagueId);
    const round = page.getByLabel('Round');
    await round.locator(`option[value="${target.roundOrder}"]`).waitFor({ state: 'attached' });
    await expect(round.locator(`option[value="${target.roundOrder}"]`).textContent()).resolves.toBe(`Matchday ${target.roundOrder}`);
    await round.selectOption(String(target.roundOrder));
    await page.waitForURL((url) => url.searchParams.get('round') === String(target.roundOrder));
    await page.getByLabel('Status', { exact: true }).selectOption('scheduled');
    await page.waitForURL((url) => url.searchParams.get('round') === String(target.roundOrder) && url.searchParams.get('status') === 'scheduled');
    const row = page.getByRole('row', { name: new RegExp(label(target)) });
    await row.waitFor();
    // The kickoff in the viewer's time zone.
    const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(target.kickoff));
    await row.getByText(shown).waitFor();
    await row.getByText('Scheduled').waitFor();
    await check(page, 'fixtures');

    // Half a score and a one-letter reason: refused, each said by its field.
    await row.getByRole('button', { name: `Edit ${label(target)}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit fixture' });
    await expect(edit.getByLabel('Kickoff').inputValue()).resolves.toBe(localInput(target.kickoff, ZONE));
    await edit.getByLabel('Status').selectOption('finished');
    // A league match: extra time and penalties stay folded until asked for.
    await expect(edit.getByRole('button', { name: 'Extra time and penalties (optional)' }).getAttribute('aria-expanded')).resolves.toBe('false');
    const home = edit.getByLabel(`${target.homeTeam.name}, Score after 90 minutes`);
    const away = edit.getByLabel(`${target.awayTeam.name}, Score after 90 minutes`);
    await home.fill('2');
    await edit.getByLabel('Reason (required)').fill('x');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText(/^Enter both goals, whole numbers from 0 to 99/).waitFor();
    await edit.getByText('Say why, in 3 to 500 characters.').waitFor();
    await expect(away.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(edit.getByLabel('Reason (required)').getAttribute('aria-invalid')).resolves.toBe('true');
    // Polled: the submit button fades back from its disabled look (opacity, 150 ms) as the errors arrive
    // (axe read it mid-fade once, on a loaded machine).
    await expect.poll(() => seriousViolations(page), { message: 'edit dialog: axe', timeout: 3_000 }).toEqual([]);
    if (SHOTS) {
      await page.screenshot({ path: 'screenshots/admin-fixture-edit-errors-1280.png' });
      await size(page, 390);
      await page.screenshot({ path: 'screenshots/admin-fixture-edit-errors-390.png' });
      await size(page, 1280);
    }

    // The finished result with its reason, before the match's kickoff: refused until the administrator
    // confirms it; then saved, two predictions re-scored.
    await away.fill('1');
    await edit.getByLabel('Reason (required)').fill('Result from the referee report');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByRole('alert').filter({ hasText: 'This match has not kicked off yet: confirm the result before kickoff, or move its kickoff first.' }).waitFor();
    await edit.getByRole('checkbox', { name: /^This match has not kicked off yet \(/ }).check();
    await clickForToast(page, edit.getByRole('button', { name: 'Save' }), `${label(target)} saved. 2 predictions re-scored.`);
    await edit.waitFor({ state: 'detached' });
    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.waitForURL((url) => !url.searchParams.has('status'));
    await row.getByText('Finished').waitFor();
    await row.getByText('2–1').waitFor();

    // Ana's group page: 10 points and first place; Bia, who predicted the opposite result, second.
    const ranking = (await api(ana, 'GET', `/api/groups/${group.id}/ranking`)).json().ranking as { username: string; points: number; rank: number }[];
    expect(ranking.map((r) => [r.username, r.rank])).toEqual([['ana_fx', 1], ['bia_fx', 2]]);
    const biaPoints = ranking[1]!.points;
    expect(biaPoints).toBeLessThan(10);
    await member.reload();
    await anaRow.waitFor();
    await expect(anaRow.locator('td').nth(2).textContent()).resolves.toBe('10');
    await anaRow.getByRole('img', { name: 'Place 1' }).waitFor();
    const biaRow = member.getByRole('row', { name: /bia_fx/ });
    await expect(biaRow.locator('td').nth(2).textContent()).resolves.toBe(String(biaPoints));
    await biaRow.getByRole('img', { name: 'Place 2' }).waitFor();
    if (SHOTS) await member.screenshot({ path: 'screenshots/admin-fixtures-member-ranking-390.png', fullPage: true });

    // The other match postponed, with its reason.
    await round.selectOption(String(other.roundOrder));
    await page.waitForURL((url) => url.searchParams.get('round') === String(other.roundOrder));
    const otherRow = page.getByRole('row', { name: new RegExp(label(other)) });
    await otherRow.getByRole('button', { name: `Postpone ${label(other)}` }).click();
    const postpone = page.getByRole('dialog', { name: 'Postpone this match?' });
    await postpone.getByLabel('Reason (required)').fill('Storm over the stadium');
    if (SHOTS) await page.screenshot({ path: 'screenshots/admin-fixture-postpone-1280.png' });
    await clickForToast(page, postpone.getByRole('button', { name: 'Postpone' }), `${label(other)} postponed. 2 predictions re-scored.`);
    await postpone.waitFor({ state: 'detached' });
    await otherRow.getByText('Postponed').waitFor();

    // Restored at a new kickoff typed in São Paulo time (UTC−3): saved as that instant in UTC.
    await otherRow.getByRole('button', { name: `Restore ${label(other)}` }).click();
    const restore = page.getByRole('dialog', { name: 'Restore this match?' });
    const newDay = localInput(new Date(Date.parse(other.kickoff) + 7 * 24 * HOUR).toISOString(), ZONE).slice(0, 10);
    await restore.getByLabel('Kickoff (change it for a new date)').fill(`${newDay}T16:00`);
    await restore.getByLabel('Reason (required)').fill('New date announced');
    await clickForToast(page, restore.getByRole('button', { name: 'Restore' }), `${label(other)} restored.`);
    await restore.waitFor({ state: 'detached' });
    const restored = ((await api(boss, 'GET', `/api/admin/fixtures?leagueId=${leagueId}&roundOrder=${other.roundOrder}`)).json().fixtures as Fixture[])
      .find((f) => f.id === other.id)!;
    expect(restored).toMatchObject({ status: 'scheduled', kickoff: `${newDay}T19:00:00.000Z` });

    // The audit log: the search finds the postponement; its before → after opens.
    await page.goto(`${server.url}/admin/audit`);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByRole('row', { name: /Result entered|Fixture changed/ }).first().waitFor();
    await page.getByLabel('Search the log').fill('Storm');
    await page.waitForURL((url) => url.searchParams.get('q') === 'Storm');
    await page.getByRole('status').filter({ hasText: /^1 entry$/ }).waitFor();
    const entry = page.getByRole('row', { name: new RegExp(label(other)) });
    await entry.getByText('Fixture changed').waitFor();
    await entry.getByText('fixtures_boss').waitFor();
    await entry.getByText('Storm over the stadium').waitFor();
    await entry.getByRole('button', { name: /^Show changes/ }).click();
    const changes = page.getByRole('list', { name: 'Before and after' }).first();
    // In words: the field's name, the statuses by theirs, the kickoff in the viewer's time zone; no raw keys.
    const status = changes.getByRole('listitem').filter({ hasText: /^Status/ });
    await status.getByText('Changed', { exact: true }).waitFor();
    await status.getByText('Scheduled', { exact: true }).waitFor();
    await status.getByText('Postponed', { exact: true }).waitFor();
    const unchanged = page.getByRole('region', { name: 'Unchanged' });
    await unchanged.getByText('Kickoff', { exact: true }).waitFor();
    await unchanged.getByText(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(new Date(other.kickoff)), { exact: true }).waitFor();
    await unchanged.getByText('Held by an administrator', { exact: true }).waitFor();
    const shownText = await page.locator('main').innerText();
    for (const raw of ['match.update', 'lockedByAdmin', 'homeGoalsExtraTime', 'kickoff', 'T19:00:00']) expect(shownText, raw).not.toContain(raw);
    await expect(changes.getByRole('listitem').count()).resolves.toBe(1);
    await check(page, 'audit');
    await page.getByLabel('Search the log').fill('');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await page.getByRole('status').filter({ hasText: /^\d+ entries$/ }).waitFor();

    // The standings: the demo league's computed table, no provider tables.
    await page.goto(`${server.url}/admin/standings`);
    await page.getByRole('heading', { level: 1, name: 'Standings' }).waitFor();
    await page.getByText('Choose a league to see its tables.').waitFor();
    await page.getByLabel('League').selectOption(leagueId);
    await page.waitForURL((url) => url.searchParams.get('league') === leagueId);
    const table = page.getByRole('table', { name: 'League table' });
    await table.waitFor();
    await expect(table.getByRole('row').count()).resolves.toBe(9);
    await page.getByText('The provider has no tables for this league: the tables here are computed from the results.').waitFor();
    await expect(page.getByRole('button', { name: 'Refresh provider standings' }).count()).resolves.toBe(0);
    await check(page, 'standings');

    // The football-data.org league: the refresh fails (progress, then the provider's error), then brings its tables.
    const pl = ((await api(boss, 'GET', '/api/admin/leagues?search=PL')).json().leagues as { id: string; name: string }[]).find((l) => l.name === 'PL')!;
    await page.getByLabel('League').selectOption(pl.id);
    await page.getByText('No results yet: the tables fill in as matches finish.').waitFor();
    await page.route('**/standings/refresh', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Refresh provider standings' }).click();
    const busy = page.getByRole('button', { name: 'Refreshing…' });
    await busy.waitFor();
    await expect(busy.isDisabled()).resolves.toBe(true);
    await page.getByRole('alert').filter({ hasText: /^The provider's standings could not be refreshed\..*HTTP 503/s }).waitFor();
    await check(page, 'standings-failed');
    provider.standingsUp = true;
    await clickForToast(page, page.getByRole('button', { name: 'Refresh provider standings' }), 'Provider standings refreshed.');
    await page.getByRole('heading', { name: 'From the provider' }).waitFor();
    await page.getByText('Fetched now').waitFor();
    const providerTable = page.getByRole('table', { name: 'League table' }).last();
    await providerTable.getByRole('rowheader', { name: 'Arsenal FC' }).waitFor();
    await expect(providerTable.getByRole('row').count()).resolves.toBe(PROVIDER_TEAMS.length + 1);
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await page.unroute('**/standings/refresh');
    await check(page, 'standings-provider');

    // The narrowest phones: nothing overflows sideways.
    for (const path of [`/admin/fixtures?league=${leagueId}`, '/admin/audit', `/admin/standings?league=${leagueId}`, `/admin/standings?league=${pl.id}`]) {
      await size(page, 320);
      await page.goto(`${server.url}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), `${path} at 320 px: sideways overflow`).toBeLessThanOrEqual(0);
      if (SHOTS) await page.screenshot({ path: `screenshots/admin-320-${path.split('?')[0]!.split('/').pop()}-${path.includes(pl.id) ? 'pl' : 'demo'}.png`, fullPage: true });
    }

    // The quick-action dialog fits a phone.
    await size(page, 390);
    await page.goto(`${server.url}/admin/fixtures?league=${leagueId}&round=${other.roundOrder}`);
    await page.getByRole('list', { name: 'Fixtures' }).getByRole('button', { name: `Cancel match ${label(other)}` }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel this match?' });
    await cancel.waitFor();
    expect(await overflow(page), 'cancel dialog at 390 px: sideways overflow').toBeLessThanOrEqual(0);
    expect(await seriousViolations(page), 'cancel dialog: axe').toEqual([]);
    if (SHOTS) await page.screenshot({ path: 'screenshots/admin-fixture-cancel-390.png' });
    await page.keyboard.press('Escape');
    await cancel.waitFor({ state: 'detached' });

    // In Portuguese and Spanish: translated (no raw key), nothing overflowing.
    for (const locale of ['pt-BR', 'es'] as const) {
      const localized = await browser.newContext({ viewport: { width: 390, height: 844 }, locale, timezoneId: ZONE });
      await localized.addCookies(boss.cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name: name!, value: rest.join('='), url: server.url };
      }));
      const tab = await localized.newPage();
      for (const path of [`/admin/fixtures?league=${leagueId}&round=${target.roundOrder}`, '/admin/audit?q=Storm', `/admin/standings?league=${pl.id}`]) {
        await tab.goto(`${server.url}${path}`);
        await tab.locator('main h1').first().waitFor();
        await tab.waitForLoadState('networkidle');
        for (const width of [320, 390, 1280]) {
          await size(tab, width);
          expect(await overflow(tab), `${locale} ${path} at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
          expect((await tab.locator('main').innerText()).match(RAW_KEY)?.[0], `${locale} ${path}: raw key`).toBeUndefined();
          if (SHOTS && width === 390) await tab.screenshot({ path: `screenshots/admin-${locale}-${path.split('?')[0]!.split('/').pop()}-390.png`, fullPage: true });
        }
      }
      await localized.close();
    }

    await context.close();
    await Promise.all([ana.context.close(), bia.context.close()]);
  });
  it('adds a fixture to a league entered by hand, and marks a match held from its provider until it is handed back', async () => {
    // A league entered by hand, and another name of a demo team (for the "same team" refusal).
    const created = await api(boss, 'POST', '/api/admin/leagues', { source: 'manual', name: 'Sunday League', season: '2026', kind: 'league' });
    expect(created.statusCode).toBe(201);
    const manual = created.json().league as { id: string };
    const aurora = ((await api(boss, 'GET', '/api/admin/teams?search=aurora')).json().teams as { id: string; name: string }[])[0]!;
    expect((await api(boss, 'POST', `/api/admin/teams/${aurora.id}/aliases`, { alias: 'Aurora do Norte' })).statusCode).toBe(200);

    const { context, page } = await contextIn(boss, ZONE);
    await page.goto(`${server.url}/admin/fixtures?league=${manual.id}`);
    await page.getByRole('heading', { level: 1, name: 'Fixtures' }).waitFor();
    await page.getByText('No fixture matches these filters.').waitFor();
    await page.getByRole('button', { name: 'Add fixture' }).click();
    const add = page.getByRole('dialog', { name: 'Add a fixture' });
    await add.getByText('A match of Sunday League 2026, entered by hand.').waitFor();
    await add.getByText('A team of the platform, or one of its other names, is reused; a new name makes a new team.').waitFor();

    // Nothing but one team against itself: each refusal under its field.
    await add.getByLabel('Home team').fill('Vila Esperança FC');
    await add.getByLabel('Away team').fill('vila esperança fc');
    await add.getByRole('button', { name: 'Add fixture' }).click();
    await add.getByText('Enter the round, in 1 to 60 characters.').waitFor();
    await add.getByText('Enter a date and time.').waitFor();
    const sameTeam = 'A team cannot play itself: these names are the same team (one may be another name of the other).';
    await add.getByText(sameTeam).waitFor();
    for (const label of ['Round', 'Kickoff', 'Away team']) await expect(add.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), label).resolves.toBe('true');
    await expect(add.getByLabel('Home team').getAttribute('aria-invalid')).resolves.toBeNull();
    await checkDialog(page, 'fixture-add-errors');

    // A team and one of its other names: the server finds them the same team.
    await add.getByLabel('Round', { exact: true }).fill('Matchday 1');
    const day = localInput(new Date(Date.now() + 5 * 24 * HOUR).toISOString(), ZONE).slice(0, 10);
    await add.getByLabel('Kickoff', { exact: true }).fill(`${day}T16:00`);
    await add.getByLabel('Home team').fill(aurora.name);
    await add.getByLabel('Away team').fill('Aurora do Norte');
    // Edited fields drop their refusals at once.
    await expect(add.getByText('Enter the round, in 1 to 60 characters.').count()).resolves.toBe(0);
    await expect(add.getByText(sameTeam).count()).resolves.toBe(0);
    await add.getByRole('button', { name: 'Add fixture' }).click();
    await add.getByText(sameTeam).waitFor();
    await expect(add.getByText('Enter a date and time.').count()).resolves.toBe(0);

    // A new team by name, a venue: added, the list shows it, the kickoff saved as the UTC instant of São Paulo's 16:00.
    await add.getByLabel('Away team').fill('Vila Esperança FC');
    await expect(add.getByText(sameTeam).count()).resolves.toBe(0);
    await add.getByLabel('Venue (optional)').fill('Estádio Municipal');
    await checkDialog(page, 'fixture-add');
    const match = `${aurora.name} v Vila Esperança FC`;
    await clickForToast(page, add.getByRole('button', { name: 'Add fixture' }), `${match} added.`);
    await add.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(match) });
    await row.getByText('Matchday 1').waitFor();
    await row.getByText('Scheduled').waitFor();
    const [added] = (await api(boss, 'GET', `/api/admin/fixtures?leagueId=${manual.id}`)).json().fixtures as Fixture[];
    expect(added).toMatchObject({ roundName: 'Matchday 1', kickoff: `${day}T19:00:00.000Z`, status: 'scheduled', lockedByAdmin: false, homeTeam: { name: aurora.name }, awayTeam: { name: 'Vila Esperança FC' } });
    expect((await api(boss, 'GET', '/api/admin/teams?search=Esperan')).json().total).toBe(1);
    // The demo league is entered by hand too; the round filter knows the new round.
    await expect.poll(() => page.getByLabel('Round').locator('option', { hasText: 'Matchday 1' }).count()).toBe(1);

    // An openfootball league (the stand-in serves its file): its first sync brings two matches; no "Add fixture".
    const linked = await api(boss, 'POST', '/api/admin/leagues', { source: 'openfootball', sourceRef: `${env.FOOTBALL_DATA_URL!.replace(/\/v4$/, '')}/openfootball/cup.json`, sourceTimeZone: 'UTC' });
    expect(linked.statusCode).toBe(201);
    const cupId = (linked.json().league as { id: string }).id;
    const runs = async () => ((await api(boss, 'GET', `/api/admin/leagues/${cupId}/sync-runs`)).json().runs as { status: string }[]).map((run) => run.status);
    await expect.poll(runs, { timeout: 10_000 }).toEqual(['succeeded']);
    const cupFixtures = async () => (await api(boss, 'GET', `/api/admin/fixtures?leagueId=${cupId}`)).json().fixtures as Fixture[];
    const [first, second] = await cupFixtures() as [Fixture, Fixture];
    expect([first.homeTeam.name, second.homeTeam.name]).toEqual(['Lakeside FC', 'Riverside Athletic']);
    const label = (f: Fixture) => `${f.homeTeam.name} v ${f.awayTeam.name}`;

    // A league made since the screen opened: by its address.
    await page.goto(`${server.url}/admin/fixtures?league=${cupId}`);
    const firstRow = page.getByRole('row', { name: new RegExp(label(first)) });
    await firstRow.waitFor();
    await expect(page.getByRole('button', { name: 'Add fixture' }).count()).resolves.toBe(0);
    await expect(page.getByText('Held by an administrator').count()).resolves.toBe(0);

    // The administrator enters the result (the dialog warns that saving holds the match): held, and said so.
    await firstRow.getByRole('button', { name: `Edit ${label(first)}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit fixture' });
    await edit.getByText(/^This league gets its fixtures from a provider: saving a change holds this match/).waitFor();
    await edit.getByLabel('Status').selectOption('finished');
    await edit.getByLabel(`${first.homeTeam.name}, Score after 90 minutes`).fill('1');
    await edit.getByLabel(`${first.awayTeam.name}, Score after 90 minutes`).fill('0');
    await edit.getByLabel('Reason (required)').fill('The provider is late with this result');
    await edit.getByRole('checkbox', { name: /^This match has not kicked off yet \(/ }).check();
    await clickForToast(page, edit.getByRole('button', { name: 'Save' }), `${label(first)} saved.`);
    await edit.waitFor({ state: 'detached' });
    await firstRow.getByText('Held by an administrator').waitFor();
    await firstRow.getByText('Provider updates ignored').waitFor();
    await expect(page.getByRole('row', { name: new RegExp(label(second)) }).getByText('Held by an administrator').count()).resolves.toBe(0);
    await check(page, 'fixtures-held');
    await firstRow.getByRole('button', { name: `Edit ${label(first)}` }).click();
    await edit.getByText("An administrator changed this match, so its provider's updates are ignored until it is handed back.").waitFor();
    await checkDialog(page, 'fixture-edit-held');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    // A sync leaves the held match alone.
    const sync = async () => (await api(boss, 'POST', `/api/admin/leagues/${cupId}/sync`)).json().outcome as { status: string };
    await expect(sync()).resolves.toMatchObject({ status: 'succeeded' });
    expect((await cupFixtures()).find((f) => f.id === first.id)).toMatchObject({ status: 'finished', homeGoals: 1, awayGoals: 0, lockedByAdmin: true });

    // Handed back, with its reason (refused without one): no longer held, and the next sync brings the provider's data.
    await firstRow.getByRole('button', { name: `Hand back to the provider ${label(first)}` }).click();
    const release = page.getByRole('dialog', { name: 'Hand this match back to the provider?' });
    await release.getByText("The provider's next sync may change it again: its kickoff, status and score.").waitFor();
    await release.getByRole('button', { name: 'Hand back' }).click();
    await release.getByText('Say why, in 3 to 500 characters.').waitFor();
    await release.getByLabel('Reason (required)').fill('The provider has the result now');
    await checkDialog(page, 'fixture-release');
    await clickForToast(page, release.getByRole('button', { name: 'Hand back' }), `${label(first)} handed back to the provider.`);
    await release.waitFor({ state: 'detached' });
    await expect.poll(() => firstRow.getByText('Held by an administrator').count()).toBe(0);
    expect((await cupFixtures()).find((f) => f.id === first.id)).toMatchObject({ status: 'finished', lockedByAdmin: false });
    await expect(sync()).resolves.toMatchObject({ status: 'succeeded' });
    expect((await cupFixtures()).find((f) => f.id === first.id)).toMatchObject({ status: 'scheduled', homeGoals: null, lockedByAdmin: false });

    // On a phone: the held card and its actions fit.
    const held = await api(boss, 'PATCH', `/api/admin/matches/${second.id}`, { kickoff: new Date(Date.parse(second.kickoff) + HOUR).toISOString(), reason: 'Kickoff moved by the organisers' });
    expect(held.json().fixture.lockedByAdmin).toBe(true);
    await size(page, 390);
    await page.reload();
    const card = page.getByRole('list', { name: 'Fixtures' }).getByRole('listitem').filter({ hasText: label(second) });
    await card.getByText('Held by an administrator').waitFor();
    await card.getByRole('button', { name: `Hand back to the provider ${label(second)}` }).waitFor();
    await check(page, 'fixtures-held-cards');

    // In Portuguese and Spanish: translated, nothing overflowing, the add dialog fitting the narrowest phones.
    for (const locale of ['pt-BR', 'es'] as const) {
      const localized = await browser.newContext({ viewport: { width: 320, height: 700 }, locale, timezoneId: ZONE });
      await localized.addCookies(boss.cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name: name!, value: rest.join('='), url: server.url };
      }));
      const tab = await localized.newPage();
      for (const path of [`/admin/fixtures?league=${cupId}`, `/admin/fixtures?league=${manual.id}`]) {
        await tab.goto(`${server.url}${path}`);
        await tab.locator('main h1').first().waitFor();
        await tab.waitForLoadState('networkidle');
        for (const width of [320, 390, 1280]) {
          await size(tab, width);
          expect(await overflow(tab), `${locale} ${path} at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
          expect((await tab.locator('main').innerText()).match(RAW_KEY)?.[0], `${locale} ${path}: raw key`).toBeUndefined();
        }
      }
      await size(tab, 320);
      await tab.getByRole('button', { name: locale === 'es' ? 'Añadir partido' : 'Adicionar partida' }).click();
      const dialog = tab.getByRole('dialog');
      await dialog.waitFor();
      expect(await overflow(tab), `${locale} add dialog at 320 px: sideways overflow`).toBeLessThanOrEqual(0);
      expect((await dialog.innerText()).match(RAW_KEY)?.[0], `${locale} add dialog: raw key`).toBeUndefined();
      if (SHOTS) await tab.screenshot({ path: `screenshots/admin-${locale}-fixture-add-320.png` });
      await localized.close();
    }

    await context.close();
  });
});
