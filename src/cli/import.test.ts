/**
 * `npm run import` as a newcomer runs it: a real process on an embedded database in a temp folder (the
 * compiled program, as in production, and once from source, as in development).
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runCompiled, runFromSource } from '../../tests/helpers/compiled-cli';
import { hasOpenfootballData, OPENFOOTBALL_DIR } from '../../tests/openfootball-data';
import { openDatabase } from '../server/db/client';
import { acquireDataDirLock } from '../server/db/data-dir-lock';
import { leagues } from '../server/db/schema';
import { listAudit } from '../server/modules/admin/audit';

const withData = hasOpenfootballData();

async function importCli(dataDir: string, ...args: string[]) {
  return runCompiled('import', args, { DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: '' });
}

async function leagueCount(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(leagues);
    return Number(row?.n);
  } finally {
    await database.close();
  }
}

describe.runIf(withData)('npm run import', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'palpite-import-'));
  const wc2022 = join(OPENFOOTBALL_DIR, 'worldcup.json/2022/worldcup.json');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('loads the World Cup 2022 and prints a summary', async () => {
    const result = await importCli(dataDir, wc2022, '--tz', 'Asia/Qatar');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Imported World Cup 2022 (2022): 64 matches, 32 teams, 64 finished, 0 postponed — 64 new, 0 updated, 0 unchanged, 0 predictions re-scored.');
    // The league keeps where it came from (for an administrator to link it later), and the audit log has the import.
    const database = await openDatabase({ dataDir });
    try {
      const [league] = await database.db.select({ id: leagues.id, importRef: leagues.importRef, importTimeZone: leagues.importTimeZone }).from(leagues);
      expect(league).toMatchObject({ importRef: wc2022, importTimeZone: 'Asia/Qatar' });
      expect((await listAudit(database.db, { search: league!.id, page: 1 })).entries).toMatchObject([{ actor: 'command line', action: 'league.import', after: { source: wc2022, matches: 64 } }]);
    } finally {
      await database.close();
    }
  });

  it('runs from the TypeScript sources too, as `npm run import` does in development', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'palpite-import-dev-'));
    try {
      const result = await runFromSource('import', [wc2022, '--tz', 'Asia/Qatar'], { DATA_DIR: fresh, DATABASE_URL: '', APP_URL: '' });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Imported World Cup 2022 (2022): 64 matches, 32 teams, 64 finished, 0 postponed — 64 new');
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('changes nothing when run again', async () => {
    const result = await importCli(dataDir, wc2022, '--tz', 'Asia/Qatar', '--league', 'Copa do Mundo 2022');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Imported Copa do Mundo 2022 (2022): 64 matches, 32 teams, 64 finished, 0 postponed — 0 new, 0 updated, 64 unchanged');
    expect(await leagueCount(dataDir)).toBe(1);
  });

  it('prints warnings for impossible scores', async () => {
    const result = await importCli(dataDir, join(OPENFOOTBALL_DIR, 'football.json/2024-25/uefa.cl.json'), '--tz', 'Europe/Paris');
    expect(result.code).toBe(0);
    expect(result.stderr.match(/warning: .*penalty shoot-out 4-4 is impossible/g)).toHaveLength(2);
    expect(result.stdout).toContain('189 matches, 36 teams, 188 finished');
  });

  it('refuses times without offset unless --tz is given, naming the match', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'palpite-import-'));
    try {
      const result = await importCli(fresh, wc2022);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Import failed, nothing was written: match #1 [Matchday 1] Qatar v Ecuador (2022-11-20)');
      expect(result.stderr).toContain('--tz');
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('writes nothing from a malformed file', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'palpite-import-'));
    const file = join(fresh, 'broken.json');
    writeFileSync(file, JSON.stringify({ name: 'Broken Cup 2030', matches: [
      { round: 'Final', date: '2030-07-01', time: '18:00 UTC+0', team1: 'A', team2: 'B', score: { ft: [1, 0] } },
      { round: 'Final', date: '2030-07-02', time: '18:00 UTC+0', team1: 'C', team2: 'D', score: { ft: [1, 'x'] } },
    ] }));
    try {
      const result = await importCli(fresh, file);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/match #2 \[Final\] C v D \(2030-07-02\): score\.ft/);
      expect(await leagueCount(fresh)).toBe(0);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('refuses, with a clear error, an embedded database held by a running server', async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const result = await importCli(dataDir, wc2022, '--tz', 'Asia/Qatar');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`in use by another Palpite process (pid ${process.pid})`);
    } finally {
      lock.release();
    }
    expect(await leagueCount(dataDir)).toBe(2); // intact and still readable (World Cup, Champions League)
  });

  it('imports from a URL, and explains an HTTP failure', async () => {
    const euro = readFileSync(join(OPENFOOTBALL_DIR, 'euro.json/2024/euro.json'));
    const server: Server = createServer((request, response) => {
      if (request.url === '/2024/euro.json') response.writeHead(200, { 'content-type': 'application/json' }).end(euro);
      else response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    try {
      const ok = await importCli(dataDir, `http://127.0.0.1:${port}/2024/euro.json`, '--tz', 'Europe/Berlin');
      expect(ok.code).toBe(0);
      expect(ok.stdout).toContain('Imported Euro 2024 (2024): 51 matches, 24 teams, 51 finished, 0 postponed — 51 new');
      const missing = await importCli(dataDir, `http://127.0.0.1:${port}/nope.json`, '--tz', 'Europe/Berlin');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('HTTP 404');
    } finally {
      server.close();
    }
  });

  it('explains its usage', async () => {
    const result = await importCli(dataDir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: npm run import');
  });
});
