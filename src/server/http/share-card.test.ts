/**
 * The card a chat app shows for a pasted link: a public group's invite link and page carry its name,
 * league and member count in Open Graph tags; a private group's, an unknown code's and any other page's
 * only the app's name; names are escaped.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../tests/helpers/users';
import { leagues } from '../db/schema';
import { sharedGroupOf } from './share-card';

describe('sharedGroupOf', () => {
  it('finds the group an invite link or a group page names, and nothing in other paths', () => {
    expect(sharedGroupOf('/join-group', new URLSearchParams('code=abcd-efgh'))).toEqual({ code: 'ABCDEFGH' });
    expect(sharedGroupOf('/join/ABCDEFGH', new URLSearchParams())).toEqual({ code: 'ABCDEFGH' });
    expect(sharedGroupOf('/group/0F8FAD5B-D9CB-469F-A165-70867728950E/stats', new URLSearchParams())).toEqual({ id: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    expect(sharedGroupOf('/join-group', new URLSearchParams())).toBeNull();
    expect(sharedGroupOf('/groups', new URLSearchParams())).toBeNull();
    expect(sharedGroupOf('/profile', new URLSearchParams('code=X'))).toBeNull();
  });
});

describe(`share cards (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  const webDir = mkdtempSync(join(tmpdir(), 'palpite-web-'));
  const groups: Record<'open' | 'closed', { id: string; inviteCode: string }> = { open: { id: '', inviteCode: '' }, closed: { id: '', inviteCode: '' } };
  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    return response.body;
  };
  const ogTitle = (html: string) => /<meta property="og:title" content="([^"]*)" \/>/.exec(html)?.[1];

  beforeAll(async () => {
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>Palpite</title></head><body><div id="root"></div></body></html>');
    t = await createTestApp({ APP_URL: 'https://pool.example.com' }, { webDir });
    ana = await createUser(t, { username: 'ana' });
    const [league] = await t.database.db.insert(leagues).values({ name: 'Brasileirão <Série A>', season: '2026', kind: 'league', provider: 'test', externalId: 'card-league' }).returning();
    for (const [key, visibility, name] of [['open', 'public', 'Bolão "do Zé"'], ['closed', 'private', 'Secret office pool']] as const) {
      const created = await t.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: ana.cookie }, payload: { name, leagueId: league!.id, visibility } });
      groups[key] = created.json().group;
    }
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("shows a public group's name, league and members on its invite link and page, escaped, with absolute addresses", async () => {
    for (const url of [`/join-group?code=${groups.open.inviteCode}`, `/join/${groups.open.inviteCode}`, `/group/${groups.open.id}`]) {
      const html = await page(url);
      expect(ogTitle(html), url).toBe('Bolão &quot;do Zé&quot; · Palpite');
      expect(html).toContain('<meta property="og:description" content="Brasileirão &lt;Série A&gt; 2026 · 1 member. Join the pool and predict every match on Palpite." />');
      expect(html).toContain('<meta property="og:image" content="https://pool.example.com/icons/icon-512.png" />');
      expect(html).toContain(`<meta property="og:url" content="https://pool.example.com${url}" />`);
      expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it("shows only the app's name for a private group, an unknown code, and leaves other pages as they are", async () => {
    for (const url of [`/join-group?code=${groups.closed.inviteCode}`, `/group/${groups.closed.id}`, '/join-group?code=NOSUCHCD']) {
      const html = await page(url);
      expect(ogTitle(html), url).toBe('Palpite');
      expect(html).not.toContain('Secret office pool');
      expect(html).not.toContain('Brasileirão');
    }
    expect(ogTitle(await page('/groups'))).toBeUndefined();
  });
});
