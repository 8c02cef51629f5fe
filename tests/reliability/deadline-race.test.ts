/**
 * Deadline race: 20 members write a prediction for one match in a loop across its close
 * (kickoff − 15 min, by the server's clock): 0 writes accepted at or after the close, 0 lost before it —
 * on the embedded PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Method. An administrator moves a match's kickoff so that its predictions close CLOSE_IN_MS from now
 * (PATCH /api/admin/matches/:id). Each of CLIENTS members then saves a new value for it, one request
 * after the other, until CLOSE_TAIL_MS after the close and at least one refusal; every answer is
 * recorded with when it was received (this machine's clock, which the database reads too). The deadline is
 * decided inside the write by the database's clock (clock_timestamp(), stored as updated_at), so the
 * proof reads the stored rows with that clock's precision once the server has stopped:
 * - no stored prediction has updated_at ≥ the close, and no 'saved' answer carries one;
 * - each member's stored prediction is the value of their last 'saved' answer, with its updated_at
 *   (every earlier one was acknowledged and then replaced by that member's own next write: none lost);
 * - every refusal is prediction_closed, and none was received before the close (a refusal decided by the
 *   database's clock can only be answered after it: one answered earlier would be a write lost before it).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/server/db/client';
import { openFreshPostgres } from '../helpers/app';
import { callApi, callOk, groupMatches, groupWithMembers, signUpMember, TEST_ORIGIN, type RemoteMember } from '../helpers/remote-members';
import { killServer, startServer, stopServer, type ServerProcess } from '../helpers/server-process';

const CLIENTS = 20;
/** The close falls this long after the administrator's change (enough for every client to write before it). */
const CLOSE_IN_MS = 3_000;
/** Clients go on writing this long after the close. */
const CLOSE_TAIL_MS = 1_000;
const SECRET = 'deadline-race-secret-deadline-race-secret';
const ADMIN_EMAIL = 'race-admin@example.com';

interface Answer {
  client: number;
  seq: number;
  sentAt: number;
  receivedAt: number;
  status: number;
  result?: { status: 'saved'; prediction: { homeGoals: number; awayGoals: number; updatedAt: string } } | { status: 'rejected'; error: { id: string } };
}

const score = (seq: number) => ({ homeGoals: Math.floor(seq / 100) % 100, awayGoals: seq % 100 });
const seqOf = (prediction: { homeGoals: number; awayGoals: number }) => prediction.homeGoals * 100 + prediction.awayGoals;

const targets: { name: string; enabled: boolean; setUp(dataDir: string): Promise<{ env: Record<string, string>; url?: string; tearDown(): Promise<void> }> }[] = [
  { name: 'PGlite', enabled: true, setUp: async () => ({ env: {}, tearDown: async () => {} }) },
  {
    name: 'PostgreSQL',
    enabled: Boolean(process.env.TEST_DATABASE_URL),
    setUp: async () => {
      const fresh = await openFreshPostgres(process.env.TEST_DATABASE_URL as string, 'palpite_race');
      await fresh.database.close();
      return { env: { DATABASE_URL: fresh.url }, url: fresh.url, tearDown: () => fresh.drop() };
    },
  },
];

describe('deadline race: 20 clients writing across a match close', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  for (const target of targets) {
    it.runIf(target.enabled)(`accepts nothing at or after the close and loses nothing before it on ${target.name}`, async () => {
      const started = Date.now();
      const dataDir = mkdtempSync(join(tmpdir(), 'palpite-race-'));
      const { env: dbEnv, url, tearDown } = await target.setUp(dataDir);
      // Verified email, so that ADMIN_EMAILS makes the administrator at sign-up (links read from the outbox).
      const env = {
        ...dbEnv, DATA_DIR: dataDir, APP_URL: TEST_ORIGIN, REQUIRE_EMAIL_VERIFICATION: 'true', ADMIN_EMAILS: ADMIN_EMAIL,
        BETTER_AUTH_SECRET: SECRET, SEED_DEMO: 'true',
      };
      const server: ServerProcess = await startServer(env);
      cleanups.push(async () => {
        await killServer(server);
        await tearDown();
        rmSync(dataDir, { recursive: true, force: true });
      });
      const admin = await signUpMember(server.base, { email: ADMIN_EMAIL, verifyFrom: dataDir, prefix: 'admin' });
      const { groupId, members } = await groupWithMembers(server.base, CLIENTS, { prefix: 'racer', verifyFrom: dataDir });
      const match = (await groupMatches(server.base, groupId, members[0]!))
        .filter((candidate) => candidate.open && new Date(candidate.deadline).getTime() > Date.now() + 3_600_000).at(-1)!;

      const save = async (client: number, member: RemoteMember, seq: number): Promise<Answer> => {
        const sentAt = Date.now();
        const answer = await callApi<{ results: Answer['result'][] }>(server.base, 'PUT', `/api/groups/${groupId}/predictions`, {
          cookie: member.cookie, body: { predictions: [{ matchId: match.id, ...score(seq) }] },
        });
        return { client, seq, sentAt, receivedAt: Date.now(), status: answer.status, result: answer.body?.results?.[0] };
      };
      // Every member has a saved prediction before the race (so each has one to keep, however the race goes).
      const answers: Answer[] = await Promise.all(members.map((member, client) => save(client, member, client * 400)));

      const close = Date.now() + CLOSE_IN_MS;
      const kickoff = new Date(close + 15 * 60_000).toISOString();
      const moved = await callOk<{ fixture: { kickoff: string } }>(server.base, 'PATCH', `/api/admin/matches/${match.id}`, {
        cookie: admin.cookie, body: { kickoff, reason: 'deadline race test' },
      });
      expect(moved.fixture.kickoff).toBe(kickoff);
      const racing = Date.now();

      await Promise.all(members.map(async (member, client) => {
        let refused = 0;
        const until = () => (Date.now() < close + CLOSE_TAIL_MS || refused === 0) && Date.now() < close + 30_000; // bounded, whatever happens
        for (let seq = client * 400 + 1; until(); seq++) {
          const answer = await save(client, member, seq);
          answers.push(answer);
          if (answer.status !== 200 || answer.result?.status !== 'saved') refused++;
          if (answer.status !== 200) break; // asserted below
        }
      }));
      const code = await stopServer(server);
      expect(code, server.output()).toEqual({ code: 0, signal: null });

      // The stored rows, with the database's own precision, the server stopped (PGlite is one process's).
      const database = await openDatabase(url ? { url } : { dataDir });
      let stored: { email: string; home_goals: number; away_goals: number; updated_at: string | Date; at_or_after_close: boolean; close: string | Date }[];
      try {
        stored = rowsOf(await database.db.execute(sql`
          select u.email, p.home_goals, p.away_goals, p.updated_at,
                 p.updated_at >= m.kickoff - interval '15 minutes' as at_or_after_close, m.kickoff - interval '15 minutes' as close
            from predictions p join matches m on m.id = p.match_id join "user" u on u.id = p.user_id
           where p.group_id = ${groupId}::uuid and p.match_id = ${match.id}::uuid`));
      } finally {
        await database.close();
      }

      expect(answers.filter((answer) => answer.status !== 200), 'answers other than 200').toEqual([]);
      expect(stored).toHaveLength(CLIENTS);
      expect(new Date(stored[0]!.close).getTime()).toBe(close);
      expect(stored.filter((row) => row.at_or_after_close), 'predictions stored at or after the close').toEqual([]);
      const saved = answers.filter((answer) => answer.result?.status === 'saved');
      const refused = answers.filter((answer) => answer.result?.status === 'rejected');
      const savedAt = (answer: Answer) => new Date((answer.result as { prediction: { updatedAt: string } }).prediction.updatedAt).getTime();
      expect(saved.filter((answer) => savedAt(answer) >= close), "'saved' answers written at or after the close").toEqual([]);
      // Independently of the instant the server recorded: no request sent at or after the close (by this
      // test's clock, the same machine's as the database's) was accepted.
      expect(saved.filter((answer) => answer.sentAt >= close), "'saved' answers to requests sent at or after the close").toEqual([]);
      expect(refused.filter((answer) => (answer.result as { error: { id: string } }).error.id !== 'prediction_closed')).toEqual([]);
      expect(refused.filter((answer) => answer.receivedAt < close), 'refusals answered before the close').toEqual([]);
      for (const [client, member] of members.entries()) {
        const last = saved.filter((answer) => answer.client === client).sort((a, b) => a.seq - b.seq).at(-1)!;
        const row = stored.find((candidate) => candidate.email === member.email)!;
        expect(seqOf({ homeGoals: row.home_goals, awayGoals: row.away_goals }), `${member.username}'s stored value`).toBe(last.seq);
        expect(new Date(row.updated_at).getTime()).toBe(savedAt(last));
        // Requests are sequential per member: after a refusal, nothing of theirs is saved again.
        const mine = refused.filter((answer) => answer.client === client);
        expect(mine.length, `${member.username} wrote across the close`).toBeGreaterThan(0);
        expect(last.seq).toBeLessThan(Math.min(...mine.map((answer) => answer.seq)));
      }

      const raced = answers.filter((answer) => answer.sentAt >= racing);
      const accepted = raced.filter((answer) => answer.result?.status === 'saved');
      const lastAccepted = Math.max(...accepted.map(savedAt));
      const firstRefusal = Math.min(...refused.map((answer) => answer.receivedAt));
      expect(accepted.length).toBeGreaterThan(0);
      console.log(`[deadline-race ${target.name}] ${CLIENTS} clients across the close: ${accepted.length} writes accepted and ${refused.length} refused `
        + `(all prediction_closed) in ${raced.length} requests over ${((close + CLOSE_TAIL_MS - racing) / 1_000).toFixed(1)} s; `
        + `0 stored at or after the close; last accepted ${close - lastAccepted} ms before the close (database clock), `
        + `first refusal answered ${firstRefusal - close} ms after it; `
        + `${accepted.filter((answer) => answer.receivedAt >= close).length} accepted answers arrived after the close (written before it); `
        + `test ${((Date.now() - started) / 1_000).toFixed(1)} s`);
    });
  }
});
