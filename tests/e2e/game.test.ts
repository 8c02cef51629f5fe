/**
 * The game in a real browser (Chromium): predict by keyboard and save a round, watch a match close live,
 * see others' picks after the close, see a live goal and the final whistle reach the open page without a
 * reload, open a member's past predictions from the ranking, and the stats page with its charts in three
 * languages. SCREENSHOTS=1 saves screenshots at 390 px and 1280 px.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { matches } from '../../src/server/db/schema';
import { setMatchResult } from '../../src/server/modules/admin/service';
import { apiUser as createApiUser, hasChromium, type RunningApp, useBrowserApp, shoot } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();

describe.runIf(withChromium)('browser: the game', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  const apiUser = (username: string) => createApiUser(server, browser, username);

  const api = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, headers: { cookie } }).then((r) => r.json());

  it('predicts by keyboard, closes live, reveals picks, opens a member and shows stats', async () => {
    const ana = await apiUser('ana');
    const bruno = await apiUser('bruno');
    const leagueId = (await api(ana.cookie, 'GET', '/api/leagues')).leagues[0].id;
    const group = (await api(ana.cookie, 'POST', '/api/groups', { name: 'Keyboard pool', leagueId })).group;
    await api(bruno.cookie, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });

    // The first open match of the league, moved two hours away so the test never races its real deadline.
    const [first] = await server.database.db.select().from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 16 * 60_000)))).orderBy(matches.kickoff).limit(1);
    await server.database.db.update(matches).set({ kickoff: new Date(Date.now() + 2 * 3_600_000) }).where(eq(matches.id, first!.id));
    const listed = (await api(ana.cookie, 'GET', `/api/groups/${group.id}/matches`)).matches as { id: string; homeTeam: { name: string }; awayTeam: { name: string } }[];
    const target = listed.find((m) => m.id === first!.id)!;
    const label = `${target.homeTeam.name} – ${target.awayTeam.name}`;

    // The owner picks the group's scoring before anything closes; the tab is in the address.
    const page = ana.page;
    await page.goto(`${server.url}/group/${group.id}/predictions`);
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.waitForURL(/\?tab=rules/);
    await page.getByRole('button', { name: 'Change the rules' }).click();
    await page.getByLabel('Kicktipp 4/3/2').check();
    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByRole('button', { name: 'Save rules' }).waitFor({ state: 'detached' });
    await page.getByRole('tabpanel').getByText('Kicktipp 4/3/2').waitFor();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Rules' }).getAttribute('aria-selected')).resolves.toBe('true');
    await shoot(page, 'game-00-rules');
    await page.getByRole('tab', { name: 'Matches' }).click();

    // Keyboard: type 2, Tab, type 1, then save the round.
    const card = page.getByRole('listitem', { name: label });
    await card.getByLabel(`${target.homeTeam.name} goals`).focus();
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1');
    await expect(card.getByLabel(`${target.awayTeam.name} goals`).inputValue()).resolves.toBe('1');
    // The arrow keys and the steppers change a score by one goal.
    await page.keyboard.press('ArrowUp');
    await expect(card.getByLabel(`${target.awayTeam.name} goals`).inputValue()).resolves.toBe('2');
    await card.getByRole('button', { name: `One goal fewer for ${target.awayTeam.name}` }).click();
    await expect(card.getByLabel(`${target.awayTeam.name} goals`).inputValue()).resolves.toBe('1');
    await page.getByRole('button', { name: 'Save predictions' }).click();
    await page.getByText('✓ Saved').waitFor();
    await api(bruno.cookie, 'PUT', `/api/groups/${group.id}/predictions`, { predictions: [{ matchId: target.id, homeGoals: 0, awayGoals: 1 }] });
    await page.reload();
    await card.getByText('2 of 2 members predicted').waitFor();
    await shoot(page, 'game-01-predicted');
    expect(await seriousViolations(page), 'axe on the matches tab').toEqual([]);

    // The match closes while the page is open: its inputs lock by themselves.
    await server.database.db.update(matches).set({ kickoff: new Date(Date.now() + 15 * 60_000 + 5_000) }).where(eq(matches.id, target.id));
    await page.reload();
    await expect(card.getByLabel(`${target.homeTeam.name} goals`).isEnabled()).resolves.toBe(true);
    await card.getByText('Predictions closed').waitFor({ timeout: 15_000 });
    await expect(card.locator('input').count()).resolves.toBe(0);

    // After the close everyone's picks are shown.
    await card.getByRole('button', { name: "See everyone's predictions" }).click();
    const picks = card.getByRole('list', { name: "Members' predictions" });
    await picks.getByText('bruno').waitFor();
    await expect(picks.textContent()).resolves.toMatch(/ana\s*2–1.*bruno\s*0–1/s);
    await shoot(page, 'game-02-revealed');

    // Live, without a reload: a goal entered by an administrator shows on the open card; the Ranking tab
    // is provisional while the match is in play ("if it ended now"; Kicktipp: ana's 2–1 on 1–0 is the
    // right goal difference, 3), moves with the next goal (her exact score, 4), and the final whistle
    // makes it official.
    // bruno's home page follows the live events of his groups' leagues (GET /api/events): tied at the
    // start, he drops to second when ana's prediction starts scoring.
    const brunoHome = bruno.page;
    await brunoHome.goto(`${server.url}/`);
    const brunoCard = brunoHome.getByRole('link', { name: /Keyboard pool/ });
    await brunoCard.getByText('#1 of 2').waitFor();
    await setMatchResult(server.database.db, target.id, { status: 'live', homeGoals: 1, awayGoals: 0 });
    await card.getByText('1 – 0').waitFor({ timeout: 5_000 });
    await brunoCard.getByText('#2 of 2').waitFor({ timeout: 5_000 });
    await page.getByRole('tab', { name: 'Ranking' }).click();
    const anaRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'ana' }) });
    const provisional = page.getByTestId('provisional-ranking');
    await provisional.getByText('If the match in play ended now', { exact: false }).waitFor();
    await anaRow.getByRole('cell', { name: '3', exact: true }).waitFor();
    await shoot(page, 'game-025-provisional');
    await setMatchResult(server.database.db, target.id, { status: 'live', homeGoals: 2, awayGoals: 1 });
    await anaRow.getByRole('cell', { name: '4', exact: true }).waitFor({ timeout: 5_000 });
    await setMatchResult(server.database.db, target.id, { status: 'finished', homeGoals: 2, awayGoals: 1 });
    await provisional.waitFor({ state: 'detached', timeout: 5_000 });
    await anaRow.getByRole('cell', { name: '4', exact: true }).waitFor();

    // The ranking links to each member's past predictions.
    await page.getByRole('link', { name: 'bruno' }).click();
    await page.getByRole('heading', { name: 'Predictions of bruno' }).waitFor();
    const past = page.getByRole('listitem', { name: label });
    await past.getByText('Predicted 0–1').waitFor();
    await past.getByText(/Opposite result/).waitFor();
    await shoot(page, 'game-03-member');
    expect(await seriousViolations(page), 'axe on a member\'s predictions').toEqual([]);

    // The History tab lists the closed match with everyone's picks.
    await page.goto(`${server.url}/group/${group.id}?tab=history`);
    const history = page.getByRole('tabpanel').getByRole('listitem', { name: label });
    await history.getByRole('button', { name: "See everyone's predictions" }).click();
    await history.getByRole('list', { name: "Members' predictions" }).getByText('bruno').waitFor();
    await shoot(page, 'game-035-history');

    // The Standings tab: the demo league's table from its results.
    await page.goto(`${server.url}/group/${group.id}?tab=standings`);
    const table = page.getByRole('table', { name: 'Table' });
    await table.getByRole('row').nth(8).waitFor();
    await expect(table.getByRole('row').count()).resolves.toBe(9); // header + 8 clubs
    await shoot(page, 'game-036-standings');
    expect(await seriousViolations(page), 'axe on the standings tab').toEqual([]);

    // Stats and charts, in the three languages.
    await page.goto(`${server.url}/group/${group.id}/stats`);
    await page.getByRole('heading', { name: 'Stats', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Sharpshooter' }).waitFor();
    await page.locator('.recharts-surface').nth(1).waitFor();
    await shoot(page, 'game-04-stats');
    expect(await seriousViolations(page), 'axe on the stats page').toEqual([]);
    for (const [language, title] of [['pt-BR', 'Estatísticas'], ['es', 'Estadísticas']] as const) {
      await page.evaluate((lng) => { localStorage.setItem('userLanguage', lng); localStorage.setItem('palpite.language', lng); }, language);
      await page.reload();
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
      await page.locator('.recharts-surface').nth(1).waitFor();
      await shoot(page, `game-05-stats-${language}`);
    }
    await page.goto(`${server.url}/group/${group.id}?tab=history`);
    await page.getByRole('tab', { name: 'Historial' }).waitFor();
    await shoot(page, 'game-06-history-es');
    await ana.context.close();
    await bruno.context.close();
  });
});
