/**
 * The game in a real browser (Chromium): predict by keyboard and save a round, watch a match close live,
 * see others' picks after the close, see a live goal and the final whistle reach the open page without a
 * reload, open a member's past predictions from the ranking, and the stats page with its charts in three
 * languages. Then, each on a small league of its own: a member's past predictions round by round (the
 * empty state, a round gone while shown), the question before leaving unsaved scores by an in-app link,
 * a match closing by the server's clock with its score unsaved, the stats page before anything is
 * scored, the final podium's confetti (once), and the stats and charts at 1280 px in three languages.
 * SCREENSHOTS=1 saves screenshots at 390 px and 1280 px.
 */
import { readFileSync } from 'node:fs';
import { and, eq, gt } from 'drizzle-orm';
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { matches } from '../../src/server/db/schema';
import { setMatchResult } from '../../src/server/modules/admin/service';
import { DEMO_TEAMS } from '../../src/server/modules/demo/demo-league';
import { importCompetition } from '../../src/server/modules/import/service';
import { addCookieHeader, apiUser as createApiUser, type ApiUser, hasChromium, type RunningApp, useBrowserApp, shoot } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const HOUR = 3_600_000;
const LANGUAGES = ['en', 'pt-BR', 'es'] as const;
type Language = (typeof LANGUAGES)[number];

/** The texts of the game and stats screens in a language, from its translation files. */
function texts(language: Language) {
  const read = (file: string) => JSON.parse(readFileSync(`src/web/i18n/locales/${language}/${file}.json`, 'utf8'));
  const { stats, memberPredictions } = read('stats') as {
    stats: Record<'title' | 'empty' | 'podium' | 'finalPodium' | 'highlights' | 'charts' | 'rankingChart' | 'pointsChart' | 'matchdayWinners', string>
      & { cards: Record<string, { title: string }> };
    memberPredictions: Record<'empty', string>;
  };
  const { matches: game } = read('game') as { matches: Record<'closedUnsaved' | 'noPrediction' | 'leaveUnsaved_one' | 'leaveUnsaved_other', string> };
  return { stats, memberPredictions, game };
}

/** A translation with its {{placeholders}} filled, as i18next fills them. */
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/**
 * Scrolls to the stats page's charts (their code loads as they near the screen, as a person scrolling
 * down gets them) and waits until both are drawn.
 */
async function chartsShown(page: Page): Promise<void> {
  await page.locator('#charts-title').scrollIntoViewIfNeeded();
  await page.locator('.recharts-surface').nth(1).waitFor();
}

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
    await chartsShown(page);
    await shoot(page, 'game-04-stats');
    // With a chart's tooltip open (the pointer over the chart), whose text must be as readable as the page's.
    const chart = page.locator('.recharts-surface').first();
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator('.recharts-tooltip-item-name').first().waitFor();
    // Titled with the round it shows, not its bare number.
    expect(await page.locator('.recharts-tooltip-label').first().textContent()).toMatch(/^Round \d+$/);
    expect(await seriousViolations(page), 'axe on the stats page').toEqual([]);
    await page.mouse.move(0, 0);
    for (const [language, title] of [['pt-BR', 'Estatísticas'], ['es', 'Estadísticas']] as const) {
      await page.evaluate((lng) => { localStorage.setItem('userLanguage', lng); localStorage.setItem('palpite.language', lng); }, language);
      await page.reload();
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
      await chartsShown(page);
      await shoot(page, `game-05-stats-${language}`);
    }
    await page.goto(`${server.url}/group/${group.id}?tab=history`);
    await page.getByRole('tab', { name: 'Historial' }).waitFor();
    await shoot(page, 'game-06-history-es');
    await ana.context.close();
    await bruno.context.close();
  });

  /** A match of a test league: its id, its clubs and its card's label ("Home – Away"). */
  interface LeagueMatch { id: string; home: string; away: string; label: string }

  /**
   * Imports a small league of its own for one test (the demo's clubs, another pair for each match), every
   * match scheduled at its kickoff in round `round` ("Matchday n"); returns its matches in the order given.
   */
  async function newLeague(name: string, fixtures: { round: number; kickoff: Date }[]): Promise<{ leagueId: string; matches: LeagueMatch[] }> {
    const pair = (i: number) => [DEMO_TEAMS[i % 8]!, DEMO_TEAMS[(i + 4) % 8]!] as const;
    const { leagueId } = await importCompetition(server.database.db, {
      name, season: '2026', kind: 'league', warnings: [],
      matches: fixtures.map(({ round, kickoff }, i) => {
        const [home, away] = pair(i);
        return {
          externalId: `M${i + 1}`, roundName: `Matchday ${round}`, roundOrder: round, stage: 'league' as const, groupName: null, kickoff,
          status: 'scheduled' as const, home: { ...home }, away: { ...away }, fullTime: null, extraTime: null, penalties: null, venue: null,
          label: `${home.name} v ${away.name}`,
        };
      }),
    }, { provider: 'demo' });
    const rows = await server.database.db.select({ id: matches.id, externalId: matches.externalId }).from(matches).where(eq(matches.leagueId, leagueId));
    return {
      leagueId,
      matches: fixtures.map((_, i) => {
        const [home, away] = pair(i);
        return { id: rows.find((row) => row.externalId === `M${i + 1}`)!.id, home: home.name, away: away.name, label: `${home.name} – ${away.name}` };
      }),
    };
  }

  /** Creates `owner`'s group on a league, `others` joining by its invite code; returns the group's id. */
  async function newGroup(owner: ApiUser, name: string, leagueId: string, others: ApiUser[] = []): Promise<string> {
    const group = (await api(owner.cookie, 'POST', '/api/groups', { name, leagueId })).group as { id: string; inviteCode: string };
    for (const other of others) await api(other.cookie, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });
    return group.id;
  }

  /** Saves `who`'s predictions in a group through the API, each [match, home goals, away goals]; all must be saved. */
  async function predict(who: ApiUser, groupId: string, picks: [LeagueMatch, number, number][]): Promise<void> {
    const { results } = await api(who.cookie, 'PUT', `/api/groups/${groupId}/predictions`, {
      predictions: picks.map(([match, homeGoals, awayGoals]) => ({ matchId: match.id, homeGoals, awayGoals })),
    });
    expect(results.map((result: { status: string }) => result.status)).toEqual(picks.map(() => 'saved'));
  }

  /** Plays a match: kicked off `hoursAgo` hours ago and finished with this score, scored at once. */
  async function play(match: LeagueMatch, homeGoals: number, awayGoals: number, hoursAgo: number): Promise<void> {
    await server.database.db.update(matches).set({ kickoff: new Date(Date.now() - hoursAgo * HOUR) }).where(eq(matches.id, match.id));
    await setMatchResult(server.database.db, match.id, { status: 'finished', homeGoals, awayGoals });
  }

  /** The signed-in user's id. */
  const userId = async (who: ApiUser): Promise<string> => (await api(who.cookie, 'GET', '/api/me')).user.id;

  /** Switches the page to `language` (the stored choice, as the language menu stores it) and reloads. */
  async function useLanguage(page: Page, language: Language): Promise<void> {
    await page.evaluate((code) => localStorage.setItem('userLanguage', code), language);
    await page.reload();
    await page.waitForFunction((code) => document.documentElement.lang === code, language);
  }

  /**
   * Counts, in each document of `context` (from zero after a load), the confetti bursts: canvas-confetti
   * adds its own canvas to the body for a burst; the app adds no other canvas there. Read with
   * confettiBursts. Watching a context twice counts once.
   */
  async function watchConfetti(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      const counted = window as unknown as { confettiBursts?: number };
      if (counted.confettiBursts !== undefined) return;
      counted.confettiBursts = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) if (node.nodeName === 'CANVAS' && node.parentNode === document.body) counted.confettiBursts = (counted.confettiBursts ?? 0) + 1;
        }
      }).observe(document, { childList: true, subtree: true });
    });
  }
  const confettiBursts = (page: Page) => page.evaluate(() => (window as unknown as { confettiBursts: number }).confettiBursts);

  /** The stats page with its podium drawn and its charts loaded (they load after the podium's effects ran). */
  async function statsShown(page: Page, podiumTitle: string): Promise<void> {
    await page.getByRole('heading', { name: podiumTitle, exact: true }).waitFor();
    await chartsShown(page);
  }

  interface PlayedGroup { groupId: string; viewer: ApiUser; enzoId: string; fabiId: string; m: LeagueMatch[] }
  let played: Promise<PlayedGroup> | undefined;
  /**
   * Made once for the tests that read it (each also works alone): "Round pool" on a league whose
   * Matchday 1 is played, Matchday 2 played but for one open match, Matchday 3 open. Default rules
   * (10/5/3/−2). dora (the viewer, 390 px), enzo and fabi predicted:
   *   Matchday 1, 2–1: dora 1–0 (goal difference, 5), enzo 2–1 (exact, 10)
   *               2–0: dora 2–0 (exact, 10), enzo 0–1 (opposite, −2)
   *   Matchday 2, 3–2: dora 0–0 (miss, 0), enzo 1–0 (goal difference, 5); open match: enzo 1–1, fabi 2–2
   *   Matchday 3, open: enzo 3–3
   * so dora 15, enzo 13 (8 then 5) and fabi 0, with no prediction of a closed match.
   */
  const playedGroup = () => (played ??= (async () => {
    const now = Date.now();
    const day = 24 * HOUR;
    const league = await newLeague('Round Cup', [
      { round: 1, kickoff: new Date(now + 2 * day) }, { round: 1, kickoff: new Date(now + 2 * day + 2 * HOUR) },
      { round: 2, kickoff: new Date(now + 5 * day) }, { round: 2, kickoff: new Date(now + 5 * day + 2 * HOUR) },
      { round: 3, kickoff: new Date(now + 8 * day) },
    ]);
    const [m1, m2, m3, m4, m5] = league.matches as [LeagueMatch, LeagueMatch, LeagueMatch, LeagueMatch, LeagueMatch];
    const [dora, enzo, fabi] = await Promise.all([apiUser('dora'), apiUser('enzo'), apiUser('fabi')]);
    const groupId = await newGroup(dora, 'Round pool', league.leagueId, [enzo, fabi]);
    await predict(dora, groupId, [[m1, 1, 0], [m2, 2, 0], [m3, 0, 0]]);
    await predict(enzo, groupId, [[m1, 2, 1], [m2, 0, 1], [m3, 1, 0], [m4, 1, 1], [m5, 3, 3]]);
    await predict(fabi, groupId, [[m4, 2, 2]]);
    await play(m1, 2, 1, 6 * 24);
    await play(m2, 2, 0, 6 * 24 - 2);
    await play(m3, 3, 2, 3 * 24);
    return { groupId, viewer: dora, enzoId: await userId(enzo), fabiId: await userId(fabi), m: league.matches };
  })());

  it("shows a member's closed predictions round by round from the ranking, and says when there are none", async () => {
    const { groupId, viewer, enzoId, fabiId, m } = await playedGroup();
    const page = viewer.page;
    await page.goto(`${server.url}/group/${groupId}?tab=ranking`);
    await page.getByRole('link', { name: 'enzo' }).click();
    await page.getByRole('heading', { name: 'Predictions of enzo' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/groups/${groupId}/members/${enzoId}/predictions`);

    const round = page.getByRole('navigation', { name: 'Round' });
    const previous = round.getByRole('button', { name: 'Previous round' });
    const next = round.getByRole('button', { name: 'Next round' });
    const cards = page.getByRole('main').getByRole('listitem');
    const card = (match: LeagueMatch) => page.getByRole('listitem', { name: match.label });
    const labels = () => cards.evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));

    // The latest round with a closed match first: Matchday 2 without its open match (enzo's 1–1 there).
    await round.getByText('Matchday 2', { exact: true }).waitFor();
    await expect(labels()).resolves.toEqual([m[2]!.label]);
    await expect(card(m[2]!).innerText()).resolves.toMatch(/3–2[\s\S]*Predicted 1–0[\s\S]*Goal difference · \+5 pts/);
    await page.getByText('Round total: 5 pts', { exact: true }).waitFor();
    await expect(next.isDisabled()).resolves.toBe(true); // Matchday 3 has no closed match yet
    await shoot(page, 'game-07-member-round-2');

    await previous.click();
    await round.getByText('Matchday 1', { exact: true }).waitFor();
    await expect(labels()).resolves.toEqual([m[0]!.label, m[1]!.label]);
    await expect(card(m[0]!).innerText()).resolves.toMatch(/2–1[\s\S]*Predicted 2–1[\s\S]*Exact score · \+10 pts/);
    await expect(card(m[1]!).innerText()).resolves.toMatch(/2–0[\s\S]*Predicted 0–1[\s\S]*Opposite result · -2 pts/);
    await page.getByText('Round total: 8 pts', { exact: true }).waitFor();
    await expect(previous.isDisabled()).resolves.toBe(true);

    await next.click();
    await round.getByText('Matchday 2', { exact: true }).waitFor();
    await expect(labels()).resolves.toEqual([m[2]!.label]);
    await page.getByText('Round total: 5 pts', { exact: true }).waitFor();

    // fabi predicted only an open match: nothing past to show, and no rounds to step through.
    await page.goto(`${server.url}/group/${groupId}?tab=ranking`);
    await page.getByRole('link', { name: 'fabi' }).click();
    await page.getByRole('heading', { name: 'Predictions of fabi' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/groups/${groupId}/members/${fabiId}/predictions`);
    await page.getByText(texts('en').memberPredictions.empty, { exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Previous round' }).count()).resolves.toBe(0);
    await expect(cards.count()).resolves.toBe(0);
    await shoot(page, 'game-08-member-empty');
  });

  let solo: Promise<ApiUser> | undefined;
  /**
   * gabi, signed up once (each sign-up hashes a password): the player of the tests below that need only
   * one, each with a group on a league of its own and a new tab of gabi's browser (its own clock, dialogs
   * and media settings; the language stored there is left in English).
   */
  const gabi = () => (solo ??= apiUser('gabi'));

  it("keeps a member's predictions page showing when the round shown disappears (its only match postponed)", async () => {
    const league = await newLeague('Rain Cup', [{ round: 1, kickoff: new Date(Date.now() + 48 * HOUR) }, { round: 2, kickoff: new Date(Date.now() + 120 * HOUR) }]);
    const [first, second] = league.matches as [LeagueMatch, LeagueMatch];
    const player = await gabi();
    const groupId = await newGroup(player, 'Rain pool', league.leagueId);
    await predict(player, groupId, [[first, 1, 0], [second, 1, 0]]);
    await play(first, 1, 0, 72);
    await play(second, 2, 0, 3);
    const page = await player.context.newPage();
    await page.goto(`${server.url}/groups/${groupId}/members/${await userId(player)}/predictions`);
    const round = page.getByRole('navigation', { name: 'Round' });
    await round.getByText('Matchday 2', { exact: true }).waitFor();
    await round.getByRole('button', { name: 'Previous round' }).click();
    await page.getByRole('listitem', { name: first.label }).waitFor();

    // Matchday 1's only match is postponed (its predictions voided) while the page shows it; coming back to
    // the tab refetches: the page moves to the latest round left instead of failing.
    await setMatchResult(server.database.db, first.id, { status: 'postponed', homeGoals: null, awayGoals: null });
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await page.getByRole('listitem', { name: second.label }).waitFor();
    await round.getByText('Matchday 2', { exact: true }).waitFor();
    await expect(round.getByRole('button', { name: 'Previous round' }).isDisabled()).resolves.toBe(true);
    await page.getByText('Round total: 3 pts', { exact: true }).waitFor();
    await page.close();
  });

  it('asks before an in-app link leaves typed scores unsaved: Cancel keeps them, OK leaves without saving', async () => {
    const now = Date.now();
    const league = await newLeague('Guard Cup', [{ round: 1, kickoff: new Date(now + 48 * HOUR) }, { round: 1, kickoff: new Date(now + 50 * HOUR) }]);
    const [first, second] = league.matches as [LeagueMatch, LeagueMatch];
    const player = await gabi();
    const groupId = await newGroup(player, 'Guard pool', league.leagueId);
    const page = await player.context.newPage();
    const asked: string[] = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    const onDialog = (dialog: Dialog) => {
      asked.push(dialog.message());
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    };
    page.on('dialog', onDialog);
    const goals = (match: LeagueMatch, side: 'home' | 'away') => page.getByRole('listitem', { name: match.label }).getByLabel(`${match[side]} goals`);
    const { game } = texts('en');

    await page.goto(`${server.url}/group/${groupId}/predictions`);
    await page.waitForURL((url) => url.pathname === `/group/${groupId}` && url.searchParams.get('tab') === 'matches');
    await goals(first, 'home').fill('2');
    await goals(first, 'away').fill('1');
    await page.getByText('1 unsaved prediction').waitFor();
    // Another tab of the group page is not leaving it: nothing asked.
    await page.getByRole('tab', { name: 'Ranking' }).click();
    await page.getByRole('tab', { name: 'Matches' }).click();
    expect(asked).toEqual([]);

    // The Stats link asks first; Cancel stays, with the typed score.
    const statsLink = page.getByRole('link', { name: 'Stats →' });
    await statsLink.click();
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1);
    expect(asked[0]).toBe(fill(game.leaveUnsaved_one, { count: 1 }));
    expect(new URL(page.url()).pathname).toBe(`/group/${groupId}`);
    await expect(goals(first, 'home').inputValue()).resolves.toBe('2');
    await expect(goals(first, 'away').inputValue()).resolves.toBe('1');
    await page.getByText('1 unsaved prediction').waitFor();

    // With two typed, it asks again; OK leaves for the stats page, and nothing was saved.
    await goals(second, 'home').fill('0');
    await goals(second, 'away').fill('0');
    answer = 'accept';
    await statsLink.click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}/stats`);
    await page.getByRole('heading', { name: 'Stats', exact: true }).waitFor();
    expect(asked).toEqual([fill(game.leaveUnsaved_one, { count: 1 }), fill(game.leaveUnsaved_other, { count: 2 })]);
    const listed = (await api(player.cookie, 'GET', `/api/groups/${groupId}/matches`)).matches as { myPrediction: unknown }[];
    expect(listed.map((match) => match.myPrediction)).toEqual([null, null]);

    // Saved scores leave without a question.
    await page.getByRole('link', { name: '← Guard pool' }).click();
    await goals(first, 'home').fill('2');
    await goals(first, 'away').fill('1');
    await page.getByRole('button', { name: 'Save predictions' }).click();
    await page.getByText('✓ Saved').waitFor();
    await statsLink.click();
    await page.waitForURL((url) => url.pathname === `/group/${groupId}/stats`);
    expect(asked).toHaveLength(2);
    await page.close();
  });

  it("says a match closed before its typed score was saved, by the server's clock with the device's an hour slow, beside what was saved", async () => {
    const now = Date.now();
    // Predictions for the first match close a minute from now (kickoff − 15 min), by the server's clock.
    // A third match closes three minutes from now, with a saved 1–0.
    const league = await newLeague('Whistle Cup', [
      { round: 1, kickoff: new Date(now + 16 * 60_000) }, { round: 1, kickoff: new Date(now + 48 * HOUR) }, { round: 1, kickoff: new Date(now + 18 * 60_000) },
    ]);
    const [closing, later, saved] = league.matches as [LeagueMatch, LeagueMatch, LeagueMatch];
    const player = await gabi();
    const groupId = await newGroup(player, 'Whistle pool', league.leagueId);
    await predict(player, groupId, [[saved, 1, 0]]);
    const page = await player.context.newPage();
    await page.clock.install({ time: now - HOUR });
    await page.goto(`${server.url}/group/${groupId}/predictions`);
    const card = page.getByRole('listitem', { name: closing.label });
    await card.getByLabel(`${closing.home} goals`).fill('2');
    await card.getByLabel(`${closing.away} goals`).fill('1');
    await page.getByText('1 unsaved prediction').waitFor();

    // A minute and a bit later (the page's clock moved on, not the test's): closed, and the card says the
    // typed 2–1 was not saved instead of "No prediction"; it no longer counts as unsaved.
    await page.clock.fastForward(61_000);
    const { game } = texts('en');
    await card.getByText(fill(game.closedUnsaved, { home: 2, away: 1 }), { exact: true }).waitFor();
    await card.getByText('Predictions closed').waitFor();
    await expect(card.getByText(game.noPrediction).count()).resolves.toBe(0);
    await expect(card.locator('input').count()).resolves.toBe(0);
    await expect(page.getByText('1 unsaved prediction').count()).resolves.toBe(0);
    await expect(page.getByRole('listitem', { name: later.label }).getByLabel(`${later.home} goals`).isEnabled()).resolves.toBe(true);
    await shoot(page, 'game-09-closed-unsaved');

    // A saved prediction changed too late: both show, what stands (1–0) and what was not saved (3–0).
    const savedCard = page.getByRole('listitem', { name: saved.label });
    await savedCard.getByLabel(`${saved.home} goals`).fill('3');
    await page.clock.fastForward(2 * 60_000);
    await savedCard.getByText(fill(game.closedUnsaved, { home: 3, away: 0 }), { exact: true }).waitFor();
    await savedCard.getByText('Your prediction: 1–0', { exact: true }).waitFor();
    await page.close();
  });

  it('says there are no statistics until a prediction in the group is scored, in en, pt-BR and es', async () => {
    const now = Date.now();
    const league = await newLeague('Quiet Cup', [{ round: 1, kickoff: new Date(now + 48 * HOUR) }, { round: 2, kickoff: new Date(now + 120 * HOUR) }]);
    const [first] = league.matches as [LeagueMatch, LeagueMatch];
    const player = await gabi();
    const groupId = await newGroup(player, 'Quiet pool', league.leagueId);
    await predict(player, groupId, [[first, 1, 0]]);
    await watchConfetti(player.context);
    const page = await player.context.newPage();

    await page.goto(`${server.url}/group/${groupId}/stats`);
    for (const language of LANGUAGES) {
      const { stats } = texts(language);
      if (language !== 'en') await useLanguage(page, language);
      await page.getByRole('heading', { level: 1, name: stats.title, exact: true }).waitFor();
      await page.getByText(stats.empty, { exact: true }).waitFor();
      await expect(page.getByRole('heading', { name: stats.highlights }).count()).resolves.toBe(0);
      await shoot(page, `game-10-stats-empty-${language}`);
    }
    await useLanguage(page, 'en');

    // The first result scores the prediction: statistics now, and the league goes on (a podium, not the
    // final one, and no confetti).
    await play(first, 2, 0, 3);
    await page.reload();
    const { stats } = texts('en');
    await statsShown(page, stats.podium);
    await page.getByRole('heading', { name: stats.highlights }).waitFor();
    await expect(page.getByText(stats.empty).count()).resolves.toBe(0);
    await expect(confettiBursts(page)).resolves.toBe(0);
    await expect(page.evaluate((id) => localStorage.getItem(`palpite.celebrated.${id}`), groupId)).resolves.toBeNull();
    await page.close();
  });

  it("fires the final podium's confetti once when the league has ended: not on a second visit, a reload or with reduced motion", async () => {
    const league = await newLeague('Final Cup', [{ round: 1, kickoff: new Date(Date.now() + 48 * HOUR) }]);
    const [final] = league.matches as [LeagueMatch];
    const player = await gabi();
    const groupId = await newGroup(player, 'Final pool', league.leagueId);
    await predict(player, groupId, [[final, 2, 1]]);
    await play(final, 2, 1, 3); // the league's last match: it has ended
    const { stats } = texts('en');
    await watchConfetti(player.context);
    const page = await player.context.newPage();

    await page.goto(`${server.url}/group/${groupId}/stats`);
    await statsShown(page, stats.finalPodium);
    await expect(confettiBursts(page)).resolves.toBe(1);
    // "Once" is remembered in this browser, per group.
    await expect(page.evaluate((id) => localStorage.getItem(`palpite.celebrated.${id}`), groupId)).resolves.toMatch(/^\d{4}-\d\d-\d\dT/);

    // A reload, then back to the group and to the stats again in the app: no more. (In this order: a burst
    // still falling would take a second one into its canvas, unseen.)
    await page.reload();
    await statsShown(page, stats.finalPodium);
    await expect(confettiBursts(page)).resolves.toBe(0);
    await page.getByRole('link', { name: '← Final pool' }).click();
    await page.getByRole('link', { name: 'Stats →' }).click();
    await statsShown(page, stats.finalPodium);
    await expect(confettiBursts(page)).resolves.toBe(0);

    // On another device (nothing remembered there) that prefers reduced motion: the final podium, no confetti.
    const calm = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', reducedMotion: 'reduce' });
    await addCookieHeader(calm, player.cookie, server.url);
    await watchConfetti(calm);
    const calmPage = await calm.newPage();
    await calmPage.goto(`${server.url}/group/${groupId}/stats`);
    await statsShown(calmPage, stats.finalPodium);
    await expect(confettiBursts(calmPage)).resolves.toBe(0);
    await Promise.all([page.close(), calm.close()]);
  });

  it('shows the stat cards and both charts at 1280 px in en, pt-BR and es: translated, visible, nothing overflowing', async () => {
    const { groupId, viewer } = await playedGroup();
    const page = viewer.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/group/${groupId}/stats`);
    for (const language of LANGUAGES) {
      const { stats } = texts(language);
      await useLanguage(page, language);
      await page.getByRole('heading', { level: 1, name: stats.title, exact: true }).waitFor();
      for (const title of [stats.podium, stats.highlights, stats.charts, stats.matchdayWinners]) {
        await page.getByRole('heading', { level: 2, name: title, exact: true }).waitFor();
      }

      // Six cards, three to a row at this width, each holding its translated title without overflowing.
      const cards = page.getByRole('region', { name: stats.highlights }).getByRole('listitem');
      await expect(cards.count()).resolves.toBe(6);
      for (const kind of ['sharpshooter', 'mathematician', 'victor', 'unlucky', 'topScorer', 'hotStreak']) {
        await page.getByRole('heading', { level: 3, name: stats.cards[kind]!.title, exact: true }).waitFor();
      }
      const boxes = await cards.evaluateAll((items) => items.map((item) => ({ top: item.getBoundingClientRect().top, overflow: item.scrollWidth - item.clientWidth })));
      expect(boxes.map((box) => box.top).slice(0, 4), `${language}: cards per row`).toEqual([boxes[0]!.top, boxes[0]!.top, boxes[0]!.top, expect.any(Number)]);
      expect(boxes[3]!.top).toBeGreaterThan(boxes[0]!.top);
      expect(boxes.map((box) => box.overflow), `${language}: a card overflows`).toEqual([0, 0, 0, 0, 0, 0]);

      // Both charts, named by their translated captions, fill their frame's width and draw a line per member.
      await chartsShown(page);
      for (const caption of [stats.rankingChart, stats.pointsChart]) {
        const chart = page.getByRole('figure', { name: caption });
        // (attached: a member level all along draws a flat line, which has no height to be "visible")
        await chart.locator('.recharts-line-curve').nth(2).waitFor({ state: 'attached' });
        await expect(chart.locator('.recharts-line-curve').count()).resolves.toBe(3);
        await chart.scrollIntoViewIfNeeded();
        await expect(chart.isVisible()).resolves.toBe(true);
        const frame = (await chart.boundingBox())!;
        const drawing = (await chart.locator('svg.recharts-surface').boundingBox())!;
        expect(drawing.width, `${language} ${caption}: chart width`).toBeGreaterThan(frame.width - 40);
        expect(drawing.height, `${language} ${caption}: chart height`).toBeGreaterThan(200);
        expect(drawing.x).toBeGreaterThanOrEqual(frame.x);
        expect(drawing.x + drawing.width, `${language} ${caption}: chart wider than its frame`).toBeLessThanOrEqual(frame.x + frame.width);
      }
      // The position axis labels every rank from 1 (Recharts dropped the top edge's label, rank 1's).
      const rankLabels = await page.getByRole('figure', { name: stats.rankingChart }).locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
        .evaluateAll((labels) => labels.map((label) => label.textContent));
      expect(rankLabels.length, `${language}: ranks labelled`).toBeGreaterThanOrEqual(2);
      expect(rankLabels, `${language}: ranks labelled`).toEqual(rankLabels.map((_, i) => String(i + 1)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${language}: sideways overflow`).toBeLessThanOrEqual(0);
      if (language === 'en') expect(await seriousViolations(page), 'axe on the stats page at 1280 px').toEqual([]);
      if (process.env.SCREENSHOTS === '1') await page.screenshot({ path: `screenshots/game-11-stats-${language}-1280.png`, fullPage: true });
    }
    await useLanguage(page, 'en');
    await page.setViewportSize({ width: 390, height: 844 });
  });
});
