/**
 * What a newcomer's first pool trips over, in Chromium: a public group's link opened by someone not in
 * it shows its card and Join; My groups says a group is deactivated; group pages say the specification's
 * words when they cannot show a group ('Invalid Group ID.', 'The group may have been deleted…'), that the
 * device is offline rather than blaming the server, and 'An error occurred' for an error without a text;
 * round and group names in the reader's language and league names without the season twice; the group's
 * tabs all in sight on a phone; the FAQ's way to leave a group is the one the page has; a half-entered
 * prediction marked and never reported saved, an unusual score questioned; the Settings tab's visibility,
 * custom colour and member counts; the tie-break explained and marked; a round's winners "so far" until
 * its last match. At 390 and 1280 px; texts in en, pt-BR and es where they matter. SCREENSHOTS=1 saves
 * screenshots.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiUser, hasChromium, type ApiUser, type RunningApp, useBrowserApp, shoot } from './browser';
import { seriousViolations } from './axe';
import {
  api, HOUR, LANGUAGES, LOCALES, newGroup, newLeague, play, predict, sidewaysOverflow, text, useLanguage, userIdOf,
} from './fixtures';

const withChromium = hasChromium();

describe.runIf(withChromium)('browser: a newcomer\'s first pool', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  const person = (username: string, locale = 'en-US') => apiUser(server, browser, username, { locale });
  const demoLeague = async (who: ApiUser) => (await api(server, who, 'GET', '/api/leagues')).leagues[0].id as string;

  /** Checks the page at 390 px and 1280 px: nothing overflows sideways, axe finds nothing serious; back at 390 px. */
  async function atBothWidths(page: Page, name: string): Promise<void> {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 1000 ? 844 : 900 });
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await sidewaysOverflow(page), `${name} at ${width} px: sideways overflow`).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page), `${name} at ${width} px: axe`).toEqual([]);
    }
    await shoot(page, `newcomer-${name}`);
  }

  it('shows a public group\'s card and Join to someone who follows its link, never a private one\'s', async () => {
    const ana = await person('preview_ana');
    const leagueId = await demoLeague(ana);
    const groupId = await newGroup(server, ana, 'Sunday Kickabout', leagueId, [], { visibility: 'public', color: 'teal', description: 'Five-a-side friends' });
    const secret = await newGroup(server, ana, 'Secret Society', leagueId);

    for (const language of LANGUAGES) {
      const visitor = await person(`preview_${language.replace('-', '').toLowerCase()}`, LOCALES[language]);
      const page = visitor.page;
      await page.goto(`${server.url}/group/${groupId}`);
      await page.getByRole('heading', { level: 1, name: 'Sunday Kickabout' }).waitFor();
      await page.getByRole('heading', { name: text(language, 'group-page', 'groupPage.previewTitle') }).waitFor();
      await page.getByText('Five-a-side friends').waitFor();
      const facts = await page.locator('main header p').first().innerText();
      expect(facts).toContain('Palpite Demo League 2026');
      expect(facts, facts).toContain(text(language, 'home', 'home.members_one', { count: 1 }));
      await expect(page.getByText(text(language, 'group-page', 'groupPage.notFound')).count()).resolves.toBe(0);
      if (language === 'en') await atBothWidths(page, 'preview');
      // A private group's link shows nothing of it.
      await page.goto(`${server.url}/group/${secret}`);
      await page.getByRole('alert').filter({ hasText: text(language, 'group-page', 'groupPage.notFound') }).waitFor();
      await expect(page.getByText('Secret Society').count()).resolves.toBe(0);
      await visitor.context.close();
    }
    // Join: the group's own page, as a member.
    const joiner = await person('preview_joiner');
    await joiner.page.goto(`${server.url}/group/${groupId}`);
    await joiner.page.getByRole('button', { name: 'Join the group' }).click();
    await joiner.page.getByRole('tab', { name: 'Matches' }).waitFor();
    await expect(joiner.page.getByRole('heading', { name: 'You are not in this group yet' }).count()).resolves.toBe(0);
    await joiner.context.close();
    await ana.context.close();
  });

  it('says in My groups and on the home page that a group is deactivated, with no close to predict before', async () => {
    const ana = await person('sleepy_ana');
    const bruno = await person('sleepy_bruno');
    const groupId = await newGroup(server, ana, 'Sleepy Pool', await demoLeague(ana), [bruno]);
    await api(server, ana, 'PATCH', `/api/groups/${groupId}`, { status: 'deactivated' });
    const page = bruno.page;
    for (const path of ['/groups', '/']) {
      await page.goto(`${server.url}${path}`);
      const card = page.getByRole('link', { name: /Sleepy Pool/ });
      await card.getByText('Deactivated', { exact: true }).waitFor();
      await expect(card.getByText(/close/i).count()).resolves.toBe(0);
    }
    await atBothWidths(page, 'deactivated');
    await ana.context.close();
    await bruno.context.close();
  });

  it('says what the specification says when a group page cannot show its group, and that the device is offline', async () => {
    const ana = await person('errors_ana');
    const bruno = await person('errors_bruno');
    const outsider = await person('errors_outsider');
    const groupId = await newGroup(server, ana, 'Private Pool', await demoLeague(ana), [bruno]);
    const anaId = await userIdOf(server, ana);
    const notFound = text('en', 'group-page', 'groupPage.notFound');
    const page = bruno.page;

    await page.goto(`${server.url}/group/abc/stats`);
    await page.getByRole('alert').filter({ hasText: 'Invalid Group ID.' }).waitFor();
    await page.goto(`${server.url}/groups/abc/members/${anaId}/predictions`);
    await page.getByRole('alert').filter({ hasText: 'Invalid Group ID.' }).waitFor();
    // Someone else's pages of a private group.
    await outsider.page.goto(`${server.url}/groups/${groupId}/members/${anaId}/predictions`);
    await outsider.page.getByRole('alert').filter({ hasText: notFound }).waitFor();
    await outsider.page.goto(`${server.url}/group/${groupId}/stats`);
    await outsider.page.getByRole('alert').filter({ hasText: notFound }).waitFor();
    // Removed from the group, its stats page says the same.
    await page.goto(`${server.url}/group/${groupId}/stats`);
    await page.getByRole('heading', { level: 1, name: 'Stats' }).waitFor();
    await api(server, ana, 'DELETE', `/api/groups/${groupId}/members/${await userIdOf(server, bruno)}`);
    await page.reload();
    await page.getByRole('alert').filter({ hasText: notFound }).waitFor();
    await expect(page.getByText('You are not allowed to do this.').count()).resolves.toBe(0);

    // An error the app has no words for: the specification's 'An error occurred'.
    await ana.page.route('**/api/groups/*/stats', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"id":"teapot","message":"x"}}' }));
    await ana.page.goto(`${server.url}/group/${groupId}/stats`);
    await ana.page.getByRole('alert').filter({ hasText: 'An error occurred' }).waitFor();
    await ana.page.unroute('**/api/groups/*/stats');

    // Offline, a page never opened before: the device is offline, not the server at fault.
    await ana.page.goto(`${server.url}/groups`);
    await ana.page.getByRole('link', { name: /Private Pool/ }).waitFor();
    await ana.context.setOffline(true);
    await ana.page.getByRole('link', { name: /Private Pool/ }).click();
    await ana.page.getByText('This device is offline. Connect to the internet and try again.').waitFor().catch(async (error: Error) => {
      await ana.page.screenshot({ path: '/tmp/offline-failure.png' });
      throw new Error(`${error.message}\nThe page said: ${await ana.page.locator('main').innerText().catch(() => '?')}`);
    });
    await expect(ana.page.getByText('Something went wrong on our side', { exact: false }).count()).resolves.toBe(0);
    await ana.context.setOffline(false);
    await ana.context.close();
    await bruno.context.close();
    await outsider.context.close();
  });

  it('names rounds and groups in the reader\'s language and a league without its season twice', async () => {
    const day = 24 * HOUR;
    const now = Date.now();
    const cup = await newLeague(server, 'World Cup 2022', [
      { round: 1, roundName: 'Matchday 1', groupName: 'Group A', kickoff: new Date(now + 2 * day) },
      { round: 2, roundName: 'Round of 16', kickoff: new Date(now + 5 * day) },
      { round: 3, roundName: 'Quarter-finals', kickoff: new Date(now + 8 * day) },
      { round: 4, roundName: 'Semi-finals', kickoff: new Date(now + 11 * day) },
      { round: 5, roundName: 'Match for third place', kickoff: new Date(now + 14 * day) },
      { round: 6, roundName: 'Final', kickoff: new Date(now + 15 * day) },
    ], { season: '2022' });
    const expected = {
      en: ['Matchday 1', 'Round of 16', 'Quarter-finals', 'Semi-finals', 'Match for third place', 'Final'],
      'pt-BR': ['Rodada 1', 'Oitavas de final', 'Quartas de final', 'Semifinais', 'Disputa do terceiro lugar', 'Final'],
      es: ['Jornada 1', 'Octavos de final', 'Cuartos de final', 'Semifinales', 'Partido por el tercer puesto', 'Final'],
    };
    const group = { en: 'Group A', 'pt-BR': 'Grupo A', es: 'Grupo A' };
    for (const language of LANGUAGES) {
      const fan = await person(`cup_${language.replace('-', '').toLowerCase()}`, LOCALES[language]);
      const groupId = await newGroup(server, fan, 'Cup pool', cup.leagueId);
      const page = fan.page;
      await page.goto(`${server.url}/group/${groupId}`);
      await page.getByRole('heading', { name: 'Cup pool' }).waitFor();
      const facts = await page.locator('main header p').first().innerText();
      expect(facts).toMatch(/^World Cup 2022 · /);
      expect(facts).not.toContain('2022 2022');
      const rounds = page.getByRole('combobox', { name: text(language, 'game', 'matches.round') });
      await expect(rounds.locator('option').allTextContents()).resolves.toEqual(expected[language]);
      await page.getByRole('listitem', { name: cup.matches[0]!.label }).getByText(group[language], { exact: false }).waitFor();
      await rounds.selectOption({ index: 1 });
      await page.getByRole('listitem', { name: cup.matches[1]!.label }).waitFor();
      if (language === 'pt-BR') await atBothWidths(page, 'rounds-pt');
      // The group's standings tab names the tournament group too.
      await fan.context.close();
    }
  });

  it('keeps every tab of a group in sight on a phone, and the FAQ\'s way to leave a group is the page\'s', async () => {
    const ana = await person('tabs_owner');
    const member = await person('tabs_member');
    const groupId = await newGroup(server, ana, 'Leavers United', await demoLeague(ana), [member]);
    const page = member.page;
    // The answer in the FAQ names a tab and a button.
    await page.goto(`${server.url}/faq#leave`);
    const answer = page.getByRole('region', { name: 'Groups and invitations' }).locator('#leave');
    await answer.getByText('Your predictions in that group are removed', { exact: false }).waitFor();
    const named = await answer.locator('strong').allTextContents();
    const [tabName, buttonName] = named as [string, string];
    expect(named.length).toBeGreaterThanOrEqual(2);

    await page.goto(`${server.url}/group/${groupId}`);
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 844 });
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      for (const box of await tabs.evaluateAll((nodes) => nodes.map((node) => { const r = node.getBoundingClientRect(); return { name: node.textContent, left: r.left, right: r.right }; }))) {
        expect(box.left, `${box.name} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(box.right, `${box.name} at ${width} px`).toBeLessThanOrEqual(width);
      }
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    }
    await shoot(page, 'newcomer-tabs');
    // Do as the FAQ says: the tab it names, the button it names, the app's own question.
    page.on('dialog', (dialog) => { throw new Error(`a browser dialog: ${dialog.message()}`); });
    // On a loaded machine a click can land while the tab's code and texts are still arriving and the
    // panel renders again (two runs in five under a load of 5–8 lost it): each step is tried again until
    // what it opens is shown, within the test's usual minute.
    const dialog = page.getByRole('dialog');
    const leave = page.getByRole('button', { name: buttonName, exact: true });
    for (let attempt = 1; !(await dialog.getByText('Your predictions in it are removed').isVisible()); attempt++) {
      if (attempt > 6) throw new Error(`the ${tabName} tab's ${buttonName} did not open its question after 6 tries`);
      if (!(await leave.isVisible())) await page.getByRole('tab', { name: tabName, exact: true }).click();
      await leave.click({ timeout: 10_000 }).catch(() => {});
      await dialog.getByText('Your predictions in it are removed').waitFor({ timeout: 10_000 }).catch(() => {});
    }
    await dialog.getByRole('button', { name: buttonName, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/groups');
    expect((await api(server, member, 'GET', '/api/groups')).groups).toEqual([]);
    await ana.context.close();
    await member.context.close();
  });

  it('marks a half-entered prediction and never says it was saved; asks "Sure?" before saving 99–12', async () => {
    const now = Date.now();
    const league = await newLeague(server, 'Typing Cup', [1, 2, 3].map((hours) => ({ round: 1, kickoff: new Date(now + 24 * HOUR + hours * HOUR) })));
    const [a, b, c] = league.matches as [typeof league.matches[0], typeof league.matches[0], typeof league.matches[0]];
    const typist = await person('typist');
    const groupId = await newGroup(server, typist, 'Typing pool', league.leagueId);
    const page = typist.page;
    await page.goto(`${server.url}/group/${groupId}`);
    const card = (match: typeof a) => page.getByRole('listitem', { name: match.label });
    await card(a).getByLabel(`${a.away} goals`).fill('1'); // "– 1": the home score left empty
    await card(b).getByLabel(`${b.home} goals`).fill('2');
    await card(b).getByLabel(`${b.away} goals`).fill('0');
    await card(a).getByText('Enter both scores to save this prediction.').waitFor();
    const incomplete = `Not saved, one score missing: ${a.label}`;
    await page.getByText(incomplete).waitFor();
    await page.getByRole('button', { name: 'Save predictions' }).click();
    // b is saved; a is not, and nothing claims it was.
    await expect.poll(async () => (await api(server, typist, 'GET', `/api/groups/${groupId}/matches`)).matches
      .filter((m: { myPrediction: unknown }) => m.myPrediction !== null).map((m: { id: string }) => m.id)).toEqual([b.id]);
    await page.getByText(incomplete).waitFor();
    await expect(page.getByText('✓ Saved').count()).resolves.toBe(0);
    await atBothWidths(page, 'incomplete');

    // 99–12 asks first; "Change it" keeps what was typed and saves nothing.
    await card(a).getByLabel(`${a.home} goals`).fill('0');
    await card(c).getByLabel(`${c.home} goals`).fill('99');
    await card(c).getByLabel(`${c.away} goals`).fill('12');
    await page.getByRole('button', { name: 'Save predictions' }).click();
    const sure = page.getByRole('dialog', { name: 'Sure?' });
    await sure.getByText(`You predicted 99–12 for ${c.label}. Save it like that?`).waitFor();
    await shoot(page, 'newcomer-sure');
    await sure.getByRole('button', { name: 'Change it' }).click();
    await sure.waitFor({ state: 'hidden' });
    await expect(card(c).getByLabel(`${c.home} goals`).inputValue()).resolves.toBe('99');
    expect((await api(server, typist, 'GET', `/api/groups/${groupId}/matches`)).matches.find((m: { id: string }) => m.id === c.id).myPrediction).toBeNull();
    // "Save it" saves everything typed.
    await page.getByRole('button', { name: 'Save predictions' }).click();
    await sure.getByRole('button', { name: 'Save it' }).click();
    await page.getByText('✓ Saved').waitFor();
    const saved = (await api(server, typist, 'GET', `/api/groups/${groupId}/matches`)).matches as { id: string; myPrediction: { homeGoals: number; awayGoals: number } | null }[];
    expect(saved.find((m) => m.id === c.id)?.myPrediction).toMatchObject({ homeGoals: 99, awayGoals: 12 });
    expect(saved.find((m) => m.id === a.id)?.myPrediction).toMatchObject({ homeGoals: 0, awayGoals: 1 });
    await typist.context.close();
  });

  it('shows Settings\' visibility whole, a custom colour in its picker, and member counts in the right number', async () => {
    const owner = await person('settings_owner');
    const groupId = await newGroup(server, owner, 'Magenta Pool', await demoLeague(owner), [], { color: '#8e24aa' });
    const page = owner.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/group/${groupId}?tab=settings`);
    const visibility = page.getByRole('group', { name: 'Who can find it' });
    await visibility.getByRole('radio', { name: 'Public: listed for everyone to join' }).waitFor();
    for (const clipped of await visibility.locator('label').evaluateAll((labels) => labels.map((label) => label.scrollWidth > label.clientWidth))) expect(clipped).toBe(false);
    const colour = page.getByRole('group', { name: 'Color' });
    await expect(colour.getByRole('radio', { name: 'Custom' }).isChecked()).resolves.toBe(true);
    await expect(colour.getByLabel('Custom color').inputValue()).resolves.toBe('#8e24aa');
    await expect(page.getByText('#8e24aa').count()).resolves.toBe(0);
    await atBothWidths(page, 'settings');
    // Alone in the group: one member, in the singular.
    for (const language of LANGUAGES) {
      if (language !== 'en') await useLanguage(page, language);
      await page.getByRole('tab', { name: text(language, 'groups', 'groups.tabs.matches') }).click();
      await page.getByText(text(language, 'game', 'matches.predictedCount_one', { done: 0, count: 1 })).first().waitFor();
    }
    await owner.context.close();
  });

  it('explains the tie-break and marks the places it decided; a round\'s winners lead it "so far" until its last match', async () => {
    const now = Date.now();
    const league = await newLeague(server, 'Tie Cup', [1, 2, 3].map((hours) => ({ round: 1, kickoff: new Date(now + 24 * HOUR + hours * HOUR) })));
    const [m1, m2, m3] = league.matches as [typeof league.matches[0], typeof league.matches[0], typeof league.matches[0]];
    const ana = await person('tie_ana');
    const bea = await person('tie_bea');
    const groupId = await newGroup(server, ana, 'Tie pool', league.leagueId, [bea]);
    await predict(server, ana, groupId, [[m1, 2, 1], [m2, 0, 1]]); // exact 10, opposite −2: 8 points, 1 exact score
    await predict(server, bea, groupId, [[m1, 3, 2], [m2, 2, 0]]); // goal difference 5, winner 3: 8 points, none exact
    await play(server, m1, 2, 1, 3);
    await play(server, m2, 1, 0, 2);
    const page = bea.page;
    for (const language of LANGUAGES) {
      if (language === 'en') await page.goto(`${server.url}/group/${groupId}?tab=ranking`);
      else {
        await useLanguage(page, language);
        await page.getByRole('tab', { name: text(language, 'groups', 'groups.tabs.ranking') }).click();
      }
      const by = text(language, 'groups', 'ranking.tieBreakBy.exact');
      const anaRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'tie_ana' }) });
      const beaRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'tie_bea' }) });
      await anaRow.getByText(text(language, 'groups', 'ranking.tieBreak', { what: by })).waitFor().catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe ranking said: ${await page.locator('table').innerText().catch(() => '?')}`);
      });
      await beaRow.getByText(text(language, 'groups', 'ranking.tieBreakBehind', { what: by })).waitFor();
      if (language === 'en') await atBothWidths(page, 'tie-break');
      await page.getByRole('tab', { name: text(language, 'groups', 'groups.tabs.rules') }).click();
      await page.getByText(text(language, 'rules', 'rules.tieBreak')).waitFor();
      await page.getByRole('tab', { name: text(language, 'groups', 'groups.tabs.matches') }).click();
      // Both lead (tied on 8), in the order of their ids.
      const leaders = page.getByText(text(language, 'game', 'matches.roundLeaders_other', { names: 'NAMES', points: 8 }).split('NAMES')[0]!);
      await expect(leaders.innerText()).resolves.toMatch(/tie_ana, tie_bea|tie_bea, tie_ana/);
    }
    await useLanguage(page, 'en');
    await page.goto(`${server.url}/group/${groupId}/stats`);
    const topScorer = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Top scorer' }) });
    await topScorer.getByText('Matchday 1 (leading so far)').waitFor();
    // The round's last match: the winners are the round's.
    await play(server, m3, 0, 0, 1);
    await page.goto(`${server.url}/group/${groupId}`);
    await expect(page.getByText('Matchday winners: ').innerText()).resolves.toMatch(/^Matchday winners: (tie_ana, tie_bea|tie_bea, tie_ana) · 8 pts$/);
    await page.goto(`${server.url}/group/${groupId}/stats`);
    await topScorer.getByText('8 pts in one round · Matchday 1', { exact: true }).waitFor();
    await ana.context.close();
    await bea.context.close();
  });
});
