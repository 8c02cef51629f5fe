/**
 * `npm run replay` as an administrator runs it: a real process on an embedded database in a temp folder
 * (the compiled program, as in production), creating a replay of the shipped 2022 World Cup and of an
 * openfootball file, and refusing bad usage and bad files with nothing written. Its start is parsed here too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runCompiled } from '../../tests/helpers/compiled-cli';
import { hasOpenfootballData, OPENFOOTBALL_DIR } from '../../tests/openfootball-data';
import { openDatabase, rowsOf } from '../server/db/client';
import { parseStart } from './replay-start';

const withData = hasOpenfootballData();

describe('npm run replay', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'palpite-replay-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const replayCli = (...args: string[]) => runCompiled('replay', args, { DATA_DIR: dataDir, DATABASE_URL: '', APP_URL: '' });
  const replays = async () => {
    const database = await openDatabase({ dataDir });
    try {
      return rowsOf<{ name: string; speed: number; starts_at: Date | string; matches: number; source: string }>(await database.db.execute(sql`
        select l.name, r.speed, r.starts_at, r.source, (select count(*) from matches m where m.league_id = l.id)::int as matches
          from replays r join leagues l on l.id = r.league_id order by r.created_at`));
    } finally {
      await database.close();
    }
  };

  it('replays the shipped 2022 World Cup and says when it plays', async () => {
    const before = Date.now();
    const result = await replayCli('bundled:worldcup-2022', '--speed', '120', '--start', 'in 30 minutes', '--league', 'World Cup night');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Replaying World Cup night: 64 matches at speed 120, from \S+Z to \S+Z\./m);
    const [row] = await replays();
    expect(row).toMatchObject({ name: 'World Cup night', matches: 64, source: 'bundled:worldcup-2022' });
    expect(Number(row!.speed)).toBe(120);
    const start = new Date(row!.starts_at).getTime();
    expect(start).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1_000);
    expect(start).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
  });

  it.runIf(withData)('replays an openfootball file with its time zone', async () => {
    const result = await replayCli(join(OPENFOOTBALL_DIR, 'euro.json/2024/euro.json'), '--tz', 'Europe/Berlin', '--start', '2030-06-14T19:00:00Z');
    expect(result.code).toBe(0);
    expect((await replays()).at(-1)).toMatchObject({ name: 'Euro 2024', matches: 51 });
  });

  it('refuses bad usage (2) and a file it cannot replay (1), writing nothing', async () => {
    const count = (await replays()).length;
    expect((await replayCli()).code).toBe(2);
    expect((await replayCli('bundled:worldcup-2022', '--speed', '0')).stderr).toMatch(/--speed must be a number from 1 to 600/);
    expect((await replayCli('bundled:worldcup-2022', '--start', 'tomorrow')).code).toBe(2);
    expect((await replayCli('bundled:euro-1966')).stderr).toMatch(/No tournament named euro-1966 is shipped/);
    const notAFile = join(dataDir, 'not-a-tournament.json');
    writeFileSync(notAFile, JSON.stringify({ hello: 'world' }));
    const refused = await replayCli(notAFile);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Replay not created, nothing was written: Not an openfootball file/);
    expect((await replays()).length).toBe(count);
    expect((await replayCli('--help')).stdout).toMatch(/held between 30 minutes and 3 hours of\s+match\s+time/);
  });
});

describe('parseStart', () => {
  const now = new Date('2026-11-30T12:00:00.000Z');
  it.each([
    ['now', '2026-11-30T12:00:00.000Z'],
    ['in 5 minutes', '2026-11-30T12:05:00.000Z'],
    ['In 1 minute', '2026-11-30T12:01:00.000Z'],
    ['in 90 seconds', '2026-11-30T12:01:30.000Z'],
    ['in 2 hours', '2026-11-30T14:00:00.000Z'],
    ['in 20m', '2026-11-30T12:20:00.000Z'],
    ['2026-12-01T18:00:00Z', '2026-12-01T18:00:00.000Z'],
    ['2026-12-01T18:00:00-03:00', '2026-12-01T21:00:00.000Z'],
  ])('%s → %s', (text, expected) => {
    expect(parseStart(text, now)?.toISOString()).toBe(expected);
  });
  it.each(['tomorrow', 'in five minutes', '5 minutes', '2026-12-01 18:00', '2026-12-01T18:00:00', 'in -5 minutes', ''])('refuses %j', (text) => {
    expect(parseStart(text, now)).toBeNull();
  });
});
