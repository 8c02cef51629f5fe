/**
 * Ended sessions, refused everywhere at once. The hot routes trust Better Auth's signed session copy
 * (the cookie cache, decision 006) for up to SESSION_COOKIE_CACHE_SECONDS without reading the session
 * row; a session ended in the meantime (sign-out, revocation, a password reset or change, an account
 * disabled) would keep working there until its copy expired. Each instance therefore keeps the hashes of
 * the sessions ended in the last REVOKED_WINDOW_MS, read from `revoked_sessions` (filled by a trigger on
 * session deletes, migration 0027) at start, on every `session_revoked` notice from any instance, after a
 * lost listening connection, and — so the instance that ended a session refuses it before it answers —
 * right after its own revoking requests (`refresh`). A copy whose session is in the set is not trusted:
 * the session is read from the database, which no longer has it.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../db/client';
import { SESSION_COOKIE_CACHE_SECONDS } from './session-cache-age';

/** The channel the trigger notifies on. */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

/**
 * How far back revocations are kept in memory, in ms: a copy made just before its session ended is
 * trusted for at most SESSION_COOKIE_CACHE_SECONDS after that, and a verdict is memoised a few seconds
 * more (viewer.ts); 30 s of margin covers clocks and long transactions.
 */
export const REVOKED_WINDOW_MS = (SESSION_COOKIE_CACHE_SECONDS + 30) * 1_000;

/** One instance's set of recently ended sessions. */
export interface RevokedSessions {
  /** Whether the session with this token (as in the cookie, without its signature) was ended lately. */
  has(sessionToken: string): boolean;
  /** Reads the recent revocations from the database now (one at a time; a call during one waits for a fresh read). */
  refresh(): Promise<void>;
  /** Starts listening for `session_revoked` on `database` (and reads the set once). @returns when listening. */
  listen(database: Pick<Database, 'listen'>, onError?: (error: unknown) => void): Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
}

/** The SHA-256 of a session token in hex, as the trigger stores it. */
export function sessionTokenHash(sessionToken: string): string {
  return createHash('sha256').update(sessionToken, 'utf8').digest('hex');
}

/** A set of recently ended sessions over `db` (empty until `refresh` or `listen`). */
export function createRevokedSessions(db: Db): RevokedSessions {
  let hashes = new Set<string>();
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  let stop: (() => Promise<void>) | undefined;

  const read = async () => {
    const rows = rowsOf<{ token_hash: string }>(await db.execute(
      sql`select token_hash from revoked_sessions where revoked_at > now() - make_interval(secs => ${REVOKED_WINDOW_MS / 1_000})`,
    ));
    hashes = new Set(rows.map((row) => row.token_hash));
  };
  const refresh = (): Promise<void> => {
    if (!running) {
      running = read().finally(() => { running = undefined; });
      return running;
    }
    // A read is under way and may have started before the revocation the caller knows of: one more after it.
    again ??= running.catch(() => {}).then(() => { again = undefined; return refresh(); });
    return again;
  };

  return {
    has: (sessionToken) => hashes.size > 0 && hashes.has(sessionTokenHash(sessionToken)),
    refresh,
    async listen(database, onError) {
      const report = (error: unknown) => onError?.(error);
      stop = await database.listen(SESSION_REVOKED_CHANNEL, () => void refresh().catch(report), {
        onError: report,
        onReconnect: () => void refresh().catch(report),
      });
      await refresh();
    },
    async close() {
      await stop?.();
      stop = undefined;
    },
  };
}
