/**
 * Group administration in a real browser: the owner renames the group, regenerates the invite code,
 * deactivates and reactivates it, and removes a member; the member sees each change. SCREENSHOTS=1 saves
 * screenshots at 390 px and 1280 px. Made public, the group is found in Discover and joined without a code.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiUser as createApiUser, hasChromium, type RunningApp, useBrowserApp, shoot } from './browser';
import { seriousViolations } from './axe';
import { leagues } from '../../src/server/db/schema';

const withChromium = hasChromium();

describe.runIf(withChromium)('browser: group administration', () => {
  let server: RunningApp;
  let browser: Browser;
  useBrowserApp((s, b) => { [server, browser] = [s, b]; });

  const apiUser = (username: string) => createApiUser(server, browser, username);

  it('renames, regenerates the code, deactivates, reactivates and removes a member', async () => {
    const ana = await apiUser('ana');
    const bruno = await apiUser('bruno');
    const api = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) => server.app.inject({ method, url, payload, headers: { cookie } }).then((r) => r.json());
    const leagueId = (await api(ana.cookie, 'GET', '/api/leagues')).leagues[0].id;
    const group = (await api(ana.cookie, 'POST', '/api/groups', { name: 'Office pool', leagueId })).group;
    await api(bruno.cookie, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });

    const page = ana.page;
    // The app asks in its own dialogs: a browser dialog would be a regression.
    page.on('dialog', (dialog) => { throw new Error(`a browser dialog: ${dialog.message()}`); });
    await page.goto(`${server.url}/group/${group.id}?tab=settings`);
    await page.getByLabel('Name', { exact: true }).fill('Office pool 2026');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Office pool 2026' }).waitFor();

    await page.getByRole('button', { name: 'New invite code' }).click();
    await page.getByText('A new invite code is ready').waitFor();
    expect((await api(bruno.cookie, 'GET', `/api/groups/${group.id}`)).group.inviteCode).not.toBe(group.inviteCode);

    await page.getByRole('button', { name: 'Deactivate the group' }).click();
    await page.getByText('The group is deactivated').waitFor();
    await bruno.page.goto(`${server.url}/group/${group.id}`);
    await bruno.page.getByText('This group is deactivated', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Reactivate the group' }).click();
    await page.getByText('The group is active again.').waitFor();
    await shoot(page, 'admin-01-settings');
    expect(await seriousViolations(page), 'axe on the settings tab').toEqual([]);

    await page.getByRole('listitem').filter({ hasText: 'bruno' }).getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove bruno' });
    await dialog.getByText('Their predictions leave the ranking').waitFor();
    expect(await seriousViolations(page), 'axe on the remove dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('listitem').filter({ hasText: 'bruno' }).getByRole('button', { name: 'Remove' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Member removed').waitFor();
    await expect(page.getByRole('listitem').filter({ hasText: 'bruno' }).filter({ has: page.getByRole('button', { name: 'Remove' }) }).count()).resolves.toBe(0);
    await bruno.page.reload();
    await bruno.page.getByRole('alert').filter({ hasText: "The group may have been deleted or you don't have permission to view it." }).waitFor();
    await bruno.page.getByRole('link', { name: 'Back to my groups' }).waitFor();
    await shoot(bruno.page, 'admin-02-removed');
    await bruno.page.goto(`${server.url}/group/not-a-group`);
    await bruno.page.getByRole('alert').filter({ hasText: 'Invalid Group ID.' }).waitFor();

    // Made public, the group is found in Discover and joined without a code.
    await page.getByRole('radio', { name: 'Public: listed for everyone to join' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    const carla = await apiUser('carla');
    await carla.page.goto(`${server.url}/groups`);
    await carla.page.getByRole('searchbox', { name: 'Search groups by name' }).fill('office');
    const card = carla.page.getByRole('listitem', { name: 'Office pool 2026' });
    await card.waitFor();
    // The league filter: a league the group does not play empties the list; its own league finds it again.
    const [other] = await server.database.db.insert(leagues).values({ name: 'Empty league', season: '2030', kind: 'league', provider: 'manual', externalId: 'empty-2030' }).returning();
    await carla.page.reload();
    await carla.page.getByRole('searchbox', { name: 'Search groups by name' }).fill('office');
    const filter = carla.page.getByRole('combobox', { name: 'League' });
    await filter.selectOption(other!.id);
    await carla.page.getByText('No public group matches.').waitFor();
    await filter.selectOption(leagueId);
    await card.getByRole('button', { name: 'Join' }).click();
    await carla.page.getByRole('heading', { name: 'Office pool 2026' }).waitFor();
    await carla.page.goto(`${server.url}/groups`);
    await shoot(carla.page, 'admin-03-discover');
    expect(await seriousViolations(carla.page), 'axe on /groups').toEqual([]);
    await carla.context.close();
    await ana.context.close();
    await bruno.context.close();
  });
});
