/**
 * Tournament replays in Chromium: an administrator replays the shipped 2022 World Cup from the leagues
 * screen at 1280 px (the dialog's defaults and help, a speed out of range refused on its field), sees it
 * listed as running with its speed and source and marked Replay among the leagues, pauses and resumes it,
 * and is asked before a Stop or a Delete (which says the league's groups go too); an uploaded file (one
 * that is not JSON refused on its field) makes another replay, deleted once confirmed; a member choosing the
 * league for a new group at 390 px sees it marked Replay, and so does the new group's page. Then a replay
 * at speed 600 is paused 35 match minutes into its opening match: a member's card at 390 px shows the
 * minute (36') and Ecuador's scorer; moved on to half time from the test process, the open page follows
 * its live event ("Half time"); a final written as played shows its scorers, extra time and shoot-out.
 * Nothing overflows sideways and axe finds no serious violation. SCREENSHOTS=1 saves each screen at 390
 * and 1280 px into ./screenshots.
 */
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { matches } from '../../src/server/db/schema';
import { controlReplay } from '../../src/server/modules/replay/service';
import { apiUser, clickForToast, hasChromium, type ApiUser, type RunningApp, useBrowserApp } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const SHOTS = process.env.SCREENSHOTS === '1';
const ADMIN_EMAIL = 'replays@example.com';
const LEAGUE = 'World Cup 2022 replay';

describe.runIf(withChromium)('browser: tournament replays', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; }, { ADMIN_EMAILS: ADMIN_EMAIL, SYNC: 'false' });
  let boss: ApiUser | undefined;

  const size = (page: Page, width: number) => page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
  const api = (who: ApiUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  /** At each width: no sideways overflow, no serious axe violation, and a screenshot with SCREENSHOTS=1. */
  async function check(page: Page, name: string, widths = [390, 1280], fullPage = true) {
    for (const width of widths) {
      await size(page, width);
      await page.waitForTimeout(150);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${name} at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${name} at ${width} px: axe`).toEqual([]);
      if (SHOTS) await page.screenshot({ path: `screenshots/replay-${name}-${width}.png`, fullPage });
    }
  }

  it('replays the shipped World Cup from the admin area, lists it, pauses and resumes it', async () => {
    boss ??= await apiUser(server, browser, 'boss', { email: ADMIN_EMAIL });
    const page = boss.page;
    await size(page, 1280);
    await page.goto(`${server.url}/admin/leagues`);
    await page.getByRole('heading', { level: 1, name: 'Leagues' }).waitFor();

    // The dialog opens on the shipped World Cup at speed 60, the first kickoff 20 minutes ahead, with what that means.
    await page.getByRole('button', { name: 'Replay a tournament' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replay a tournament' });
    await expect(dialog.getByRole('radio', { name: /^World Cup 2022/ }).isChecked()).resolves.toBe(true);
    await expect(dialog.getByLabel('Speed').inputValue()).resolves.toBe('60');
    await dialog.getByText('At 60, a 90-minute match plays in 1 min, 30 sec plus 15 sec of half time, and kickoffs are 30 sec to 3 min apart.').waitFor();
    await dialog.getByText('start at least 20 minutes ahead to let members predict the first matches', { exact: false }).waitFor();
    const start = await dialog.getByLabel('First kickoff').inputValue();
    const lead = await page.evaluate((value) => new Date(value).getTime() - Date.now(), start);
    expect(lead).toBeGreaterThan(18 * 60_000);
    expect(lead).toBeLessThanOrEqual(21 * 60_000);
    // The speed's help follows what is typed.
    await dialog.getByLabel('Speed').fill('600');
    await dialog.getByText('At 600, a 90-minute match plays in 9 sec plus 1.5 sec of half time, and kickoffs are 3 sec to 18 sec apart.').waitFor();

    // An address or a file asks for the time zone of its times.
    await dialog.getByRole('radio', { name: /^openfootball file address/ }).check();
    await dialog.getByRole('textbox', { name: 'File address' }).waitFor();
    await dialog.getByText("Needed when the file's times carry no UTC offset, for example Asia/Qatar.").waitFor();
    await dialog.getByRole('radio', { name: /^Upload a file/ }).check();
    await dialog.getByLabel('File', { exact: true }).waitFor();
    await check(page, 'dialog-upload', [1280, 390], false);
    await size(page, 1280);
    await dialog.getByRole('radio', { name: /^World Cup 2022/ }).check();
    await expect(dialog.getByRole('textbox', { name: 'File address' }).count()).resolves.toBe(0);

    // A speed out of range is refused on its field, before anything is sent.
    await dialog.getByLabel('Speed').fill('900');
    await dialog.getByRole('button', { name: 'Start replay' }).click();
    await dialog.getByText('Enter a speed from 1 to 600.').waitFor();
    await expect(dialog.getByLabel('Speed').getAttribute('aria-invalid')).resolves.toBe('true');
    await dialog.getByLabel('Speed').fill('60');
    await dialog.getByLabel('League name (optional)').fill(LEAGUE);
    await check(page, 'dialog', [1280, 390], false);
    await size(page, 1280);
    // The toast watched from before the click, as in clickForToast, by a pattern (its kickoff's time varies).
    const createdToast = page.getByRole('status').filter({ hasText: /Replay created: its first kickoff is / }).waitFor();
    await dialog.getByRole('button', { name: 'Start replay' }).click();
    await createdToast;
    await dialog.waitFor({ state: 'detached' });

    // Listed as running, with its speed and source; marked Replay among the leagues.
    const card = page.getByRole('list', { name: 'Replays' }).getByRole('listitem', { name: LEAGUE });
    await card.getByText('Running', { exact: true }).waitFor();
    await card.getByText('×60', { exact: true }).waitFor();
    await card.getByText('World Cup 2022 (shipped)').waitFor();
    const row = page.getByRole('row', { name: new RegExp(LEAGUE) });
    await row.getByText('Replay', { exact: true }).waitFor();
    await row.getByText('Replay · Running · ×60').waitFor();
    const listed = (await api(boss, 'GET', '/api/admin/replays')).json().replays;
    expect(listed).toMatchObject([{ leagueName: LEAGUE, state: 'running', speed: 60, source: 'bundled:worldcup-2022', demo: false }]);

    // Paused, then resumed.
    await clickForToast(page, card.getByRole('button', { name: `Pause ${LEAGUE}` }), `${LEAGUE} is paused: its clock stands still.`);
    await card.getByText('Paused', { exact: true }).waitFor();
    await row.getByText('Replay · Paused · ×60').waitFor();
    await check(page, 'list-paused');
    await size(page, 1280);
    await card.getByRole('button', { name: `Resume ${LEAGUE}` }).click();
    await card.getByText('Running', { exact: true }).waitFor();
    expect((await api(boss, 'GET', '/api/admin/replays')).json().replays[0].state).toBe('running');

    // Stop and Delete ask first; Delete says the league's groups go too. Both cancelled here.
    await card.getByRole('button', { name: `Stop ${LEAGUE}` }).click();
    const stop = page.getByRole('dialog', { name: `Stop the replay of ${LEAGUE}?` });
    await stop.getByText('Matches not yet over are cancelled and their predictions voided.', { exact: false }).waitFor();
    await stop.getByRole('button', { name: 'Cancel' }).click();
    await stop.waitFor({ state: 'detached' });
    await card.getByRole('button', { name: `Delete ${LEAGUE}` }).click();
    const remove = page.getByRole('dialog', { name: `Delete ${LEAGUE} and its groups?` });
    await remove.getByText('The league, its matches and every group playing it are deleted', { exact: false }).waitFor();
    await remove.getByRole('button', { name: 'Delete league and groups' }).waitFor();
    await check(page, 'delete-confirm', [1280, 390], false);
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await remove.waitFor({ state: 'detached' });
    expect((await api(boss, 'GET', '/api/admin/replays')).json().replays[0].state).toBe('running');

    // An uploaded file is read here (one that is not JSON is refused on its field) and sent with its time zone.
    await page.getByRole('button', { name: 'Replay a tournament' }).click();
    await dialog.getByRole('radio', { name: /^Upload a file/ }).check();
    const file = dialog.getByLabel('File', { exact: true });
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not json') });
    await dialog.getByText('This file is not JSON: choose an openfootball .json file.').waitFor();
    const opening = { round: 'Matchday 1', date: '2022-11-20', time: '19:00', team1: 'Qatar', team2: 'Ecuador', score: { ft: [0, 2] }, goals1: [], goals2: [{ name: 'Enner Valencia', minute: 16, penalty: true }] };
    await file.setInputFiles({ name: 'mini-cup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ name: 'Mini Cup 2022', matches: [opening] })) });
    await dialog.getByText('Ready to send: mini-cup.json').waitFor();
    await dialog.getByLabel('Time zone of its times').fill('Asia/Qatar');
    await dialog.getByRole('button', { name: 'Start replay' }).click();
    await dialog.waitFor({ state: 'detached' });
    const uploaded = page.getByRole('list', { name: 'Replays' }).getByRole('listitem', { name: 'Mini Cup 2022' });
    await uploaded.getByText('Uploaded file mini-cup.json').waitFor();

    // Deleted once confirmed, with its league.
    await uploaded.getByRole('button', { name: 'Delete Mini Cup 2022' }).click();
    await clickForToast(page, page.getByRole('dialog', { name: 'Delete Mini Cup 2022 and its groups?' }).getByRole('button', { name: 'Delete league and groups' }), 'Mini Cup 2022 and its groups are deleted.');
    await uploaded.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: /Mini Cup 2022/ }).waitFor({ state: 'detached' });
    expect((await api(boss, 'GET', '/api/admin/replays')).json().replays.map((r: { leagueName: string }) => r.leagueName)).toEqual([LEAGUE]);
  });

  it('marks the replayed league for a member creating a group on a phone, and on the group page', async () => {
    const member = await apiUser(server, browser, 'ana');
    const page = member.page;
    await page.goto(`${server.url}/create-group`);
    const league = page.getByLabel('League or tournament');
    const option = league.locator('option', { hasText: `${LEAGUE} · Replay` });
    await option.waitFor({ state: 'attached' });
    await league.selectOption((await option.getAttribute('value'))!);
    const note = page.getByText('A real tournament played again on a faster clock', { exact: false });
    await note.waitFor();
    await page.locator('p').filter({ has: note }).getByText('Replay', { exact: true }).waitFor();
    await check(page, 'create-group', [390]);
    await page.getByLabel('Group name').fill('Qatar again');
    await page.getByRole('button', { name: 'Create group' }).click();
    await page.getByRole('heading', { level: 1, name: 'Qatar again' }).waitFor();
    await page.locator('header').filter({ hasText: 'Qatar again' }).getByText('Replay', { exact: true }).waitFor();
    await page.goto(`${server.url}/groups`);
    await page.getByRole('link', { name: /Qatar again/ }).getByText('Replay', { exact: true }).waitFor();
    await member.context.close();
  });

  it('shows a live match\'s minute and scorers on a phone, follows it to half time, and a final\'s shoot-out', async () => {
    const db = server.database.db;
    boss ??= await apiUser(server, browser, 'boss', { email: ADMIN_EMAIL });
    const created = await api(boss, 'POST', '/api/admin/replays', {
      source: { kind: 'bundled', name: 'worldcup-2022' }, speed: 600, startsAt: new Date().toISOString(), leagueName: 'Replay live',
    });
    expect(created.statusCode).toBe(201);
    const { leagueId, startsAt } = created.json().replay as { leagueId: string; startsAt: string };
    const start = Date.parse(startsAt);
    // 35 match minutes into the opening match (3.5 s at speed 600), paused there: its clock stands at 36'.
    await controlReplay(db, leagueId, 'pause', new Date(start + 3_500));

    const member = await apiUser(server, browser, 'bruno');
    const group = (await api(member, 'POST', '/api/groups', { name: 'Live replay', leagueId })).json().group as { id: string };
    const page = member.page;
    await page.goto(`${server.url}/group/${group.id}?tab=matches`);
    const card = page.getByRole('listitem', { name: 'Qatar – Ecuador' });
    // Later rounds are still open (their kickoffs are over 15 minutes away): the page opens on one of them.
    await page.getByRole('combobox', { name: 'Round' }).selectOption({ label: 'Matchday 1' });
    await expect.poll(() => card.getByTestId('live-clock').textContent()).toBe("36'");
    await card.getByText('Live', { exact: false }).first().waitFor();
    await card.getByText('0 – 2').waitFor();
    const ecuador = card.getByRole('list', { name: 'Goals for Ecuador' });
    await expect.poll(() => ecuador.textContent()).toMatch(/Enner Valencia\s*16' \(pen\.\), 31'/);
    await expect(card.getByRole('list', { name: 'Goals for Qatar' }).count()).resolves.toBe(0);
    await check(page, 'live-card', [390, 1280], false);
    await size(page, 390);

    // 50 match minutes in (the first half ended at 47'): the open page hears it and shows half time.
    await controlReplay(db, leagueId, 'resume', new Date(start + 3_500));
    await controlReplay(db, leagueId, 'pause', new Date(start + 5_000));
    await expect.poll(() => card.getByTestId('live-clock').textContent(), { timeout: 10_000 }).toBe('Half time');
    await expect.poll(() => ecuador.textContent()).toMatch(/Enner Valencia/);

    // A final written as played: its scorers, extra time and shoot-out.
    await db.update(matches).set({
      status: 'finished', homeGoals: 2, awayGoals: 2, homeGoalsExtraTime: 3, awayGoalsExtraTime: 3, homePenalties: 4, awayPenalties: 2, live: null,
      goals: [
        { side: 'home', minute: 23, offset: null, scorer: 'Lionel Messi', penalty: true, ownGoal: false },
        { side: 'home', minute: 36, offset: null, scorer: 'Ángel Di María', penalty: false, ownGoal: false },
        { side: 'away', minute: 80, offset: null, scorer: 'Kylian Mbappé', penalty: true, ownGoal: false },
        { side: 'away', minute: 81, offset: null, scorer: 'Kylian Mbappé', penalty: false, ownGoal: false },
        { side: 'home', minute: 108, offset: null, scorer: 'Lionel Messi', penalty: false, ownGoal: false },
        { side: 'away', minute: 118, offset: null, scorer: 'Kylian Mbappé', penalty: true, ownGoal: false },
      ],
    }).where(and(eq(matches.leagueId, leagueId), eq(matches.roundName, 'Final')));
    await page.reload();
    await page.getByRole('combobox', { name: 'Round' }).selectOption({ label: 'Final' });
    const final = page.getByRole('listitem', { name: /^Argentina – France$/ });
    await final.getByText('a.e.t. 3–3 · 4–2 on penalties').waitFor();
    await expect.poll(() => final.getByRole('list', { name: 'Goals for Argentina' }).textContent()).toMatch(/Lionel Messi\s*23' \(pen\.\), 108'.*Ángel Di María\s*36'/);
    await expect.poll(() => final.getByRole('list', { name: 'Goals for France' }).textContent()).toMatch(/Kylian Mbappé\s*80' \(pen\.\), 81', 118' \(pen\.\)/);
    await final.scrollIntoViewIfNeeded();
    await check(page, 'final-card', [390, 1280], false);
    await member.context.close();
  });
});
