/**
 * Upgrading a database from stored prediction points (migrations up to 0012) to folded result snapshots
 * (0013–0014): the round totals are rebuilt from the predictions on their matches' current results, so a
 * ranking after the upgrade equals the domain's scoring of the raw predictions, whatever the old totals
 * and queue held.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { scorePrediction } from '../../../domain/scoring';
import { rowsOf, type Db } from '../../db/client';
import * as schema from '../../db/schema';
import { groupRanking } from '../groups/ranking';
import { roundTotalsMismatches, totalsMismatches } from './consistency';

const migrations = fileURLToPath(new URL('../../db/migrations', import.meta.url));

/** A copy of the migrations folder whose journal stops before `tag`. */
function migrationsBefore(tag: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'palpite-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('upgrade to folded result snapshots', () => {
  it('rebuilds the totals from the predictions and empties the queue', async () => {
    const client = await PGlite.create();
    const db = drizzle(client, { schema }) as unknown as Db;
    const old = migrationsBefore('0013_fold_snapshots');
    try {
      await migrate(db as never, { migrationsFolder: old.dir });
      // A season as the old design left it: stored points (one of them stale), totals that drifted, a queued match.
      await client.exec(`
        insert into leagues (id, name, season, kind, provider, external_id) values ('00000000-0000-0000-0000-00000000000a', 'Old', '1', 'league', 'test', 'old');
        insert into teams (id, name) values ('00000000-0000-0000-0000-0000000000a1', 'Old Home'), ('00000000-0000-0000-0000-0000000000a2', 'Old Away');
        insert into matches (id, league_id, external_id, round_name, round_order, stage, kickoff, status, home_team_id, away_team_id, home_goals, away_goals, result_version)
        values ('00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-00000000000a', 'm1', 'R1', 1, 'league', '2020-01-01', 'finished', '00000000-0000-0000-0000-0000000000a1', '00000000-0000-0000-0000-0000000000a2', 2, 1, 1),
               ('00000000-0000-0000-0000-0000000000b2', '00000000-0000-0000-0000-00000000000a', 'm2', 'R2', 2, 'league', '2020-01-08', 'finished', '00000000-0000-0000-0000-0000000000a2', '00000000-0000-0000-0000-0000000000a1', 0, 0, 2),
               ('00000000-0000-0000-0000-0000000000b3', '00000000-0000-0000-0000-00000000000a', 'm3', 'R2', 2, 'league', '2020-01-09', 'postponed', '00000000-0000-0000-0000-0000000000a2', '00000000-0000-0000-0000-0000000000a1', null, null, 1);
        insert into "user" (id, name, email) values ('old-1', 'One', 'old-1@example.com'), ('old-2', 'Two', 'old-2@example.com');
        insert into profiles (user_id, username, full_name) values ('old-1', 'old_one', 'One'), ('old-2', 'old_two', 'Two');
        insert into groups (id, name, league_id, color, invite_code, owner_id, scoring_exact, scoring_goal_difference, scoring_winner, scoring_opposite)
        values ('00000000-0000-0000-0000-0000000000c1', 'Old pool', '00000000-0000-0000-0000-00000000000a', 'sky', 'OLDPOOL1', 'old-1', 4, 3, 2, 0);
        insert into group_members (group_id, user_id) values ('00000000-0000-0000-0000-0000000000c1', 'old-1'), ('00000000-0000-0000-0000-0000000000c1', 'old-2');
        insert into predictions (group_id, user_id, match_id, home_goals, away_goals, points, outcome, scored_version) values
          ('00000000-0000-0000-0000-0000000000c1', 'old-1', '00000000-0000-0000-0000-0000000000b1', 2, 1, 4, 'exact', 1),
          ('00000000-0000-0000-0000-0000000000c1', 'old-2', '00000000-0000-0000-0000-0000000000b1', 1, 0, 3, 'goal_difference', 1),
          ('00000000-0000-0000-0000-0000000000c1', 'old-1', '00000000-0000-0000-0000-0000000000b2', 1, 1, 2, 'winner', 1),
          ('00000000-0000-0000-0000-0000000000c1', 'old-2', '00000000-0000-0000-0000-0000000000b2', 0, 2, null, null, 0),
          ('00000000-0000-0000-0000-0000000000c1', 'old-1', '00000000-0000-0000-0000-0000000000b3', 3, 0, null, 'void', 1);
        insert into member_totals (group_id, user_id, points, exact) values ('00000000-0000-0000-0000-0000000000c1', 'old-1', 99, 9);
        insert into member_round_totals (group_id, round_order, user_id, points) values ('00000000-0000-0000-0000-0000000000c1', 1, 'old-2', 42);
        insert into scoring_queue (match_id, version) values ('00000000-0000-0000-0000-0000000000b2', 2);
      `);

      await migrate(db as never, { migrationsFolder: migrations });

      // What the domain makes of the raw predictions under the group's points (4/3/2/0).
      const rules = { exact: 4, goalDifference: 3, winner: 2, opposite: 0 };
      const expected = {
        'old-1': scorePrediction({ home: 2, away: 1 }, { home: 2, away: 1 }, rules).points + scorePrediction({ home: 1, away: 1 }, { home: 0, away: 0 }, rules).points,
        'old-2': scorePrediction({ home: 1, away: 0 }, { home: 2, away: 1 }, rules).points + scorePrediction({ home: 0, away: 2 }, { home: 0, away: 0 }, rules).points,
      };
      const ranking = (await groupRanking(db, '00000000-0000-0000-0000-0000000000c1')).rows;
      expect(Object.fromEntries(ranking.map((row) => [row.userId, row.points]))).toEqual(expected);
      expect(ranking.find((row) => row.userId === 'old-1')).toMatchObject({ exact: 1, goalDifference: 1, predictions: 2 });
      expect(await totalsMismatches(db)).toEqual([]);
      expect(await roundTotalsMismatches(db)).toEqual([]);
      expect(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from scoring_queue`))[0]!.n).toBe(0);
      const snapshots = rowsOf<{ version: number; status: string }>(await db.execute(sql`select version, status from scoring_results order by match_id`));
      expect(snapshots).toEqual([{ version: 1, status: 'finished' }, { version: 2, status: 'finished' }, { version: 1, status: 'postponed' }]);
    } finally {
      old.remove();
      await client.close();
    }
  });
});
