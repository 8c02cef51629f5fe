/**
 * The group's spreadsheets and the calendar feed in a real browser (Chromium at 390 and 1280 px;
 * SCREENSHOTS=1 saves both widths of each screen) in three languages, on a small league of its own with
 * one match played and one to come: a member downloads the ranking from the Ranking tab on a phone
 * (English) and every revealed prediction from the History tab on a computer (Portuguese) — each file
 * starts with the byte-order mark and its header row is in the page's language; another member creates
 * her calendar address on the profile on a phone (Spanish), copies it (read back from the clipboard) and
 * regenerates it: the old address answers 404 at once, the new one the feed. A computer in English
 * creates and copies one too. No serious axe violation on the screens along the way.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { leagues, matches, teams } from '../../src/server/db/schema';
import { setMatchResult } from '../../src/server/modules/admin/service';
import { apiUser as createApiUser, hasChromium, shoot, openTab, useBrowserApp, type ApiUser, type RunningApp } from './browser';
import { api } from './fixtures';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const DAY = 86_400_000;
const BOM = [0xef, 0xbb, 0xbf];

describe.runIf(withChromium)('browser: spreadsheets and the calendar feed', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  /** Clicks `link` and returns the downloaded file's name and bytes (Playwright's download event). */
  const download = async (page: Page, link: Locator) => {
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const path = await file.path();
    return { name: file.suggestedFilename(), bytes: readFileSync(path) };
  };
  /** The rows of a CSV file after its byte-order mark. */
  const rowsOf = (bytes: Buffer): string[][] => parse(bytes.subarray(3).toString('utf8'));
  /** Axe on the page at 390 and at 1280 px; leaves it at `width`. */
  const axeBothWidths = async (page: Page, width: 390 | 1280) => {
    for (const each of [390, 1280, width]) {
      await page.setViewportSize({ width: each, height: each === 390 ? 844 : 900 });
      expect(await seriousViolations(page), `${each} px`).toEqual([]);
    }
  };
  const profile = async (who: ApiUser) => {
    await who.page.goto(`${server.url}/profile`);
    await who.page.locator('#calendar').waitFor();
  };

  it('downloads the ranking and the predictions as CSV, in the page language', async () => {
    const db = server.database.db;
    const [league] = await db.insert(leagues).values({ name: 'Browser Export League', season: '2026', kind: 'league', provider: 'test', externalId: 'browser-export-league' }).returning();
    const rows = await db.insert(teams).values(['Norway', 'Sweden', 'Denmark', 'Finland'].map((name) => ({ name }))).onConflictDoNothing().returning();
    const teamId = async (name: string) => rows.find((row) => row.name === name)?.id
      ?? (await db.select({ id: teams.id }).from(teams).where(sql`name = ${name}`))[0]!.id;
    const first = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000);
    const [played, toCome] = await db.insert(matches).values([
      { leagueId: league!.id, externalId: 'x1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: first, homeTeamId: await teamId('Norway'), awayTeamId: await teamId('Sweden') },
      { leagueId: league!.id, externalId: 'x2', roundName: 'Matchday 2', roundOrder: 2, stage: 'league', kickoff: new Date(first.getTime() + 7 * DAY), homeTeamId: await teamId('Denmark'), awayTeamId: await teamId('Finland') },
    ]).returning();

    const ana = await createApiUser(server, browser, 'ana');
    const bruno = await createApiUser(server, browser, 'bruno', { locale: 'pt-BR' });
    const group = (await api(server, ana, 'POST', '/api/groups', { name: 'Export night', leagueId: league!.id })).group;
    await api(server, bruno, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });
    for (const [who, home, away] of [[ana, 2, 1], [bruno, 0, 0]] as const) {
      await api(server, who, 'PUT', `/api/groups/${group.id}/predictions`, {
        predictions: [{ matchId: played!.id, homeGoals: home, awayGoals: away }, { matchId: toCome!.id, homeGoals: 1, awayGoals: 1 }], applyToOtherGroups: false,
      });
    }
    // The first match closes and ends 2–1: ana's prediction is exact.
    await db.execute(sql`update matches set kickoff = now() - interval '2 hours' where id = ${played!.id}::uuid`);
    await setMatchResult(db, played!.id, { status: 'finished', homeGoals: 2, awayGoals: 1 });

    // The ranking from the Ranking tab, on a phone (English).
    await openTab(server, ana.page, group.id, 'ranking');
    await ana.page.getByRole('row').filter({ hasText: 'ana' }).first().waitFor();
    const rankingLink = ana.page.getByRole('link', { name: 'Download ranking (CSV)' });
    expect(await rankingLink.getAttribute('href')).toBe(`/api/groups/${group.id}/export/ranking.csv?lang=en`);
    await shoot(ana.page, 'exports-01-ranking-en');
    await axeBothWidths(ana.page, 390);
    const ranking = await download(ana.page, rankingLink);
    expect(ranking.name).toMatch(/\.csv$/);
    expect([...ranking.bytes.subarray(0, 3)]).toEqual(BOM);
    const rankingRows = rowsOf(ranking.bytes);
    expect(rankingRows[0]).toEqual(['Rank', 'Player', 'Points', 'Exact score (10)', 'Goal difference (5)', 'Winner (3)', 'Opposite result (−2)']);
    expect(rankingRows.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([['1', 'ana', '10'], ['2', 'bruno', '0']]);

    // Every revealed prediction from the History tab, on a computer (Portuguese): the open match's stay out.
    await bruno.page.setViewportSize({ width: 1280, height: 900 });
    await openTab(server, bruno.page, group.id, 'history');
    await bruno.page.getByRole('listitem', { name: 'Norway – Sweden' }).waitFor();
    const predictionsLink = bruno.page.getByRole('link', { name: 'Baixar palpites (CSV)' });
    expect(await predictionsLink.getAttribute('href')).toBe(`/api/groups/${group.id}/export/predictions.csv?lang=pt-BR`);
    await shoot(bruno.page, 'exports-02-history-pt');
    await axeBothWidths(bruno.page, 1280);
    const predictions = await download(bruno.page, predictionsLink);
    expect([...predictions.bytes.subarray(0, 3)]).toEqual(BOM);
    const predictionRows = rowsOf(predictions.bytes);
    expect(predictionRows[0]).toEqual(['Rodada', 'Início (UTC)', 'Jogo', 'Participante', 'Palpite', 'Resultado', 'Pontos']);
    expect(predictionRows.slice(1).map((row) => row[3]).sort()).toEqual(['ana', 'bruno']);
    expect(predictionRows.slice(1).every((row) => row[2]!.includes('Norway'))).toBe(true);

    // The Ranking tab in Portuguese asks for Portuguese headers too.
    await openTab(server, bruno.page, group.id, 'ranking');
    const brunoRanking = await download(bruno.page, bruno.page.getByRole('link', { name: 'Baixar ranking (CSV)' }));
    expect(rowsOf(brunoRanking.bytes)[0]!.slice(0, 3)).toEqual(['Posição', 'Participante', 'Pontos']);
    for (const who of [ana, bruno]) await who.context.close();
  }, 180_000);

  it('creates, copies and regenerates the calendar address on the profile', async () => {
    // On a phone, in Spanish.
    const carla = await createApiUser(server, browser, 'carla', { locale: 'es-ES' });
    await carla.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await profile(carla);
    const section = carla.page.getByRole('region', { name: 'Calendario' });
    await section.getByText('un aviso al cierre de los pronósticos (15 minutos antes del inicio)', { exact: false }).waitFor();
    await shoot(carla.page, 'calendar-01-none-es');
    await axeBothWidths(carla.page, 390);
    await section.getByRole('button', { name: 'Crear mi dirección de calendario' }).click();

    const field = section.getByRole('textbox', { name: 'Dirección de tu calendario' });
    await field.waitFor();
    const first = await field.inputValue();
    expect(first).toMatch(new RegExp(`^${server.url.replace(/[.]/g, '\\.')}/api/calendar\\.ics\\?token=[\\w-]+$`));
    expect(await field.getAttribute('readonly')).not.toBeNull();
    const subscribe = section.getByRole('link', { name: 'Suscribirse' });
    expect(await subscribe.getAttribute('href')).toBe(first.replace(/^http:\/\//, 'webcal://'));
    await section.getByText('Esta dirección es privada: quien la tenga puede ver tu lista de partidos.', { exact: false }).waitFor();
    await section.getByText('Google Calendar', { exact: true }).waitFor();

    await section.getByRole('button', { name: 'Copiar' }).click();
    await section.getByRole('button', { name: 'Copiada' }).waitFor();
    expect(await carla.page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await shoot(carla.page, 'calendar-02-address-es');
    await axeBothWidths(carla.page, 390);

    const before = await fetch(first);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^text\/calendar/);

    // Regenerate, after a confirmation that says the old address stops at once.
    await section.getByRole('button', { name: 'Generar otra' }).click();
    const dialog = carla.page.getByRole('dialog', { name: '¿Generar una nueva dirección de calendario?' });
    await dialog.getByText('La dirección actual deja de funcionar al instante', { exact: false }).waitFor();
    await shoot(carla.page, 'calendar-03-regenerate-es');
    expect(await seriousViolations(carla.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Generar nueva dirección' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => field.inputValue()).not.toBe(first);
    const second = await field.inputValue();
    await carla.page.getByText('Nueva dirección de calendario lista.', { exact: false }).first().waitFor();

    expect((await fetch(first)).status).toBe(404);
    const after = await fetch(second);
    expect(after.status).toBe(200);
    expect(after.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await after.text()).toMatch(/^BEGIN:VCALENDAR/);
    await section.getByRole('button', { name: 'Copiar' }).click();
    await expect.poll(() => carla.page.evaluate(() => navigator.clipboard.readText())).toBe(second);

    // After a reload the address is still there.
    await profile(carla);
    expect(await section.getByRole('textbox', { name: 'Dirección de tu calendario' }).inputValue()).toBe(second);
    await carla.context.close();

    // On a computer, in English.
    const dora = await createApiUser(server, browser, 'dora');
    await dora.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await dora.page.setViewportSize({ width: 1280, height: 900 });
    await profile(dora);
    const english = dora.page.getByRole('region', { name: 'Calendar' });
    await english.getByRole('button', { name: 'Create my calendar address' }).click();
    const address = await english.getByRole('textbox', { name: 'Your calendar address' }).inputValue();
    expect(address).toContain('/api/calendar.ics?token=');
    await english.getByRole('button', { name: 'Copy' }).click();
    await english.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await dora.page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    for (const app of ['Google Calendar', 'Apple Calendar', 'Outlook']) await english.getByText(app, { exact: true }).waitFor();
    await shoot(dora.page, 'calendar-04-address-en');
    await axeBothWidths(dora.page, 1280);
    await dora.context.close();
  }, 180_000);
});
