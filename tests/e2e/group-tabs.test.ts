/**
 * Every tab of the group page (matches, ranking, history, standings, rules, settings) at 390 px and
 * 1280 px in the three languages (and 320 px in English), for a group with a long name and description: the tab opens from its
 * address, is named in the page's language, shows no untranslated key, and nothing overflows sideways;
 * axe finds no serious violation on any tab (in English: the languages differ in words, checked above). Also the create form's league list and "You are already a member".
 * SCREENSHOTS=1 saves each screen into ./screenshots.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, apiUser, hasChromium, type RunningApp, useBrowserApp } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const SHOTS = process.env.SCREENSHOTS === '1';
const TABS = ['matches', 'ranking', 'history', 'standings', 'rules', 'settings'] as const;
const LANGUAGES = [
  { code: 'en', locale: 'en-US' },
  { code: 'pt-BR', locale: 'pt-BR' },
  { code: 'es', locale: 'es-ES' },
] as const;

/** The tab names of a language, from its translation file. */
function tabNames(code: string): Record<(typeof TABS)[number], string> {
  return (JSON.parse(readFileSync(`src/web/i18n/locales/${code}/groups.json`, 'utf8')) as { groups: { tabs: Record<(typeof TABS)[number], string> } }).groups.tabs;
}

/** Text that looks like an i18n key left untranslated ("groups.tabs.matches", "ranking.points"). */
const RAW_KEY = /\b(?:app|auth|common|discover|errors|game|groupPage|groups|history|home|profile|ranking|rules|settings|standings|stats)\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)*\b/;

describe.runIf(withChromium)('browser: the group page in three languages', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  const api = (who: ApiUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  async function overflow(page: Page): Promise<number> {
    return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  }

  it('shows every tab at 390 px and 1280 px in en, pt-BR and es without overflow or raw keys', async () => {
    const people = await Promise.all(LANGUAGES.map(({ code, locale }) => apiUser(server, browser, `tabs_${code.replace('-', '').toLowerCase()}`, { locale })));
    const [owner, ...others] = people as [ApiUser, ...ApiUser[]];
    const leagueId = (await api(owner, 'GET', '/api/leagues')).json().leagues[0].id;
    const longName = 'Bolão dos Amigos da Firma e Agregados Unidos';
    const group = (await api(owner, 'POST', '/api/groups', {
      name: longName, leagueId, visibility: 'public',
      description: 'https://example.com/a-very-long-address-that-nobody-should-ever-type-into-a-description-field-but-someone-will',
    })).json().group as { id: string; inviteCode: string };
    for (const other of others) {
      expect((await api(other, 'POST', '/api/groups/join', { inviteCode: group.inviteCode })).statusCode).toBe(200);
      const { user } = (await api(other, 'GET', '/api/me')).json() as { user: { id: string } };
      expect((await api(owner, 'PUT', `/api/groups/${group.id}/members/${user.id}/role`, { role: 'admin' })).statusCode).toBe(204);
    }

    for (const [index, { code }] of LANGUAGES.entries()) {
      const person = people[index]!;
      const names = tabNames(code);
      const page = person.page;
      // The narrowest phones (320 px) once, in English; 390 and 1280 px in every language. Each tab is
      // opened from its address once, at the first width, then the window is resized to the others (as a
      // phone turned sideways): the layout must hold at each width either way, and a page load per width
      // cost this test half its minute and a half.
      const widths = code === 'en' ? [320, 390, 1280] : [390, 1280];
      for (const tab of TABS) {
        for (const [step, width] of widths.entries()) {
          await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
          if (step === 0) {
            await page.goto(`${server.url}/group/${group.id}?tab=${tab}`);
            await page.getByRole('heading', { name: longName }).waitFor();
          }
          const selected = page.getByRole('tab', { selected: true });
          await expect(selected.textContent()).resolves.toBe(names[tab]);
          await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(code);
          await page.getByRole('tabpanel').first().waitFor();
          if (step === 0) await page.waitForLoadState('networkidle');
          // The layout after the resize: two animation frames, so React and the browser have laid it out.
          else await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          expect(await overflow(page), `${code} ${width} ${tab}: sideways overflow`).toBeLessThanOrEqual(0);
          const text = await page.locator('main').innerText();
          expect(text.match(RAW_KEY)?.[0], `${code} ${width} ${tab}: an untranslated key`).toBeUndefined();
          // axe once per tab, in English at 390 px: the other languages change the words, not the roles,
          // names' presence or colours axe judges (their texts are checked above), and 12 more runs cost ~15 s.
          if (width === 390 && code === 'en') expect(await seriousViolations(page), `${code} ${tab}: axe`).toEqual([]);
          if (SHOTS) await page.screenshot({ path: `screenshots/tabs-${code}-${tab}-${width}.png`, fullPage: true });
        }
      }
    }
    await Promise.all(people.map((person) => person.context.close()));
  });

  it('offers only leagues with matches to play, grouped by competition, and says "You are already a member"', async () => {
    const ana = await apiUser(server, browser, 'leagues_ana');
    const page = ana.page;
    await page.goto(`${server.url}/create-group`);
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByText('Please select a league.').waitFor();
    await page.getByText('This field is required').waitFor();
    const league = page.getByLabel('League or tournament');
    const groups = await league.locator('optgroup').evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptGroupElement).label));
    const leagues = (await api(ana, 'GET', '/api/leagues')).json().leagues as { name: string; matchesToPlay: number }[];
    expect(groups).toEqual([...new Set(leagues.filter((l) => l.matchesToPlay > 0).map((l) => l.name))].sort((a, b) => a.localeCompare(b)));
    await league.selectOption({ index: 1 });
    await expect(page.getByText('Please select a league.').count()).resolves.toBe(0);
    await page.getByLabel('Group name').fill('Sunday league');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('heading', { name: 'Sunday league' }).waitFor();
    const { groups: mine } = (await api(ana, 'GET', '/api/groups')).json() as { groups: { id: string; inviteCode: string }[] };

    await page.goto(`${server.url}/join-group?code=${mine[0]!.inviteCode}`);
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'You are already a member' }).waitFor();
    await page.getByRole('link', { name: 'Open Sunday league' }).click();
    await page.getByRole('heading', { name: 'Sunday league' }).waitFor();
    await ana.context.close();
  });
});
