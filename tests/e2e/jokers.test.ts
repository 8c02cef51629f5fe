/**
 * Jokers in a real browser (Chromium, 390 px; SCREENSHOTS=1 saves 390 and 1280 px) in three languages, on
 * a small league of its own: the owner turns jokers on in the Settings tab on a phone (one for the season,
 * doubling the points; English); a member saves two predictions, puts the joker on one and, the season's
 * joker used up, moves it to the other (Portuguese); a third member sees nothing of it while the match is
 * open (Spanish); after the close and the result the joker is marked on the member's revealed prediction
 * with its doubled points, the ranking has its joker column, the member's page counts it, the stats name
 * the best joker, and the Rules tab explains jokers in the group's points. Then a group created with
 * jokers one per round, only points won doubled (Spanish): the round's joker moves by itself and is taken
 * back. No serious axe violation on the screens along the way.
 */
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { leagues, matches, teams } from '../../src/server/db/schema';
import { setMatchResult } from '../../src/server/modules/admin/service';
import { apiUser as createApiUser, hasChromium, shoot, openTab, useBrowserApp, type RunningApp } from './browser';
import { api } from './fixtures';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const DAY = 86_400_000;

describe.runIf(withChromium)('browser: jokers', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });


  it('turns jokers on, places and moves one, hides it until the close, then marks and counts it', async () => {
    const db = server.database.db;
    const [league] = await db.insert(leagues).values({ name: 'Browser Joker League', season: '2026', kind: 'league', provider: 'test', externalId: 'browser-joker-league' }).returning();
    const rows = await db.insert(teams).values(['Brazil', 'Chile', 'Peru', 'Uruguay'].map((name) => ({ name }))).onConflictDoNothing().returning();
    const teamId = async (name: string) => rows.find((row) => row.name === name)?.id
      ?? (await db.select({ id: teams.id }).from(teams).where(sql`name = ${name}`))[0]!.id;
    const first = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000);
    const [, peruUruguay] = await db.insert(matches).values([
      { leagueId: league!.id, externalId: 'j1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: first, homeTeamId: await teamId('Brazil'), awayTeamId: await teamId('Chile') },
      { leagueId: league!.id, externalId: 'j2', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: new Date(first.getTime() + 3_600_000), homeTeamId: await teamId('Peru'), awayTeamId: await teamId('Uruguay') },
    ]).returning();

    const ana = await createApiUser(server, browser, 'ana');
    const bruno = await createApiUser(server, browser, 'bruno', { locale: 'pt-BR' });
    const carla = await createApiUser(server, browser, 'carla', { locale: 'es-ES' });
    const group = (await api(server, ana, 'POST', '/api/groups', { name: 'Joker night', leagueId: league!.id })).group;
    for (const who of [bruno, carla]) await api(server, who, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });

    // The owner turns jokers on from the Settings tab, on a phone: one for the season, doubling the points.
    await openTab(server, ana.page, group.id, 'settings');
    const jokersSection = ana.page.locator('section').filter({ has: ana.page.getByRole('heading', { name: 'Jokers' }) });
    await jokersSection.getByRole('checkbox', { name: 'Play with jokers' }).check();
    await jokersSection.getByRole('radio', { name: 'Doubles the points, the −2 too (a risk)' }).check();
    await jokersSection.getByRole('radio', { name: 'A number for the season' }).check();
    await jokersSection.getByLabel('Jokers per member for the season').selectOption('1');
    await shoot(ana.page, 'jokers-01-settings-en');
    expect(await seriousViolations(ana.page)).toEqual([]);
    await jokersSection.getByRole('button', { name: 'Save jokers' }).click();
    await jokersSection.getByText('Jokers saved.').waitFor();
    expect((await api(server, ana, 'GET', `/api/groups/${group.id}/scoring`)).scoring.jokers).toEqual({ mode: 'double', perSeason: 1 });

    // A member saves two predictions and puts the joker on one (Portuguese).
    await openTab(server, bruno.page, group.id, 'matches');
    const brazil = bruno.page.getByRole('listitem', { name: 'Brazil – Chile' });
    const peru = bruno.page.getByRole('listitem', { name: 'Peru – Uruguay' });
    for (const [card, home, away] of [[brazil, '2', '0'], [peru, '2', '1']] as const) {
      await card.getByRole('textbox').nth(0).fill(home);
      await card.getByRole('textbox').nth(1).fill(away);
    }
    await bruno.page.getByRole('button', { name: 'Salvar palpites' }).click();
    await bruno.page.getByTestId('joker-summary').getByText('Coringas restantes: 1 de 1.').waitFor();
    await brazil.getByRole('button', { name: 'Coringa' }).click();
    await expect.poll(() => brazil.getByRole('button', { name: 'Coringa' }).getAttribute('aria-pressed')).toBe('true');
    await bruno.page.getByTestId('joker-summary').getByText('Coringas restantes: 0 de 1.').waitFor();
    await brazil.getByText('Ativo: os pontos deste palpite valem em dobro, o −2 também.').waitFor();

    // The season's joker used up, a joker on another match offers to move it here.
    await peru.getByRole('button', { name: 'Coringa' }).click();
    const move = peru.getByRole('group', { name: 'Todos os seus coringas estão colocados. Traga um para cá de:' });
    await shoot(bruno.page, 'jokers-02-move-pt');
    expect(await seriousViolations(bruno.page)).toEqual([]);
    await move.getByRole('button', { name: /^Mover o coringa de Brazil – Chile/ }).click();
    await expect.poll(() => peru.getByRole('button', { name: 'Coringa' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => brazil.getByRole('button', { name: 'Coringa' }).getAttribute('aria-pressed')).toBe('false');
    await shoot(bruno.page, 'jokers-03-moved-pt');
    const mine = await api(server, bruno, 'GET', `/api/groups/${group.id}/jokers`);
    expect(mine.jokers.placed.map((p: { matchId: string }) => p.matchId)).toEqual([peruUruguay!.id]);

    // Another member sees nothing of it while the match is open (Spanish).
    await openTab(server, carla.page, group.id, 'matches');
    await carla.page.getByRole('listitem', { name: 'Peru – Uruguay' }).waitFor();
    await carla.page.getByTestId('joker-summary').getByText('Comodines: queda 1 de 1.').waitFor();
    expect(await carla.page.getByText('Comodín', { exact: true }).count()).toBe(0);
    const before = await api(server, carla, 'GET', `/api/groups/${group.id}/matches/${peruUruguay!.id}/predictions`);
    expect(before.revealed).toBe(false);
    expect(JSON.stringify(before)).not.toContain('joker":true');

    // The close, then the result: bruno's 2–1 is exact, doubled by the joker.
    await db.execute(sql`update matches set kickoff = now() - interval '2 hours' where id = ${peruUruguay!.id}::uuid`);
    await setMatchResult(db, peruUruguay!.id, { status: 'finished', homeGoals: 2, awayGoals: 1 });

    await openTab(server, carla.page, group.id, 'matches');
    const revealed = carla.page.getByRole('listitem', { name: 'Peru – Uruguay' });
    await revealed.getByRole('button', { name: 'Ver los pronósticos de todos' }).click();
    const brunoRow = revealed.getByRole('list', { name: /./ }).getByRole('listitem').filter({ hasText: 'bruno' });
    await brunoRow.getByText('Comodín', { exact: true }).waitFor();
    await brunoRow.getByText('+20 pts', { exact: false }).waitFor();
    await shoot(carla.page, 'jokers-04-revealed-es');
    expect(await seriousViolations(carla.page)).toEqual([]);

    // bruno's joker is marked on his prediction; the other match's toggle says it is played.
    await openTab(server, bruno.page, group.id, 'matches');
    await bruno.page.getByRole('listitem', { name: 'Peru – Uruguay' }).getByText('Coringa', { exact: true }).waitFor();
    await bruno.page.getByRole('listitem', { name: 'Brazil – Chile' }).getByText('Todos os seus coringas já foram jogados.').waitFor();
    await shoot(bruno.page, 'jokers-05-played-pt');

    // The ranking's joker column: bruno has played 1 of 1 (Spanish: C).
    await openTab(server, carla.page, group.id, 'ranking');
    await carla.page.getByRole('columnheader', { name: 'C', exact: true }).waitFor();
    const rankingRow = carla.page.getByRole('row').filter({ hasText: 'bruno' });
    await expect.poll(() => rankingRow.getByRole('cell').last().textContent()).toBe('1/1');
    await carla.page.getByText('C: comodines jugados, de 1', { exact: false }).waitFor();
    await shoot(carla.page, 'jokers-06-ranking-es');
    expect(await seriousViolations(carla.page)).toEqual([]);

    // The member's page, from the ranking, counts it and marks the prediction.
    await rankingRow.getByRole('link', { name: 'bruno' }).click();
    await carla.page.getByTestId('member-jokers').getByText('1 comodín jugado · quedan 0').waitFor();
    await carla.page.getByRole('listitem', { name: 'Peru – Uruguay' }).getByText('Comodín', { exact: true }).waitFor();
    await shoot(carla.page, 'jokers-07-member-es');

    // The stats name the best joker: bruno's, 20 points.
    await carla.page.goto(`${server.url}/group/${group.id}/stats`);
    const best = carla.page.getByRole('listitem').filter({ has: carla.page.getByRole('heading', { name: 'Mejor comodín' }) });
    await best.getByText('bruno', { exact: true }).waitFor();
    await best.getByText('20 puntos con un comodín').waitFor();
    await shoot(carla.page, 'jokers-08-stats-es');

    // The Rules tab explains jokers in the group's points (English).
    await openTab(server, ana.page, group.id, 'rules');
    const rules = ana.page.locator('section').filter({ has: ana.page.getByRole('heading', { name: 'Jokers' }) });
    await rules.getByText('Each member has 1 joker for the season.', { exact: false }).waitFor();
    await rules.getByText('+10 becomes +20', { exact: false }).waitFor();
    await rules.getByText('−2 becomes −4', { exact: false }).waitFor();
    await shoot(ana.page, 'jokers-09-rules-en');
    expect(await seriousViolations(ana.page)).toEqual([]);
    for (const who of [ana, bruno, carla]) await who.context.close();
  }, 180_000);
  it('creates a group with one joker per round, which moves by itself within its round', async () => {
    const db = server.database.db;
    const [league] = await db.insert(leagues).values({ name: 'Browser Joker Rounds', season: '2026', kind: 'league', provider: 'test', externalId: 'browser-joker-rounds' }).returning();
    const rows = await db.insert(teams).values(['Ghana', 'Mali', 'Togo', 'Benin'].map((name) => ({ name }))).onConflictDoNothing().returning();
    const teamId = async (name: string) => rows.find((row) => row.name === name)?.id
      ?? (await db.select({ id: teams.id }).from(teams).where(sql`name = ${name}`))[0]!.id;
    const first = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000);
    const [ghanaMali, togoBenin] = await db.insert(matches).values([
      { leagueId: league!.id, externalId: 'r1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: first, homeTeamId: await teamId('Ghana'), awayTeamId: await teamId('Mali') },
      { leagueId: league!.id, externalId: 'r2', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: new Date(first.getTime() + 3_600_000), homeTeamId: await teamId('Togo'), awayTeamId: await teamId('Benin') },
    ]).returning();

    // Jokers chosen when creating the group, on a phone (Spanish): only points won double, one per round.
    const dora = await createApiUser(server, browser, 'dora', { locale: 'es-ES' });
    await dora.page.goto(`${server.url}/create-group`);
    await dora.page.getByLabel('Nombre del grupo').fill('Comodines por jornada');
    await dora.page.getByLabel('Liga o torneo').selectOption({ label: 'Browser Joker Rounds 2026 — 2 partidos por jugar' });
    await dora.page.getByText('Puntuación:').click();
    await dora.page.getByRole('checkbox', { name: 'Jugar con comodines' }).check();
    await dora.page.getByRole('radio', { name: 'Duplica solo los puntos ganados (un −2 sigue siendo −2)' }).check();
    await dora.page.getByRole('radio', { name: 'Uno por jornada' }).check();
    await shoot(dora.page, 'jokers-10-create-es');
    expect(await seriousViolations(dora.page)).toEqual([]);
    await dora.page.getByRole('button', { name: 'Crear grupo' }).click();
    await dora.page.waitForURL(/\/group\/[0-9a-f-]{36}/);
    const groupId = /\/group\/([0-9a-f-]{36})/.exec(dora.page.url())![1]!;
    expect((await api(server, dora, 'GET', `/api/groups/${groupId}/scoring`)).scoring.jokers).toEqual({ mode: 'double_positive', perSeason: null });

    // The round's joker on one match, then on the other: it moves there by itself.
    await api(server, dora, 'PUT', `/api/groups/${groupId}/predictions`, {
      predictions: [{ matchId: ghanaMali!.id, homeGoals: 1, awayGoals: 0 }, { matchId: togoBenin!.id, homeGoals: 0, awayGoals: 0 }], applyToOtherGroups: false,
    });
    await openTab(server, dora.page, groupId, 'matches');
    const ghana = dora.page.getByRole('listitem', { name: 'Ghana – Mali' });
    const togo = dora.page.getByRole('listitem', { name: 'Togo – Benin' });
    await dora.page.getByTestId('joker-summary').getByText('Comodines: uno por jornada.').waitFor();
    await ghana.getByRole('button', { name: 'Comodín' }).click();
    await expect.poll(() => ghana.getByRole('button', { name: 'Comodín' }).getAttribute('aria-pressed')).toBe('true');
    await ghana.getByText('Activo: los puntos que gane este pronóstico valen el doble.').waitFor();
    await togo.getByText('El comodín de la jornada pasa aquí desde Ghana – Mali.').waitFor();
    await togo.getByRole('button', { name: 'Comodín' }).click();
    await expect.poll(() => togo.getByRole('button', { name: 'Comodín' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => ghana.getByRole('button', { name: 'Comodín' }).getAttribute('aria-pressed')).toBe('false');
    await shoot(dora.page, 'jokers-11-round-es');
    expect(await seriousViolations(dora.page)).toEqual([]);

    // Taken back: no joker on the round.
    await togo.getByRole('button', { name: 'Comodín' }).click();
    await expect.poll(() => togo.getByRole('button', { name: 'Comodín' }).getAttribute('aria-pressed')).toBe('false');
    expect((await api(server, dora, 'GET', `/api/groups/${groupId}/jokers`)).jokers.placed).toEqual([]);

    // The Rules tab: a −2 stays −2 with a joker in this mode.
    await openTab(server, dora.page, groupId, 'rules');
    await dora.page.getByText('Cada miembro tiene un comodín por jornada.', { exact: false }).waitFor();
    await dora.page.getByText('−2 sigue siendo −2. Un comodín solo duplica puntos ganados.', { exact: false }).waitFor();
    await dora.context.close();
  }, 180_000);
});
