/**
 * Bonus questions in a real browser (Chromium, 390 px; SCREENSHOTS=1 saves 390 and 1280 px) in three
 * languages, on a small knockout tournament of its own: the owner adds the tournament set in one tap
 * (English), a member sees the prompt, answers a team and four semi-finalists (Portuguese), a third
 * member's answer stays hidden until the close (Spanish); after the close and the results (a final
 * decided on penalties) everyone's answers, the right answer and the points show, and the ranking has
 * its Bonus column, and the Rules tab explains them. No serious axe violation on the Bonus tab.
 */
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { leagues, matches, teams } from '../../src/server/db/schema';
import { setMatchResult } from '../../src/server/modules/admin/service';
import { apiUser as createApiUser, hasChromium, shoot, useBrowserApp, type RunningApp } from './browser';
import { api } from './fixtures';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const DAY = 86_400_000;

describe.runIf(withChromium)('browser: bonus questions', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  const bonusTab = async (page: Page, groupId: string) => {
    await page.goto(`${server.url}/group/${groupId}?tab=bonus`);
    await page.locator('[role="tabpanel"] h2').first().waitFor();
  };

  it('adds, answers, hides, reveals and scores bonus questions, and ranks them', async () => {
    const db = server.database.db;
    const [league] = await db.insert(leagues).values({ name: 'Browser Bonus Cup', season: '2026', kind: 'tournament', provider: 'test', externalId: 'browser-bonus-cup' }).returning();
    const rows = await db.insert(teams).values(['Argentina', 'France', 'Croatia', 'Morocco'].map((name) => ({ name }))).onConflictDoNothing().returning();
    const teamId = async (name: string) => rows.find((row) => row.name === name)?.id
      ?? (await db.select({ id: teams.id }).from(teams).where(sql`name = ${name}`))[0]!.id;
    const first = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000);
    const [semi1, semi2, final] = await db.insert(matches).values([
      { leagueId: league!.id, externalId: 's1', roundName: 'Semi-finals', roundOrder: 1, stage: 'knockout', kickoff: first, homeTeamId: await teamId('Argentina'), awayTeamId: await teamId('Croatia') },
      { leagueId: league!.id, externalId: 's2', roundName: 'Semi-finals', roundOrder: 1, stage: 'knockout', kickoff: new Date(first.getTime() + DAY), homeTeamId: await teamId('France'), awayTeamId: await teamId('Morocco') },
      { leagueId: league!.id, externalId: 'f', roundName: 'Final', roundOrder: 2, stage: 'knockout', kickoff: new Date(first.getTime() + 3 * DAY), homeTeamId: await teamId('Argentina'), awayTeamId: await teamId('France') },
    ]).returning();

    const ana = await createApiUser(server, browser, 'ana');
    const bruno = await createApiUser(server, browser, 'bruno', { locale: 'pt-BR' });
    const carla = await createApiUser(server, browser, 'carla', { locale: 'es-ES' });
    const group = (await api(server, ana, 'POST', '/api/groups', { name: 'Bonus night', leagueId: league!.id })).group;
    for (const who of [bruno, carla]) await api(server, who, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });

    // The owner adds the tournament set in one tap.
    await bonusTab(ana.page, group.id);
    await ana.page.getByRole('heading', { name: 'Add bonus questions' }).waitFor();
    await shoot(ana.page, 'bonus-01-empty-owner');
    await ana.page.getByRole('button', { name: /^Tournament/ }).click();
    await expect.poll(() => ana.page.getByTestId('bonus-question').count()).toBe(5);
    await ana.page.getByRole('article', { name: 'Who will be champion?' }).waitFor();
    await shoot(ana.page, 'bonus-02-owner-questions');

    // A member sees the prompt on the group page, opens the Bonus tab from it and answers (Portuguese).
    await bruno.page.goto(`${server.url}/group/${group.id}`);
    await bruno.page.getByTestId('bonus-prompt').getByText('5 perguntas bônus estão abertas', { exact: false }).waitFor();
    await shoot(bruno.page, 'bonus-03-prompt-pt');
    await bruno.page.getByTestId('bonus-prompt').getByRole('button', { name: 'Responder' }).click();
    const champion = bruno.page.getByRole('article', { name: 'Quem será o campeão?' });
    await champion.getByRole('combobox').selectOption('Argentina');
    await champion.getByRole('button', { name: 'Salvar resposta' }).click();
    await champion.getByText('Resposta salva.').waitFor();
    const semis = bruno.page.getByRole('article', { name: 'Quais 4 times chegam às semifinais?' });
    for (const team of ['Argentina', 'Croatia', 'France', 'Morocco']) await semis.getByRole('checkbox', { name: team }).check();
    await semis.getByText('4 de 4 escolhidos').waitFor();
    await semis.getByRole('button', { name: 'Salvar resposta' }).click();
    await semis.getByText('Resposta salva.').waitFor();
    await shoot(bruno.page, 'bonus-04-answered-pt');
    expect(await seriousViolations(bruno.page)).toEqual([]);

    // A third member answers (Spanish); bruno's answer is not on her page while the question is open.
    await bonusTab(carla.page, group.id);
    const campeon = carla.page.getByRole('article', { name: '¿Quién será el campeón?' });
    await campeon.getByRole('combobox').selectOption('France');
    await campeon.getByRole('button', { name: 'Guardar respuesta' }).click();
    await campeon.getByText('Respuesta guardada.').waitFor();
    expect(await campeon.getByText('Respuestas de todos').count()).toBe(0);
    await shoot(carla.page, 'bonus-05-answered-es');

    // The close, then the results: 3–3 after extra time, Argentina on penalties.
    await db.execute(sql`update bonus_questions set closes_at = now() - interval '1 minute' where group_id = ${group.id}::uuid`);
    await setMatchResult(db, semi1!.id, { status: 'finished', homeGoals: 3, awayGoals: 0 });
    await setMatchResult(db, semi2!.id, { status: 'finished', homeGoals: 2, awayGoals: 0 });
    await setMatchResult(db, final!.id, { status: 'finished', homeGoals: 2, awayGoals: 2, homeGoalsExtraTime: 3, awayGoalsExtraTime: 3, homePenalties: 4, awayPenalties: 2 });

    await bonusTab(carla.page, group.id);
    const decided = carla.page.getByRole('article', { name: '¿Quién será el campeón?' });
    await decided.getByText('Respuesta correcta:').waitFor();
    await decided.getByText('Respuestas de todos (2)').click();
    await decided.getByText('Argentina', { exact: true }).first().waitFor();
    await shoot(carla.page, 'bonus-06-revealed-es');
    expect(await seriousViolations(carla.page)).toEqual([]);

    // The ranking's Bonus column: bruno 15 (champion) + 20 (four semi-finalists).
    await bruno.page.goto(`${server.url}/group/${group.id}?tab=ranking`);
    await bruno.page.getByRole('columnheader', { name: 'B' }).waitFor();
    const brunoRow = bruno.page.getByRole('row').filter({ hasText: 'bruno' });
    await expect.poll(() => brunoRow.getByRole('cell').last().textContent()).toBe('35');
    await shoot(bruno.page, 'bonus-07-ranking-pt');
    await ana.page.goto(`${server.url}/group/${group.id}?tab=bonus`);
    await ana.page.getByRole('article', { name: 'Who will be champion?' }).getByText('Decided by the results.').waitFor();
    await shoot(ana.page, 'bonus-08-decided-owner');
    // The Rules tab explains them, with examples, once the group has bonus questions.
    await carla.page.goto(`${server.url}/group/${group.id}?tab=rules`);
    await carla.page.getByRole('heading', { name: 'Preguntas extra' }).waitFor();
    await carla.page.getByText('Argentina gana la final en los penales', { exact: false }).waitFor();
    await shoot(carla.page, 'bonus-09-rules-es');
    for (const who of [ana, bruno, carla]) await who.context.close();
  }, 180_000);
});
