/**
 * `npm run sync` as an operator runs it: a real process on an embedded database in a temp folder, with
 * football-data.org served by a local stand-in (FOOTBALL_DATA_URL) from recorded payloads.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCompiled } from '../../tests/helpers/compiled-cli';
import { hasOpenfootballData, OPENFOOTBALL_DIR } from '../../tests/openfootball-data';
import { openDatabase, rowsOf } from '../server/db/client';

const ROOT = resolve(import.meta.dirname, '../..');
const withData = hasOpenfootballData();
const FIXTURES = join(ROOT, 'src/server/providers/football-data/fixtures');

async function syncCli(dataDir: string, env: Record<string, string>, ...args: string[]) {
  return runCompiled('sync', args, { DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: '', FOOTBALL_DATA_TOKEN: '', ...env });
}

describe('npm run sync', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'palpite-sync-cli-'));
  let server: Server;
  let base = '';
  const tokens: (string | undefined)[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      tokens.push(request.headers['x-auth-token'] as string | undefined);
      if (request.url?.startsWith('/v4/competitions/PL/matches')) {
        response.writeHead(200, { 'content-type': 'application/json', 'x-requestcounter-reset': '60' });
        response.end(readFileSync(join(FIXTURES, 'pl-2025-matches.json')));
      } else {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found","errorCode":404}');
      }
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v4`;
  });
  afterAll(async () => {
    await new Promise((done) => server?.close(done));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a football-data.org competition\'s league and syncs it, then finds it again with nothing new', async () => {
    const env = { FOOTBALL_DATA_URL: base, FOOTBALL_DATA_TOKEN: 'cli-test-token', FOOTBALL_DATA_REQUESTS_PER_MINUTE: '6000' };
    const first = await syncCli(dataDir, env, 'football-data:PL');
    expect(first.stderr).not.toMatch(/cli-test-token/);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^fetching football-data:PL$/m);
    expect(first.stdout).toMatch(/^created league .+ \(/m);
    expect(first.stdout).toMatch(/^done: \d+ new, 0 updated, 0 unchanged/m);
    expect(tokens.every((token) => token === 'cli-test-token')).toBe(true);
    const second = await syncCli(dataDir, env, 'football-data:PL');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^found league /m);
    expect(second.stdout).toMatch(/^done: 0 new, 0 updated, \d+ unchanged/m);

    const database = await openDatabase({ dataDir });
    let leagueId: string;
    try {
      const rows = rowsOf<{ id: string; sync_provider: string; sync_ref: string; runs: number; matches: number }>(await database.db.execute(sql`
        select l.id, l.sync_provider, l.sync_ref, (select count(*)::int from sync_runs r where r.league_id = l.id and r.status = 'succeeded') as runs,
               (select count(*)::int from matches m where m.league_id = l.id) as matches
          from leagues l where l.provider = 'football-data'`));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ sync_provider: 'football-data', sync_ref: 'PL', runs: 2 });
      expect(rows[0]!.matches).toBeGreaterThan(0);
      leagueId = rows[0]!.id;
    } finally {
      await database.close();
    }
    // By id: the league's own link is used.
    const byId = await syncCli(dataDir, env, leagueId);
    expect(byId.code, byId.stderr).toBe(0);
    expect(byId.stdout).toMatch(/^done: 0 new/m);
  });

  it('says what is missing without a token, and refuses bad usage', async () => {
    const missing = await syncCli(dataDir, {}, 'football-data:BSA');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/FOOTBALL_DATA_TOKEN is not set/);
    expect((await syncCli(dataDir, {}, 'elsewhere:XYZ')).code).toBe(2);
    expect((await syncCli(dataDir, {})).code).toBe(2);
  });

  it.runIf(withData)('links an openfootball file with its time zone', async () => {
    const file = join(OPENFOOTBALL_DIR, 'worldcup.json/2022/worldcup.json');
    const result = await syncCli(dataDir, {}, `openfootball:${file}`, '--tz', 'Asia/Qatar');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^done: 64 new/m);
  });
});
