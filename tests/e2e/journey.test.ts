/**
 * The main journey in a real browser (Chromium): register and confirm the email from the outbox, create
 * a group on the demo league, a friend joins by invite code, both predict, the result arrives and the
 * ranking shows the points; finished matches are locked; the UI speaks Portuguese on request.
 * SCREENSHOTS=1 saves screenshots at 390 px and 1280 px into ./screenshots.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasChromium, linkFromOutbox, type RunningApp, useBrowserApp, shoot } from './browser';
import { and, eq, gt } from 'drizzle-orm';
import { setMatchResult } from '../../src/server/modules/admin/service';
import { matches, teams } from '../../src/server/db/schema';

const withChromium = hasChromium();

describe.runIf(withChromium)('browser journey', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  async function teamName(teamId: string): Promise<string> {
    const [team] = await server.database.db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
    return team!.name;
  }

  /**
   * Registers from the welcome page, or from `startPath` (an invite link) while signed out; confirms
   * from the mailed link; then signs out and back in with the password, which must land where the
   * person was going (never on the confirmation page).
   */
  async function registerAndConfirm(name: string, username: string, startPath?: string) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page = await context.newPage();
    if (startPath) {
      await page.goto(`${server.url}${startPath}`);
      await page.getByRole('heading', { name: 'Sign in to Palpite' }).waitFor(); // members only: sign in first
      expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/join-group\?code=/);
    } else {
      await page.goto(server.url);
      await shoot(page, '01-welcome');
    }
    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    const email = `${username}@example.com`;
    // An empty form is checked on the device: each field says what is missing, nothing is sent.
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('This field is required').count()).resolves.toBeGreaterThanOrEqual(4);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe(username); // suggested from the email
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByLabel('Confirm password').fill('correct horse batterY');
    await page.getByLabel('Full name').fill(name);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm password').fill('correct horse battery');
    await expect(page.getByText('Passwords do not match').count()).resolves.toBe(0); // cleared once fixed
    await shoot(page, '02-register');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.getByText('Please check your email to verify your account before signing in.').waitFor();
    await shoot(page, '03-check-email');
    // Signing in before confirming is refused as a wrong password is (a stranger cannot tell a right one),
    // with the hint and a way to get the link again.
    await page.goto(`${server.url}/sign-in${startPath ? `?next=${encodeURIComponent(startPath)}` : ''}`);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password. Please try again.' }).waitFor();
    await page.getByText('Just signed up? Confirm your email first').waitFor();
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await page.getByText('Verification email sent! Please check your inbox.').waitFor();
    // The link from the mail (DATA_DIR/outbox, hash-style) confirms and signs in.
    const link = await linkFromOutbox(server.dataDir, email);
    expect(link).toMatch(/\/#\/email-verified\?token=/);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    await shoot(page, '04-email-verified');
    await page.getByRole('link', { name: 'Continue' }).click();
    const landed = startPath ? '/join-group' : '/';
    await page.waitForURL((url) => url.pathname === landed);
    // Out and in again with the password: back where they were going.
    await page.getByRole('button', { name: `Account menu for ${username}` }).click();
    const signedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/sign-out');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // The server hears of it after the page has moved on to /login.
    await signedOut;
    await page.goto(`${server.url}${startPath ?? '/groups'}`);
    await page.getByRole('heading', { name: 'Sign in to Palpite' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === (startPath ? '/join-group' : '/groups'));
    if (!startPath) await page.goto(server.url);
    return page;
  }

  it('registers, groups, predicts, scores and ranks', async () => {
    const ana = await registerAndConfirm('Ana Souza', 'ana');
    await shoot(ana, '05-home-empty');
    await ana.getByRole('link', { name: 'Create a group' }).click();
    await ana.getByLabel('Group name').fill('Family pool');
    const leagueSelect = ana.getByLabel('League or tournament');
    await leagueSelect.selectOption((await leagueSelect.locator('optgroup[label="Palpite Demo League"] option').first().getAttribute('value'))!);
    await shoot(ana, '06-new-group');
    await ana.getByRole('button', { name: 'Create group' }).click();
    await ana.getByRole('heading', { name: 'Family pool' }).waitFor();
    await ana.getByText('Invite friends').click();
    const shown = (await ana.getByLabel('Invite code').textContent())?.trim() ?? '';
    expect(shown).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/); // shown as XXXX-XXXX
    const inviteCode = shown.replace('-', '');
    await ana.getByRole('img', { name: 'QR code of the invite link to Family pool' }).waitFor();

    // The first open match of the round shown first.
    const firstOpen = ana.getByRole('listitem').filter({ has: ana.locator('input:not([disabled])') }).first();
    const label = (await firstOpen.getAttribute('aria-label')) ?? '';
    const [home, away] = label.split(' – ');
    await firstOpen.getByLabel(`${home} goals`).fill('2');
    await firstOpen.getByLabel(`${away} goals`).fill('1');
    await ana.getByText('1 unsaved prediction').waitFor();
    await shoot(ana, '07-predict');
    // A look at the ranking keeps what was typed.
    await ana.getByRole('tab', { name: 'Ranking' }).click();
    await ana.getByRole('tab', { name: 'Matches' }).click();
    await expect(firstOpen.getByLabel(`${home} goals`).inputValue()).resolves.toBe('2');
    await ana.getByText('1 unsaved prediction').waitFor();
    await ana.getByRole('button', { name: 'Save predictions' }).click();
    await ana.getByText('✓ Saved').waitFor();

    // A friend opens the share link signed out, registers, confirms, lands back on it and joins.
    const bruno = await registerAndConfirm('Bruno Lima', 'bruno', `/join-group?code=${inviteCode}`);
    await bruno.getByRole('heading', { name: 'Join a group' }).waitFor();
    await expect(bruno.getByLabel('Invite code').inputValue()).resolves.toBe(inviteCode);
    await bruno.getByRole('button', { name: 'Join' }).click();
    await bruno.getByRole('heading', { name: 'Family pool' }).waitFor();
    const sameMatch = bruno.getByRole('listitem', { name: label });
    await sameMatch.getByLabel(`${home} goals`).fill('0');
    await sameMatch.getByLabel(`${away} goals`).fill('1');
    await bruno.getByRole('button', { name: 'Save predictions' }).click();
    await bruno.getByText('✓ Saved').waitFor();

    // The result arrives (as an import or an admin would set it) and is scored at once.
    const groupMatches = await server.app.inject({ method: 'GET', url: `/api/groups/${new URL(ana.url()).pathname.split('/').pop()}/matches`, headers: { cookie: (await ana.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } });
    const played = groupMatches.json().matches.find((m: { homeTeam: { name: string }; awayTeam: { name: string } }) => m.homeTeam.name === home && m.awayTeam.name === away);
    const matchId = played.id;
    await setMatchResult(server.database.db, matchId, { status: 'finished', homeGoals: 2, awayGoals: 1 });

    await ana.reload();
    await ana.getByRole('tab', { name: 'Ranking' }).click();
    const rows = ana.getByRole('row');
    await rows.nth(1).getByText('ana').waitFor();
    await expect(rows.nth(1).textContent()).resolves.toMatch(/ana.*10/);
    await expect(rows.nth(2).textContent()).resolves.toMatch(/bruno.*-2/);
    await shoot(ana, '08-ranking');

    // The scored match shows the result and the points; its inputs are gone.
    await ana.getByRole('tab', { name: 'Matches' }).click();
    // Its round is no longer the default one when it was the round's last open match: pick it.
    await ana.getByRole('combobox', { name: 'Round' }).selectOption(String(played.roundOrder));
    const scored = ana.getByRole('listitem', { name: label });
    await scored.getByText('Exact score').waitFor();
    await expect(scored.locator('input').count()).resolves.toBe(0);
    // The round names who leads it: ana's 10 points are the most in it, so far (its other matches are to play).
    await ana.getByText('Leading the round so far: ana · 10 pts').waitFor();
    await shoot(ana, '09-scored');

    // Earlier rounds are finished: nothing there can be edited.
    await ana.getByRole('combobox', { name: 'Round' }).selectOption({ index: 0 });
    await expect(ana.locator('input:not([disabled])').count()).resolves.toBe(0);
    await shoot(ana, '10-past-round');

    // An open match locks in the browser the moment its deadline passes (the server refuses it anyway).
    const [later] = await server.database.db.select().from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 2 * 86_400_000)))).limit(1);
    const deadline = Date.now() + 12_000;
    await server.database.db.update(matches).set({ kickoff: new Date(deadline + 15 * 60_000) }).where(eq(matches.id, later!.id));
    await ana.reload(); // now the earliest open match: its round is the one shown
    const closing = ana.getByRole('listitem', { name: `${await teamName(later!.homeTeamId)} – ${await teamName(later!.awayTeamId)}` });
    await closing.locator('input:not([disabled])').first().waitFor();
    await expect(closing.locator('input:not([disabled])').count()).resolves.toBe(2);
    await closing.getByText('Predictions closed').waitFor({ timeout: 30_000 });
    // Locked on time by the deadline timer, not up to 15 s late by the periodic refresh.
    expect(Date.now() - deadline).toBeLessThan(3_000);
    await expect(closing.locator('input').count()).resolves.toBe(0);

    // Portuguese on request, from the profile menu.
    await ana.getByRole('button', { name: 'Account menu for ana' }).click();
    await ana.getByRole('menuitemradio', { name: 'Português (Brasil)' }).click();
    await ana.getByRole('tab', { name: 'Histórico' }).waitFor();
    await ana.getByRole('tab', { name: 'Jogos' }).click();
    await shoot(ana, '11-pt-br');
    await ana.getByRole('button', { name: 'Menu da conta de ana' }).click();
    await ana.getByRole('menuitemradio', { name: 'Español' }).click();
    await ana.getByRole('tab', { name: 'Historial' }).waitFor();
  });
});
