/**
 * Crash safety: members save predictions concurrently while the server process is killed with
 * SIGKILL — no shutdown code runs — then restarted on the same data: every acknowledged write is there with
 * its acknowledged value, on the embedded PGlite (which reopens after the crash with no manual step: its
 * lock names a dead process) and on PostgreSQL when TEST_DATABASE_URL is set.
 *
 * Method. CLIENTS clients write in a loop, each for one member and its own MATCHES_PER_CLIENT matches, one
 * request at a time, every request carrying the next number of the client's sequence as the score
 * (home = seq / 100, away = seq % 100), so values only grow. For every member+match the test keeps the
 * values the database may hold: an answer 200 'saved' narrows them to the value it acknowledged; a request
 * sent and not answered (the kill) adds its value, which may or may not have committed. After each restart
 * every member's predictions are read back through the API and each must be one of those values: the last
 * acknowledged one, or one sent after it. Then the next round writes on and is killed again (KILLS times).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFreshPostgres } from '../helpers/app';
import { callApi, groupMatches, groupWithMembers, REMOTE_MEMBERS_ENV, type RemoteMember } from '../helpers/remote-members';
import { killServer, startServer, stopServer, type ServerProcess } from '../helpers/server-process';

const MEMBERS = 8;
/** Clients per member, each on its own matches (so each member+match has one writer, in order). */
const CLIENTS_PER_MEMBER = 2;
const MATCHES_PER_CLIENT = 3;
const KILLS = 3;
/** A round is killed once this many requests were acknowledged in it (a count, not a time: the same on a slow machine). */
const ACKS_BEFORE_KILL = 150;
const SECRET = 'crash-safety-secret-crash-safety-secret';

const score = (seq: number) => ({ homeGoals: Math.floor(seq / 100) % 100, awayGoals: seq % 100 });
const seqOf = (prediction: { homeGoals: number; awayGoals: number }) => prediction.homeGoals * 100 + prediction.awayGoals;

/** One writer: a member, its matches, its sequence, and what each of its member+match keys may hold. */
interface Client {
  member: RemoteMember;
  matchIds: string[];
  next: number;
  /**
   * Per match: the last value acknowledged (or read back after a restart; null: no prediction), and the
   * values sent after it, unanswered so far. The database may hold any of them, nothing else.
   */
  keys: Map<string, { acknowledged: number | null; sentAfter: number[] }>;
  acked: number;
}

interface Round { acknowledged: number; itemsAcknowledged: number; inFlightAtKill: number; landedUnacknowledged: number; recoveryMs: number }

const targets: { name: string; enabled: boolean; setUp(): Promise<{ env: Record<string, string>; dataDir: string; tearDown(): Promise<void> }> }[] = [
  {
    name: 'PGlite',
    enabled: true,
    setUp: async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'palpite-crash-'));
      return { env: { DATA_DIR: dataDir }, dataDir, tearDown: async () => rmSync(dataDir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'PostgreSQL',
    enabled: Boolean(process.env.TEST_DATABASE_URL),
    setUp: async () => {
      const fresh = await openFreshPostgres(process.env.TEST_DATABASE_URL as string, 'palpite_crash');
      await fresh.database.close();
      const dataDir = mkdtempSync(join(tmpdir(), 'palpite-crash-'));
      return {
        env: { DATABASE_URL: fresh.url, DATA_DIR: dataDir }, dataDir,
        tearDown: async () => {
          await fresh.drop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
];

describe('crash safety: SIGKILL during concurrent prediction writes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  for (const target of targets) {
    it.runIf(target.enabled)(`keeps every acknowledged write on ${target.name} across ${KILLS} kills`, async () => {
      const started = Date.now();
      const { env: dbEnv, dataDir, tearDown } = await target.setUp();
      const env = { ...dbEnv, ...REMOTE_MEMBERS_ENV, BETTER_AUTH_SECRET: SECRET, SEED_DEMO: 'true' };
      let server: ServerProcess | undefined = await startServer(env);
      cleanups.push(async () => {
        if (server) await killServer(server);
        await tearDown();
      });

      const { groupId, members } = await groupWithMembers(server.base, MEMBERS, { prefix: 'crash' });
      // Matches open for the whole test: their predictions close more than an hour from now.
      const open = (await groupMatches(server.base, groupId, members[0]!))
        .filter((match) => match.open && new Date(match.deadline).getTime() > Date.now() + 3_600_000);
      expect(open.length).toBeGreaterThanOrEqual(CLIENTS_PER_MEMBER * MATCHES_PER_CLIENT);
      const clients: Client[] = members.flatMap((member, m) => Array.from({ length: CLIENTS_PER_MEMBER }, (_, c) => {
        const matchIds = open.slice(c * MATCHES_PER_CLIENT, (c + 1) * MATCHES_PER_CLIENT).map((match) => match.id);
        // Sequences start apart per client so that a value also says who wrote it.
        return { member, matchIds, next: (m * CLIENTS_PER_MEMBER + c) * 300, keys: new Map(matchIds.map((id) => [id, { acknowledged: null, sentAfter: [] }])), acked: 0 };
      }));

      const rounds: Round[] = [];
      for (let round = 0; round < KILLS; round++) {
        const live: ServerProcess = server;
        let acknowledged = 0;
        let itemsAcknowledged = 0;
        let inFlight = 0;
        let killing: Promise<void> | undefined;
        let inFlightAtKill = 0;
        /** One client's loop: the next value for all its matches, until the server is gone. */
        const write = async (client: Client) => {
          while (!killing) {
            const seq = client.next++;
            for (const id of client.matchIds) client.keys.get(id)!.sentAfter.push(seq);
            inFlight++;
            let answer;
            try {
              answer = await callApi<{ results: { matchId: string; status: string; prediction?: { homeGoals: number; awayGoals: number } }[] }>(
                live.base, 'PUT', `/api/groups/${groupId}/predictions`,
                { cookie: client.member.cookie, body: { predictions: client.matchIds.map((matchId) => ({ matchId, ...score(seq) })) } },
              );
            } catch {
              return; // killed with the request on the wire: it may or may not have committed
            } finally {
              inFlight--;
            }
            expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            for (const result of answer.body.results) {
              expect(result.status).toBe('saved');
              expect(seqOf(result.prediction!)).toBe(seq);
              client.keys.set(result.matchId, { acknowledged: seq, sentAfter: [] });
              itemsAcknowledged++;
            }
            client.acked++;
            acknowledged++;
            if (acknowledged === ACKS_BEFORE_KILL) {
              inFlightAtKill = inFlight;
              killing = killServer(live);
            }
          }
        };
        await Promise.all(clients.map(write));
        await killing;
        expect(live.child.signalCode).toBe('SIGKILL');
        // The crashed process left its lock behind (PGlite): the restart must take it over by itself.
        if (!dbEnv.DATABASE_URL) expect(readFileSync(join(dataDir, 'palpite.lock'), 'utf8').split(' ')[0]).toBe(String(live.child.pid));

        server = await startServer(env);
        const recoveryMs = server.startMs;
        let landedUnacknowledged = 0;
        for (const client of clients) {
          const stored = new Map((await groupMatches(server.base, groupId, client.member)).map((match) => [match.id, match.myPrediction]));
          for (const matchId of client.matchIds) {
            const prediction = stored.get(matchId);
            const value = prediction ? seqOf(prediction) : null;
            const { acknowledged, sentAfter } = client.keys.get(matchId)!;
            const possible = [acknowledged, ...sentAfter];
            expect(possible, `${client.member.username}, match ${matchId}: stored ${value}`).toContain(value);
            if (value !== acknowledged) landedUnacknowledged++;
            client.keys.set(matchId, { acknowledged: value, sentAfter: [] }); // known again: the next round starts from it
          }
        }
        rounds.push({ acknowledged, itemsAcknowledged, inFlightAtKill, landedUnacknowledged, recoveryMs });
      }

      const code = await stopServer(server);
      expect(code).toEqual({ code: 0, signal: null });
      if (!dbEnv.DATABASE_URL) expect(existsSync(join(dataDir, 'palpite.lock'))).toBe(false);
      const total = rounds.reduce((sum, round) => sum + round.acknowledged, 0);
      const items = rounds.reduce((sum, round) => sum + round.itemsAcknowledged, 0);
      console.log(`[crash-safety ${target.name}] ${clients.length} clients (${MEMBERS} members × ${CLIENTS_PER_MEMBER}), ${KILLS} SIGKILLs: `
        + `${total} requests acknowledged (${items} predictions), all present after restart; per round `
        + rounds.map((round, i) => `#${i + 1}: ${round.acknowledged} acked, ${round.inFlightAtKill} in flight at the kill, `
          + `${round.landedUnacknowledged} unacknowledged predictions landed, restart to healthy ${round.recoveryMs} ms`).join('; ')
        + `; test ${((Date.now() - started) / 1_000).toFixed(1)} s`);
    });
  }
});
