/**
 * The administrators' teams over HTTP: search, edits with validation, aliases that make another
 * provider's name meet the same team (never one that belongs to another team), and standings of a league
 * without provider tables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { seedDemoIfEmpty } from '../demo/seed';
import { importCompetition } from '../import/service';

describe(`admin teams (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'teams-boss@example.com' });
    await seedDemoIfEmpty(t.database.db, new Date());
    admin = await createUser(t, { email: 'teams-boss@example.com', username: 'teams_boss' });
  });
  afterAll(async () => t?.close());
  const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });

  it('searches, edits and validates teams', async () => {
    const all = (await as('GET', '/api/admin/teams')).json();
    expect(all.total).toBe(8); // the demo league's clubs
    const [first, second] = all.teams;
    expect(first.matches).toBeGreaterThan(0);
    expect((await as('GET', `/api/admin/teams?search=${encodeURIComponent(first.name.slice(0, 4))}`)).json().teams.map((x: { id: string }) => x.id)).toContain(first.id);
    const edited = await as('PATCH', `/api/admin/teams/${first.id}`, { code: 'ABC', shortName: 'Short', crestUrl: 'https://example.com/crest.svg' });
    expect(edited.json().team).toMatchObject({ code: 'ABC', shortName: 'Short', crestUrl: 'https://example.com/crest.svg' });
    for (const body of [{ code: 'abcd' }, { crestUrl: 'http://example.com/x.png' }, { crestUrl: 'javascript:alert(1)' }, {}]) {
      expect((await as('PATCH', `/api/admin/teams/${first.id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const clash = await as('PATCH', `/api/admin/teams/${first.id}`, { name: second.name.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    // Renamed: the old name stays another name of the team (providers still write it).
    const renamed = (await as('PATCH', `/api/admin/teams/${second.id}`, { name: `${second.name} Club` })).json().team;
    expect(renamed.aliases).toEqual([second.name.toLowerCase()]);
    await as('PATCH', `/api/admin/teams/${second.id}`, { name: second.name });
    expect((await as('GET', `/api/admin/teams?search=${encodeURIComponent(first.name)}`)).json().teams[0].name).toBe(first.name);
  });

  it('adds aliases that an import meets, refuses another team\'s name, and removes them', async () => {
    const [team, other] = (await as('GET', '/api/admin/teams')).json().teams;
    const added = await as('POST', `/api/admin/teams/${team.id}/aliases`, { alias: 'The Demo Lads' });
    expect(added.json().team.aliases).toEqual(['the demo lads']);
    expect((await as('POST', `/api/admin/teams/${other.id}/aliases`, { alias: 'THE DEMO LADS' })).statusCode).toBe(409);
    expect((await as('POST', `/api/admin/teams/${other.id}/aliases`, { alias: team.name })).statusCode).toBe(409);
    // Another provider's spelling meets the same team.
    const summary = await importCompetition(t.database.db, {
      name: 'Alias Check', season: '2040', kind: 'league', warnings: [],
      matches: [{
        externalId: 'a1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', groupName: null, kickoff: new Date('2040-01-01T12:00:00Z'),
        status: 'scheduled', home: { name: 'The Demo Lads', code: null }, away: { name: other.name, code: null },
        fullTime: null, extraTime: null, penalties: null, venue: null, label: 'alias check',
      }],
    }, { provider: 'test' });
    expect(summary.created).toBe(1);
    expect((await as('GET', `/api/admin/teams?search=${encodeURIComponent('demo lads')}`)).json().teams.map((x: { id: string }) => x.id)).toEqual([team.id]);
    expect((await as('DELETE', `/api/admin/teams/${team.id}/aliases/${encodeURIComponent('The Demo Lads')}`)).json().team.aliases).toEqual([]);
    const audit = (await as('GET', `/api/admin/audit?search=${team.id}`)).json().entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(['team.alias_remove', 'team.alias_add', 'team.update']);
  });

  it('shows computed standings of a league without provider tables; refreshing says there are none', async () => {
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues.find((l: { matchCount: number }) => l.matchCount === 56).id; // the demo league
    const standings = (await as('GET', `/api/admin/leagues/${leagueId}/standings`)).json();
    expect(standings.provider).toBeNull();
    expect(standings.computed.league).toHaveLength(8);
    const refreshed = await as('POST', `/api/admin/leagues/${leagueId}/standings/refresh`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().provider).toBeNull();
  });

  it('takes an uploaded crest (fitted whole, stored as WebP) and serves it to anyone', async () => {
    const sharp = (await import('sharp')).default;
    const [team] = (await as('GET', '/api/admin/teams')).json().teams;
    const wide = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 1 } } }).png().toBuffer();
    const upload = (body: Buffer | string, type: string, cookie = admin.cookie) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/teams/${team.id}/crest`, payload: body, headers: { cookie, 'content-type': type } });
    const uploaded = await upload(wide, 'image/png');
    expect(uploaded.statusCode).toBe(200);
    const crestUrl = uploaded.json().team.crestUrl as string;
    expect(crestUrl).toMatch(new RegExp(`^/api/teams/${team.id}/crest\\?v=\\d+$`));
    const served = await t.app.inject({ method: 'GET', url: crestUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect((await upload(Buffer.from('not an image'), 'image/png')).json().error.id).toBe('avatar_invalid');
    expect((await upload('{}', 'application/json')).statusCode).toBe(415);
    const member = await createUser(t, { username: 'crest_member' });
    expect((await upload(wide, 'image/png', member.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/teams/${team.id}/crest?v=1` })).statusCode).toBe(404);
  });

  it('merges a duplicate created by another provider into the team: its matches, other names and name move over', async () => {
    const [team] = (await as('GET', '/api/admin/teams')).json().teams;
    const summary = await importCompetition(t.database.db, {
      name: 'Merge Check', season: '2041', kind: 'league', warnings: [],
      matches: [{
        externalId: 'm1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', groupName: null, kickoff: new Date('2041-01-01T12:00:00Z'),
        status: 'scheduled', home: { name: `${team.name} FC Provider`, code: null }, away: { name: 'Merge Opponent', code: null },
        fullTime: null, extraTime: null, penalties: null, venue: null, label: 'merge check',
      }],
    }, { provider: 'test' });
    const duplicate = (await as('GET', `/api/admin/teams?search=${encodeURIComponent(`${team.name} FC Provider`)}`)).json().teams[0];
    const opponent = (await as('GET', '/api/admin/teams?search=Merge%20Opponent')).json().teams[0];
    expect((await as('POST', `/api/admin/teams/${duplicate.id}/merge`, { duplicateId: opponent.id })).statusCode).toBe(409); // they play each other
    expect((await as('POST', `/api/admin/teams/${team.id}/merge`, { duplicateId: team.id })).statusCode).toBe(409);
    const merged = await as('POST', `/api/admin/teams/${team.id}/merge`, { duplicateId: duplicate.id });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().team.aliases).toContain(`${team.name} FC Provider`.toLowerCase());
    expect((await as('GET', `/api/admin/teams?search=${encodeURIComponent(`${team.name} FC Provider`)}`)).json().teams.map((x: { id: string }) => x.id)).toEqual([team.id]);
    // A re-import meets the merged team: no duplicate comes back.
    const again = await importCompetition(t.database.db, {
      name: 'Merge Check', season: '2041', kind: 'league', warnings: [],
      matches: [{
        externalId: 'm1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', groupName: null, kickoff: new Date('2041-01-01T12:00:00Z'),
        status: 'scheduled', home: { name: `${team.name} FC Provider`, code: null }, away: { name: 'Merge Opponent', code: null },
        fullTime: null, extraTime: null, penalties: null, venue: null, label: 'merge check',
      }],
    }, { provider: 'test', leagueId: summary.leagueId });
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
  });
});

