/**
 * Signals that rankings may have moved (results scored, matches voided or moved between rounds, members
 * or usernames changed), for the ranking and stats caches of the app instances (modules/groups/ranking-cache.ts):
 * - `rankingsChanged()` tells the instances of this process at once (before the caller's commit);
 * - `notifyRankingsChanged(conn)` tells every instance on the database, this one included, through
 *   PostgreSQL's NOTIFY on RANKINGS_CHANNEL, sent when the caller's transaction commits (never on a rollback).
 * - `announceRankingsChanged(conn)` does both (after the caller's writes).
 * Each instance listens (app.ts); results also reach them as live `match` events (modules/live).
 */
import { sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';

/**
 * What a change moved: 'live', only the scores (or clocks) of matches in play, so each ranking's official
 * part (its members' totals, jokers, bonus points, rounds) is as it was and a ranking after it can be
 * computed from the one before and the matches in play (groups/ranking.ts liveRankings); 'all', anything.
 */
export type RankingsChange = 'live' | 'all';

type Listener = (kind: RankingsChange) => void;
const listeners = new Set<Listener>();

/**
 * The NOTIFY channel of ranking changes. Its payload names the instance that sent it ('' for none) and,
 * after a space, the one group whose pages moved ('' or nothing: every group's) and, after another, the
 * change's kind when it is 'live' (nothing: 'all'; an instance reading only two fields takes it as 'all').
 */
export const RANKINGS_CHANNEL = 'palpite_rankings';

/** A notice on RANKINGS_CHANNEL: who sent it ('' for none), the one group it is about, if any, and what moved. */
export interface RankingsNotice { origin: string; groupId?: string; kind: RankingsChange }

/** Reads a RANKINGS_CHANNEL payload (see notifyRankingsChanged); anything after a third space is ignored. */
export function parseRankingsNotice(payload: string): RankingsNotice {
  const [origin = '', groupId, kind] = payload.split(' ');
  // A change of one group is never 'live' (its members or rules moved).
  return groupId ? { origin, groupId, kind: 'all' } : { origin, kind: kind === 'live' ? 'live' : 'all' };
}

/** Calls `listener` on every signal of this process; returns the function that stops it. */
export function onRankingsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Signals this process's instances that rankings may have moved, by a change of `kind` (default 'all'). */
export function rankingsChanged(kind: RankingsChange = 'all'): void {
  for (const listener of listeners) listener(kind);
}

/**
 * Tells every instance listening on RANKINGS_CHANNEL that rankings may have moved, when `conn`'s
 * transaction commits (at once outside one).
 * @param origin the sending instance's id, so it can ignore its own notice ('' : every instance acts).
 * @param groupId the one group whose pages moved; omitted: every group's (then `kind` says what moved).
 * @throws the database's error.
 */
export async function notifyRankingsChanged(conn: Conn, origin = '', groupId?: string, kind: RankingsChange = 'all'): Promise<void> {
  const payload = groupId ? `${origin} ${groupId}` : kind === 'live' ? `${origin}  live` : origin;
  await conn.execute(sql`select pg_notify(${RANKINGS_CHANNEL}, ${payload})`);
}

/**
 * Both signals, for a caller that has written what moved the rankings: this process's instances at once,
 * every instance when `conn`'s transaction commits, as a change of `kind`. After the writes: outside a
 * transaction, a notice sent first could be heard (and a ranking read again) before them.
 * @throws the database's error.
 */
export async function announceRankingsChanged(conn: Conn, kind: RankingsChange = 'all'): Promise<void> {
  rankingsChanged(kind);
  await notifyRankingsChanged(conn, '', undefined, kind);
}
