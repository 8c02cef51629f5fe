/**
 * Sharing in a real browser (Chromium; SCREENSHOTS=1 saves 390 and 1280 px) in three languages, on a
 * small league of its own with one scored match: a public group's invite link carries its Open Graph
 * card; the owner's invite panel copies the invite link and offers WhatsApp with the invite text (English,
 * 390 and 1280 px); with a share sheet on the device, Share hands it the link (Portuguese); the podium's
 * picture, without a share sheet, is saved as a 1200×630 PNG and its group link copied (Spanish, 1280 and
 * 390 px). No serious axe violation on the screens touched.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { leagues, matches, teams } from '../../src/server/db/schema';
import { setMatchResult } from '../../src/server/modules/admin/service';
import { apiUser as createApiUser, hasChromium, shoot, useBrowserApp, type ApiUser, type RunningApp } from './browser';
import { api } from './fixtures';
import { seriousViolations } from './axe';

const withChromium = hasChromium();
const DAY = 86_400_000;

/** Run in the page before the app: a device without a share sheet. */
const noShareSheet = () => {
  delete (Navigator.prototype as Partial<Navigator>).share;
  delete (Navigator.prototype as Partial<Navigator>).canShare;
};
/** Run in the page before the app: a share sheet that records what it is given (window.shared). */
const recordingShareSheet = () => {
  const shared: unknown[] = [];
  Object.assign(window, { shared });
  Object.defineProperty(Navigator.prototype, 'share', {
    configurable: true,
    value: (data: ShareData) => {
      shared.push({ title: data.title, text: data.text, url: data.url });
      return Promise.resolve();
    },
  });
};

/** Width and height of a PNG, from its IHDR chunk (big-endian at bytes 16 and 20). */
const pngSize = (bytes: Buffer) => ({ signature: bytes.subarray(1, 4).toString('latin1'), width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe.runIf(withChromium)('browser: sharing', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  const allowClipboard = (who: ApiUser) => who.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

  it('shares the invite by link, WhatsApp and share sheet, and the podium as a picture', async () => {
    const db = server.database.db;
    const [league] = await db.insert(leagues).values({ name: 'Browser Share League', season: '2026', kind: 'league', provider: 'test', externalId: 'browser-share-league' }).returning();
    const rows = await db.insert(teams).values(['Bolivia', 'Ecuador'].map((name) => ({ name }))).onConflictDoNothing().returning();
    const teamId = async (name: string) => rows.find((row) => row.name === name)?.id
      ?? (await db.select({ id: teams.id }).from(teams).where(sql`name = ${name}`))[0]!.id;
    const kickoff = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000);
    const [match] = await db.insert(matches).values([
      { leagueId: league!.id, externalId: 's1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff, homeTeamId: await teamId('Bolivia'), awayTeamId: await teamId('Ecuador') },
    ]).returning();

    const ana = await createApiUser(server, browser, 'ana');
    const bruno = await createApiUser(server, browser, 'bruno', { locale: 'pt-BR' });
    const carla = await createApiUser(server, browser, 'carla', { locale: 'es-ES' });
    const group = (await api(server, ana, 'POST', '/api/groups', { name: 'Sharing Stars', leagueId: league!.id, visibility: 'public', color: 'purple' })).group;
    for (const who of [bruno, carla]) await api(server, who, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });
    for (const [who, homeGoals, awayGoals] of [[ana, 2, 1], [bruno, 1, 0], [carla, 0, 0]] as const) {
      await api(server, who, 'PUT', `/api/groups/${group.id}/predictions`, { predictions: [{ matchId: match!.id, homeGoals, awayGoals }], applyToOtherGroups: false });
    }
    await db.execute(sql`update matches set kickoff = now() - interval '2 hours' where id = ${match!.id}::uuid`);
    await setMatchResult(db, match!.id, { status: 'finished', homeGoals: 2, awayGoals: 1 });
    const inviteUrl = `${server.url}/join-group?code=${group.inviteCode}`;

    // A pasted invite link of a public group shows a card: its HTML names the group in og:title.
    const html = await (await fetch(inviteUrl)).text();
    expect(html).toContain('<meta property="og:title" content="Sharing Stars · Palpite" />');

    // The owner copies the invite link and finds it in WhatsApp's link with the invite text (English, 390 px).
    await allowClipboard(ana);
    await ana.page.addInitScript(noShareSheet);
    await ana.page.goto(`${server.url}/group/${group.id}`);
    await ana.page.getByText('Invite friends').click();
    const invite = ana.page.getByRole('group', { name: 'Share options' });
    await invite.getByRole('button', { name: 'Copy link' }).click();
    await invite.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await clipboard(ana.page)).toBe(inviteUrl);
    expect(await invite.getByRole('button', { name: 'Share', exact: true }).count()).toBe(0);
    const whatsApp = invite.getByRole('link', { name: /^WhatsApp/ });
    const text = 'Join my prediction pool “Sharing Stars” (Browser Share League 2026) on Palpite and predict the scores with me!';
    expect(await whatsApp.getAttribute('href')).toBe(`https://wa.me/?text=${encodeURIComponent(`${text} ${inviteUrl}`)}`);
    expect(await whatsApp.getAttribute('target')).toBe('_blank');
    expect(await whatsApp.getAttribute('rel')).toContain('noopener');
    await ana.page.getByRole('img', { name: 'QR code of the invite link to Sharing Stars' }).waitFor();
    await shoot(ana.page, 'share-01-invite-en');
    expect(await seriousViolations(ana.page)).toEqual([]);
    await ana.page.setViewportSize({ width: 1280, height: 900 });
    await invite.getByRole('button', { name: 'Copy link' }).click();
    expect(await clipboard(ana.page)).toBe(inviteUrl);
    expect(await whatsApp.isVisible()).toBe(true);
    expect(await seriousViolations(ana.page)).toEqual([]);

    // A device with a share sheet: Share hands it the invite link and text (Portuguese, the owner of another group).
    const firma = (await api(server, bruno, 'POST', '/api/groups', { name: 'Bolão da Firma', leagueId: league!.id })).group;
    await bruno.page.addInitScript(recordingShareSheet);
    await bruno.page.goto(`${server.url}/group/${firma.id}`);
    await bruno.page.getByText('Convide amigos').click();
    const convite = bruno.page.getByRole('group', { name: 'Opções de compartilhamento' });
    await convite.getByRole('button', { name: 'Compartilhar', exact: true }).click();
    const textoConvite = 'Bora palpitar? Entra no meu bolão “Bolão da Firma” (Browser Share League 2026) no Palpite!';
    await expect.poll(() => bruno.page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
      { title: 'Bolão da Firma', text: textoConvite, url: `${server.url}/join-group?code=${firma.inviteCode}` },
    ]);
    expect(await convite.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href')).toContain(encodeURIComponent(textoConvite));
    await convite.getByRole('button', { name: 'Copiar link' }).waitFor();
    await shoot(bruno.page, 'share-02-invite-sheet-pt');
    expect(await seriousViolations(bruno.page)).toEqual([]);

    // The podium's picture, on a computer without a share sheet: saved as a 1200×630 PNG (Spanish, 1280 px).
    await allowClipboard(carla);
    await carla.page.addInitScript(noShareSheet);
    await carla.page.setViewportSize({ width: 1280, height: 900 });
    await carla.page.goto(`${server.url}/group/${group.id}/stats`);
    const podium = carla.page.getByRole('group', { name: 'Opciones para compartir' });
    const [download] = await Promise.all([
      carla.page.waitForEvent('download'),
      podium.getByRole('button', { name: 'Descargar imagen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sharing-stars-podium.png');
    const png = readFileSync(await download.path());
    expect(pngSize(png)).toEqual({ signature: 'PNG', width: 1200, height: 630 });
    if (process.env.SCREENSHOTS === '1') await download.saveAs('screenshots/share-podium.png');
    await carla.page.getByText('Imagen guardada: sharing-stars-podium.png').waitFor();
    await podium.getByRole('button', { name: 'Copiar enlace del grupo' }).click();
    expect(await clipboard(carla.page)).toBe(`${server.url}/group/${group.id}`);
    expect(await seriousViolations(carla.page)).toEqual([]);
    await shoot(carla.page, 'share-03-podium-es');
    // On a phone too (390 px): the actions fit and the picture is the same size.
    await carla.page.setViewportSize({ width: 390, height: 844 });
    const [again] = await Promise.all([carla.page.waitForEvent('download'), podium.getByRole('button', { name: 'Descargar imagen' }).click()]);
    expect(pngSize(readFileSync(await again.path()))).toEqual({ signature: 'PNG', width: 1200, height: 630 });
    // The button is disabled while the picture is drawn and fades back in (a transition): checked once settled.
    await carla.page.waitForFunction(() => [...document.querySelectorAll('button')].filter((b) => b.textContent?.includes('Descargar imagen'))
      .every((b) => !b.disabled && getComputedStyle(b).opacity === '1'));
    expect(await seriousViolations(carla.page)).toEqual([]);
    for (const who of [ana, bruno, carla]) await who.context.close();
  }, 180_000);
});
