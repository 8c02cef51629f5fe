/**
 * The administrators' leagues over HTTP: a league linked to an openfootball URL fills itself
 * in the background, "sync now" changes nothing the second time, search/sort/pages, deactivation hides a
 * league from new groups, and the dashboard says what is missing (no football-data.org token).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { hasOpenfootballData, OPENFOOTBALL_DIR } from '../../../../tests/openfootball-data';
import { parseOpenfootball } from '../../providers/openfootball/parse';
import { readOpenfootballSource } from '../../providers/openfootball/read-source';
import { importCompetition } from '../import/service';
import { COMMAND_LINE } from './audit';

const withData = hasOpenfootballData();

describe(`admin leagues (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let server: Server;
  let base = '';
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'leagues-boss@example.com' });
    admin = await createUser(t, { email: 'leagues-boss@example.com', username: 'leagues_boss' });
    member = await createUser(t, { username: 'leagues_member' });
    // A stand-in for a file host: the EPL 2024/25 openfootball file, and a 404.
    server = createServer((request, response) => {
      if (request.url === '/en.1.json' && withData) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(readFileSync(join(OPENFOOTBALL_DIR, 'football.json/2024-25/en.1.json')));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });
  const as = (who: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const waitForRun = async (leagueId: string) => {
    for (let i = 0; i < 200; i++) {
      const runs = (await as(admin, 'GET', `/api/admin/leagues/${leagueId}/sync-runs`)).json().runs;
      if (runs.length > 0 && runs[0].status !== 'running') return runs;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the sync did not finish');
  };

  it.runIf(withData)('fills a league linked to an openfootball URL by itself, and a second sync changes nothing', async () => {
    const created = await as(admin, 'POST', '/api/admin/leagues', { source: 'openfootball', sourceRef: `${base}/en.1.json`, sourceTimeZone: 'Europe/London' });
    expect(created.statusCode).toBe(201);
    const { league } = created.json();
    expect(league).toMatchObject({ source: 'openfootball', sourceRef: `${base}/en.1.json`, active: true, matches: 0 });
    const runs = await waitForRun(league.id);
    expect(runs[0]).toMatchObject({ status: 'succeeded', trigger: 'admin', kind: 'fixtures', created: 380, updated: 0 });
    const filled = (await as(admin, 'GET', `/api/admin/leagues/${league.id}`)).json().league;
    expect(filled).toMatchObject({ name: 'English Premier League 2024/25', season: '2024-25', matches: 380, finished: 380 });
    expect(filled.lastRun.status).toBe('succeeded');

    const again = await as(admin, 'POST', `/api/admin/leagues/${league.id}/sync`);
    expect(again.statusCode).toBe(200);
    expect(again.json().outcome).toMatchObject({ status: 'succeeded', created: 0, updated: 0, unchanged: 380, rescored: 0 });
    expect((await waitForRun(league.id)).map((r: { trigger: string }) => r.trigger)).toEqual(['admin', 'admin']);
  });

  it('records a source that fails, and says so on the dashboard with what is missing', async () => {
    const { league } = (await as(admin, 'POST', '/api/admin/leagues', { source: 'openfootball', sourceRef: `${base}/missing.json`, sourceTimeZone: 'UTC' })).json();
    const [run] = await waitForRun(league.id);
    expect(run).toMatchObject({ status: 'failed', error: `${base}/missing.json: HTTP 404` });
    const fd = (await as(admin, 'POST', '/api/admin/leagues', { source: 'football-data', sourceRef: 'PL' })).json().league;
    expect((await waitForRun(fd.id))[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('FOOTBALL_DATA_TOKEN is not set') });
    const dashboard = (await as(admin, 'GET', '/api/admin/dashboard')).json();
    expect(dashboard.missing).toEqual(['FOOTBALL_DATA_TOKEN']);
    expect(dashboard.failing).toBeGreaterThanOrEqual(2);
    expect(dashboard.syncedLeagues.map((l: { id: string }) => l.id)).toEqual(expect.arrayContaining([league.id, fd.id]));
    expect(dashboard.users.total).toBeGreaterThanOrEqual(2);
    const competitions = await as(admin, 'GET', '/api/admin/provider-competitions');
    expect(competitions.statusCode).toBe(409);
    expect(competitions.json().error.id).toBe('provider_not_configured');
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    for (const body of [
      { source: 'football-data', sourceRef: 'premier league' },
      { source: 'openfootball', sourceRef: 'file:///etc/passwd', sourceTimeZone: 'UTC' },
      { source: 'openfootball', sourceRef: `${base}/x.json`, sourceTimeZone: 'Mars/Olympus' },
      { source: 'manual', name: 'X', season: '2030', kind: 'league' },
      { source: 'elsewhere' },
    ]) {
      const response = await as(admin, 'POST', '/api/admin/leagues', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.id).toBe('validation_failed');
    }
    expect((await as(admin, 'GET', '/api/admin/leagues/not-a-uuid')).statusCode).toBe(400);
    expect((await as(admin, 'GET', '/api/admin/leagues/00000000-0000-4000-8000-000000000000')).json().error.id).toBe('league_not_found');
    expect((await as(member, 'GET', '/api/admin/leagues')).statusCode).toBe(403);
  });

  it('lists, searches, sorts and pages; an inactive league is not offered for new groups', async () => {
    for (const name of ['Zulu Cup', 'Alpha Shield', 'Mike Trophy']) {
      expect((await as(admin, 'POST', '/api/admin/leagues', { source: 'manual', name, season: '2031', kind: 'tournament' })).statusCode).toBe(201);
    }
    const searched = (await as(admin, 'GET', '/api/admin/leagues?search=2031&sort=name&order=desc')).json();
    expect(searched.leagues.map((l: { name: string }) => l.name)).toEqual(['Zulu Cup', 'Mike Trophy', 'Alpha Shield']);
    expect(searched).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect((await as(admin, 'GET', '/api/admin/leagues?search=2031&page=2')).json().leagues).toEqual([]);
    // Deactivated: gone from the public list and refused for a new group.
    const alpha = searched.leagues.find((l: { name: string }) => l.name === 'Alpha Shield');
    expect((await as(admin, 'PATCH', `/api/admin/leagues/${alpha.id}`, { active: false })).json().league.active).toBe(false);
    const offered = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues.map((l: { id: string }) => l.id);
    expect(offered).not.toContain(alpha.id);
    const refused = await as(member, 'POST', '/api/groups', { name: 'Too late', leagueId: alpha.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.id).toBe('league_inactive');
    expect((await as(admin, 'POST', `/api/admin/leagues/${alpha.id}/sync`)).json().outcome).toEqual({ status: 'skipped', reason: 'the league has no data source (entered by hand)' });
  });
});

describe(`a league imported from the command line, linked later (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: TestUser;
  const folder = mkdtempSync(join(tmpdir(), 'palpite-link-'));
  const file = join(folder, 'cup.json');
  const cup = (home: string) => ({
    name: 'Link Cup 2030',
    matches: [{ round: 'Matchday 1', date: '2030-05-01', time: '15:00', team1: home, team2: 'Beta', score: { ft: [1, 0] } }, { round: 'Matchday 2', date: '2030-05-08', time: '15:00', team1: 'Beta', team2: home }],
  });
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'link-boss@example.com' });
    admin = await createUser(t, { email: 'link-boss@example.com', username: 'link_boss' });
    writeFileSync(file, JSON.stringify(cup('Alpha')));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(folder, { recursive: true, force: true });
  });
  const as = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });

  it('keeps where the import read it from, and an administrator links it to that source', async () => {
    // As `npm run import -- <file> --tz Europe/Lisbon` does.
    const competition = parseOpenfootball(await readOpenfootballSource(file), { timeZone: 'Europe/Lisbon', sourcePath: file });
    const { leagueId } = await importCompetition(t.database.db, competition, { provider: 'openfootball', byHand: { ref: file, timeZone: 'Europe/Lisbon', actor: COMMAND_LINE } });
    const imported = (await as('GET', `/api/admin/leagues/${leagueId}`)).json().league;
    expect(imported).toMatchObject({ source: 'manual', sourceRef: null, importRef: file, importTimeZone: 'Europe/Lisbon', matches: 2 });
    expect(Date.parse(imported.importedAt)).toBeGreaterThan(Date.now() - 60_000);
    const importAudit = (await as('GET', `/api/admin/audit?search=${leagueId}`)).json().entries;
    expect(importAudit[0]).toMatchObject({ actor: 'command line', action: 'league.import', after: { source: file, timeZone: 'Europe/Lisbon', matches: 2, created: 2 } });

    // Not a source: refused, nothing linked.
    for (const sourceRef of ['/etc/passwd', 'file:///tmp/cup.json', 'ftp://example.com/cup.json']) {
      const refused = await as('POST', `/api/admin/leagues/${leagueId}/link`, { sourceRef, sourceTimeZone: 'Europe/Lisbon' });
      expect(refused.statusCode, sourceRef).toBe(400);
    }
    const linked = await as('POST', `/api/admin/leagues/${leagueId}/link`, { sourceRef: file, sourceTimeZone: 'Europe/Lisbon' });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().league).toMatchObject({ source: 'openfootball', sourceRef: file, sourceTimeZone: 'Europe/Lisbon' });
    expect((await as('POST', `/api/admin/leagues/${leagueId}/link`, { sourceRef: file, sourceTimeZone: 'UTC' })).json().error.id).toBe('league_linked');
    // Linking starts a sync in the background; a "sync now" while it runs would answer busy.
    await vi.waitFor(async () => expect((await as('GET', `/api/admin/leagues/${leagueId}`)).json().league.lastRun).toMatchObject({ status: 'succeeded' }), { timeout: 20_000, interval: 100 });
    // The source changes; "sync now" brings it into the same league.
    writeFileSync(file, JSON.stringify({ ...cup('Alpha'), matches: [...cup('Alpha').matches, { round: 'Matchday 3', date: '2030-05-15', time: '15:00', team1: 'Alpha', team2: 'Gamma' }] }));
    const synced = (await as('POST', `/api/admin/leagues/${leagueId}/sync`)).json();
    expect(synced.outcome).toMatchObject({ status: 'succeeded', created: 1 });
    expect(synced.league).toMatchObject({ id: leagueId, matches: 3 });
    expect((await as('GET', `/api/admin/audit?search=${leagueId}`)).json().entries.map((e: { action: string }) => e.action)).toEqual(['league.sync', 'league.link', 'league.import']);
  });

  it('takes a path to a .json file on the server as an openfootball source, made absolute', async () => {
    const created = await as('POST', '/api/admin/leagues', { source: 'openfootball', sourceRef: relative(process.cwd(), file), sourceTimeZone: 'UTC' });
    expect(created.statusCode).toBe(201);
    expect(created.json().league.sourceRef).toBe(file);
  });
});

describe(`admin leagues with football-data.org (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let server: Server;
  const seen: { url: string; token: string | undefined }[] = [];
  beforeAll(async () => {
    // A local stand-in for football-data.org serving a recorded Premier League season.
    server = createServer((request, response) => {
      seen.push({ url: request.url ?? '', token: request.headers['x-auth-token'] as string | undefined });
      const fixture = request.url?.startsWith('/v4/competitions/PL/matches') ? 'pl-2025-matches.json'
        : request.url?.startsWith('/v4/competitions/PL/standings') ? 'pl-2025-standings.json'
        : request.url === '/v4/competitions' ? 'competitions.json' : null;
      if (fixture) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(readFileSync(join(import.meta.dirname, '../../providers/football-data/fixtures', fixture)));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v4`;
    // The stand-in has no allowance to respect: requests are not spaced 6 s apart here.
    t = await createTestApp({ ADMIN_EMAILS: 'fd-boss@example.com', FOOTBALL_DATA_TOKEN: 'fd-test-token', FOOTBALL_DATA_URL: url, FOOTBALL_DATA_REQUESTS_PER_MINUTE: '6000' });
    admin = await createUser(t, { email: 'fd-boss@example.com', username: 'fd_boss' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('a league added by an administrator fills itself from football-data.org, with the token sent', async () => {
    const as = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
    const { league } = (await as('POST', '/api/admin/leagues', { source: 'football-data', sourceRef: 'PL' })).json();
    expect(league).toMatchObject({ name: 'PL', source: 'football-data', sourceRef: 'PL' });
    let runs: { status: string; created: number }[] = [];
    for (let i = 0; i < 200 && (runs.length === 0 || runs[0]!.status === 'running'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      runs = (await as('GET', `/api/admin/leagues/${league.id}/sync-runs`)).json().runs;
    }
    expect(runs[0]).toMatchObject({ status: 'succeeded' });
    expect(runs[0]!.created).toBeGreaterThan(0);
    const filled = (await as('GET', `/api/admin/leagues/${league.id}`)).json().league;
    expect(filled.name).toBe('Premier League');
    expect(filled.matches).toBe(runs[0]!.created);
    expect(seen.every((request) => request.token === 'fd-test-token')).toBe(true);
    expect((await as('GET', '/api/admin/dashboard')).json().missing).toEqual([]);
    const offered = (await as('GET', '/api/admin/provider-competitions')).json().competitions;
    expect(offered).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'PL' })]));
    // The provider's tables came with the sync, beside the computed ones.
    const standings = (await as('GET', `/api/admin/leagues/${league.id}/standings`)).json();
    expect(standings.provider.tables[0]).toMatchObject({ stage: 'league', group: null });
    expect(standings.provider.tables[0].rows.length).toBeGreaterThan(0);
    expect(standings.computed.league.length).toBeGreaterThan(0);
    // Pinned to the season of its first sync: later requests ask for that season.
    seen.length = 0;
    expect((await as('POST', `/api/admin/leagues/${league.id}/sync`)).json().outcome.status).toBe('succeeded');
    expect(seen.map((r) => r.url)).toContain('/v4/competitions/PL/matches?season=2025');
    const refreshed = await as('POST', `/api/admin/leagues/${league.id}/standings/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(new Date(refreshed.json().provider.fetchedAt).getTime()).toBeGreaterThanOrEqual(new Date(standings.provider.fetchedAt).getTime());
  });
});

