/**
 * Every screen of the app on the narrowest phones, in each language: at 390 px and at 320 px, in en,
 * pt-BR and es, nothing reaches past the window's right edge (a page wider than the phone hides its
 * buttons off screen: Discover's Join once did). The screens hold what makes them wide in real use: a
 * public group with a long name in Discover, members with long names, scored predictions (ranking,
 * stats and charts, a member's predictions), a group the viewer is not in (its preview), and every
 * section of the administrators' area. No screen shows a translation key instead of its text (each loads
 * the text areas it needs: src/web/i18n/merge.ts). The three languages run side by side, each in its own
 * context.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiUser, hasChromium, type ApiUser, type RunningApp, useBrowserApp } from './browser';
import { api, HOUR, LANGUAGES, LOCALES, newGroup, newLeague, play, predict, sidewaysOverflow, userIdOf, type Language } from './fixtures';

const withChromium = hasChromium();

/** A translation key shown as it is ("groupPage.notFound", "rounds.final"): every top-level key of the texts. */
const RAW_KEY = new RegExp(`\\b(?:${readdirSync('src/web/i18n/locales/en').flatMap((file) => Object.keys(JSON.parse(readFileSync(join('src/web/i18n/locales/en', file), 'utf8')) as object)).join('|')})\\.[a-zA-Z_]+`);
const LONG = 'Bolão dos Amigos da Firma e Agregados Unidos do Bairro';

/** Opens `url` and waits until the page has shown its heading and nothing in it is still loading. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('main h1, main [role="alert"]').first().waitFor();
  await page.waitForFunction(() => ![...document.querySelectorAll('main [role="status"]')].some((node) => /…|\.\.\./.test(node.textContent ?? '') && node.querySelector('.animate-spin')));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The innermost element reaching furthest past the window's right edge, named for the failure message. */
function widest(page: Page): Promise<string> {
  return page.evaluate(() => {
    let found: Element | null = null;
    let right = window.innerWidth;
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.right > right || (found && box.right === right && found.contains(element))) [found, right] = [element, box.right];
    }
    return found ? `<${found.tagName.toLowerCase()} class="${found.getAttribute('class') ?? ''}"> "${(found.textContent ?? '').slice(0, 40)}"` : 'nothing found';
  });
}

describe.runIf(withChromium)('browser: every screen at 390 and 320 px in three languages', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; }, { ADMIN_EMAILS: 'narrow-en@example.com,narrow-ptbr@example.com,narrow-es@example.com' });

  const viewers = {} as Record<Language, ApiUser>;
  const addresses: { guest: string[]; signedIn: string[] } = { guest: [], signedIn: [] };

  beforeAll(async () => {
    const tag = (language: Language) => language.replace('-', '').toLowerCase();
    for (const language of LANGUAGES) {
      viewers[language] = await apiUser(server, browser, `narrow_${tag(language)}_${'x'.repeat(16)}`, { locale: LOCALES[language], email: `narrow-${tag(language)}@example.com` });
    }
    const stranger = await apiUser(server, browser, `stranger_${'y'.repeat(20)}`);
    const members = Object.values(viewers);
    const now = Date.now();
    const league = await newLeague(server, 'Narrow Premier League 2026/27', [1, 1, 2, 2].map((round, i) => ({ round, kickoff: new Date(now + (24 + i) * HOUR) })), { season: '2026/27' });
    const [m1, m2, m3] = league.matches as [typeof league.matches[0], typeof league.matches[0], typeof league.matches[0]];
    const groupId = await newGroup(server, members[0]!, LONG, league.leagueId, members.slice(1), {
      visibility: 'public', description: 'https://example.com/a-very-long-address-that-nobody-should-ever-type-into-a-description-field',
    });
    for (const [index, member] of members.entries()) await predict(server, member, groupId, [[m1, index, 1], [m2, 1, index], [m3, 2, 2]]);
    await play(server, m1, 1, 1, 30);
    await play(server, m2, 2, 1, 29);
    // Someone else's public group: in Discover, and previewed from its link.
    const otherId = await newGroup(server, stranger, 'Wolfeschlegelsteinhausenbergerdorff Rivals United', league.leagueId, [], { visibility: 'public' });
    const memberId = await userIdOf(server, members[1]!);
    const adminGroupId = groupId;
    const adminLeagues = await api(server, members[0]!, 'GET', '/api/admin/leagues');
    const [leagueRow] = (adminLeagues?.leagues ?? []) as { id: string }[];
    if (!leagueRow) throw new Error(`admin leagues: ${JSON.stringify(adminLeagues)}`);
    addresses.guest = ['/', '/login', '/register', '/email-verified', '/request-password-reset', '/update-password?token=x', '/terms', '/privacy', '/faq', '/contact', '/unsubscribe?token=x', '/nope'];
    addresses.signedIn = [
      '/', '/profile', '/create-group', '/join-group', '/groups',
      ...['matches', 'ranking', 'history', 'standings', 'rules', 'settings'].map((tab) => `/group/${groupId}?tab=${tab}`),
      `/group/${groupId}/stats`, `/groups/${groupId}/members/${memberId}/predictions`, `/group/${otherId}`,
      '/admin', '/admin/leagues', `/admin/leagues/${leagueRow!.id}`, '/admin/fixtures', '/admin/teams', '/admin/users', `/admin/users/${memberId}`,
      '/admin/groups', `/admin/groups/${adminGroupId}`, '/admin/standings', '/admin/audit',
    ];
  });

  it.concurrent.each(LANGUAGES)('in %s', async (language) => {
    const problems: string[] = [];
    const measure = async (page: Page, path: string) => {
      const raw = (await page.locator('body').innerText()).match(RAW_KEY)?.[0];
      if (raw) problems.push(`${path}: shows the key ${raw}`);
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        const overflow = await sidewaysOverflow(page);
        if (overflow > 0) problems.push(`${path} at ${width} px: ${overflow} px too wide (${await widest(page)})`);
      }
    };
    const guest = await browser.newContext({ viewport: { width: 390, height: 800 }, locale: LOCALES[language] });
    const guestPage = await guest.newPage();
    for (const path of addresses.guest) {
      await open(guestPage, `${server.url}${path}`);
      await measure(guestPage, `guest ${path}`);
    }
    await guest.close();
    const page = await viewers[language].context.newPage();
    for (const path of addresses.signedIn) {
      await open(page, `${server.url}${path}`);
      await measure(page, path);
    }
    await page.close();
    expect(problems).toEqual([]);
  });
});
