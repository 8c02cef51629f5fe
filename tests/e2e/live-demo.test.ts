/**
 * The live demo in a real browser at 390 px: on a fresh start (the demo's replay of the 2022 World Cup
 * made as a first start makes it, its first kickoff seconds away, the app's own scheduler ticking it), a
 * newcomer finds the demo group in Discover marked as a replay, joins it, and sees the opening match go
 * live and Enner Valencia's goals arrive on the open page without a reload, the simulated members'
 * predictions revealed. SCREENSHOTS=1 saves screenshots at 390 px and 1280 px.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createDemoReplay, DEMO_GROUP_NAME, DEMO_START_DELAY_MS } from '../../src/server/modules/replay/demo';
import { apiUser, hasChromium, shoot, useBrowserApp, type RunningApp } from './browser';
import { seriousViolations } from './axe';

const withChromium = hasChromium();

describe.runIf(withChromium)('browser: the live demo', () => {
  let server: RunningApp;
  let browser: Browser;
  // The app's own sync scheduler plays the replay (every second), as on a real first start.
  useBrowserApp((s, b) => { [server, browser] = [s, b]; }, { SYNC: 'true' });

  it('a newcomer joins the demo group and sees a goal arrive live', async () => {
    // The demo as a first start makes it, its first kickoff 8 s from now (not three minutes: a test's patience).
    await createDemoReplay(server.database.db, new Date(Date.now() - DEMO_START_DELAY_MS + 8_000));
    const newcomer = await apiUser(server, browser, 'newcomer');
    const page = newcomer.page;
    await page.goto(`${server.url}/groups?tab=discover`);
    const card = page.getByRole('listitem', { name: DEMO_GROUP_NAME });
    await card.waitFor();
    await card.getByText('Replay', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Join' }).click();
    await page.getByRole('heading', { name: DEMO_GROUP_NAME }).waitFor();

    // The opening match, Qatar v Ecuador (0–2: Valencia 16' pen., 31'), on the matches tab.
    const opener = page.getByRole('listitem', { name: 'Qatar – Ecuador' });
    for (let back = 0; back < 12 && !(await opener.isVisible()); back++) {
      const previous = page.getByRole('button', { name: 'Previous round' });
      if (await previous.isDisabled()) break;
      await previous.click();
    }
    await opener.waitFor();
    // Kickoff, then the first goal at 16' (16 s after kickoff at speed 60), pushed to the open page.
    await opener.getByText('Live', { exact: false }).first().waitFor({ timeout: 20_000 });
    await opener.getByText('Enner Valencia').first().waitFor({ timeout: 30_000 });
    // The score moved with it (0–1, or 0–2 once the 31st minute has come) and the minute runs.
    await expect.poll(async () => (await opener.innerText()).replace(/\s+/g, ' '), { timeout: 5_000 }).toMatch(/Qatar 0 – [12] Ecuador/);
    expect(await opener.innerText()).toMatch(/16' \(pen\.\)/);
    await shoot(page, 'live-demo-01-goal');
    expect(await seriousViolations(page), 'axe on the live demo group').toEqual([]);
    await newcomer.context.close();
  }, 120_000);
});
