/**
 * A member's jokers in a group (src/domain/jokers.ts): where they are, placing, moving and taking one
 * back. A joker is a flag on the member's prediction (predictions.joker): scoring applies it in the same
 * statements that score every prediction (scoring-sql.ts pointsSql). It changes only on open matches (or
 * leaves a postponed or cancelled one), so no total holds it yet: the ranking does not move. Only the
 * member's own jokers are read here; others' show on their predictions once each match has closed.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { MyJokers } from '../../../contracts/jokers';
import { arePredictionsRevealed, isPredictionOpen, type MatchStatus } from '../../../domain/deadline';
import { JokerError, jokerMovable, jokersLeft, planJoker, type JokerMatch, type JokerRefusal, type JokerSettings } from '../../../domain/jokers';
import { rowsOf, type Conn, type Db } from '../../db/client';
import { groups, matches } from '../../db/schema';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { requireActiveMember, requireMember } from '../groups/policy';

/** The error id of each refusal of the domain's. */
const REFUSALS: Record<JokerRefusal, 'jokers_off' | 'joker_match_closed' | 'joker_closed' | 'no_joker_left' | 'joker_not_placed'> = {
  jokers_off: 'jokers_off', match_closed: 'joker_match_closed', joker_closed: 'joker_closed', no_joker_left: 'no_joker_left', not_placed: 'joker_not_placed',
};

/** The group's joker settings, null when it plays without. */
async function settingsOf(db: Conn, groupId: string): Promise<JokerSettings | null> {
  const [row] = await db.select({ mode: groups.jokerMode, perSeason: groups.jokersPerSeason }).from(groups).where(eq(groups.id, groupId));
  return row?.mode ? { mode: row.mode, perSeason: row.perSeason } : null;
}

/** The matches the member's jokers in the group are on, in kickoff order (through the partial index of jokers). */
async function placedJokers(db: Conn, groupId: string, userId: string): Promise<JokerMatch[]> {
  const rows = rowsOf<{ id: string; round_order: number; kickoff: string | Date; status: MatchStatus }>(await db.execute(sql`
    select m.id, m.round_order, m.kickoff, m.status
      from predictions p join matches m on m.id = p.match_id
     where p.group_id = ${groupId}::uuid and p.user_id = ${userId} and p.joker
     order by m.kickoff, m.id`));
  return rows.map((row) => ({ id: row.id, roundOrder: Number(row.round_order), kickoff: new Date(row.kickoff), status: row.status }));
}

/** A match of the league as planJoker reads it. @throws AppError match_not_found (not in the league). */
async function leagueMatch(db: Conn, leagueId: string, matchId: string): Promise<JokerMatch> {
  const [row] = await db.select({ id: matches.id, roundOrder: matches.roundOrder, kickoff: matches.kickoff, status: matches.status })
    .from(matches).where(and(eq(matches.id, matchId), eq(matches.leagueId, leagueId)));
  if (!row) throw errors.matchNotFound();
  return row;
}

/** The member's jokers as the API sends them. */
function present(settings: JokerSettings | null, placed: readonly JokerMatch[], now: Date): MyJokers {
  if (!settings) return { settings: null, placed: [], used: 0, left: null };
  return {
    settings,
    placed: placed.map((match) => ({ matchId: match.id, roundOrder: match.roundOrder, open: isPredictionOpen(match, now) })),
    // Played: on a match whose predictions have closed, as others see it (postponed and cancelled ones aside).
    used: placed.filter((match) => arePredictionsRevealed(match, now)).length,
    left: settings.perSeason === null ? null : jokersLeft(settings, placed),
  };
}

/**
 * The viewer's jokers in the group: the settings, where they are (each with whether its match is open),
 * how many are played (on closed matches, postponed and cancelled ones aside) and left (null with one per round).
 * @param now the server's clock.
 * @throws AppError group_not_found, forbidden (requireMember).
 */
export async function myJokers(db: Conn, viewer: Pick<Viewer, 'userId'>, groupId: string, now: Date): Promise<MyJokers> {
  await requireMember(db, viewer, groupId);
  const settings = await settingsOf(db, groupId);
  return present(settings, settings ? await placedJokers(db, groupId, viewer.userId) : [], now);
}

/**
 * Locks what a change of the viewer's jokers reads, in one transaction, then checks the access on what the
 * locks let through: the group (FOR KEY SHARE: a change of its settings, FOR UPDATE, waits, and so does a
 * deletion or a member's removal) and the membership (FOR NO KEY UPDATE: two changes of one member's
 * jokers take turns, so neither counts the jokers before the other's).
 * @throws AppError group_not_found, forbidden, group_inactive (requireActiveMember, after the locks).
 */
async function lockMember(tx: Conn, viewer: Pick<Viewer, 'userId'>, groupId: string) {
  await tx.execute(sql`select 1 from groups where id = ${groupId}::uuid for key share`);
  await tx.execute(sql`select 1 from group_members where group_id = ${groupId}::uuid and user_id = ${viewer.userId} for no key update`);
  return requireActiveMember(tx, viewer, groupId);
}

/**
 * Locks the matches a change of the viewer's jokers touches (those asked for and those their jokers are on,
 * FOR KEY SHARE in id order: a result saved meanwhile waits for the change, as a prediction's save makes it
 * wait), then reads the database's clock — the one a prediction's save judges the close by.
 * @returns the clock (UTC instant) and the matches still being folded (their totals hold a result under the
 *   jokers as they are: a joker may neither go on nor leave one until folded).
 */
async function lockMatches(tx: Conn, groupId: string, userId: string, asked: readonly string[]): Promise<{ now: Date; queued: Set<string> }> {
  const rows = rowsOf<{ id: string; queued: boolean }>(await tx.execute(sql`
    select m.id, exists (select 1 from scoring_queue q where q.match_id = m.id) as queued
      from matches m
     where m.id in (${sql.join(asked.map((id) => sql`${id}::uuid`), sql`, `)})
        or m.id in (select p.match_id from predictions p where p.group_id = ${groupId}::uuid and p.user_id = ${userId} and p.joker)
     order by m.id
       for key share of m`));
  const [clock] = rowsOf<{ now: string | Date }>(await tx.execute(sql`select clock_timestamp() as now`));
  return { now: new Date(clock!.now), queued: new Set(rows.filter((row) => row.queued).map((row) => row.id)) };
}

const MATCH_CLOSED = 'Predictions for this match have closed: a joker can no longer go on it.';
const JOKER_CLOSED = 'That joker\'s match has closed: the joker stays where it is.';

/** The domain's refusal as the API's 409. */
function refused(error: unknown): never {
  if (error instanceof JokerError) throw errors.joker(REFUSALS[error.refusal], error.message);
  throw error;
}

/**
 * Puts the viewer's joker on their prediction of `matchId` (src/domain/jokers.ts planJoker): a new one while
 * jokers are left, else moved from `from` (or, with one per round, from the round's joker on another open match).
 * The close is judged by the database's clock once the rows are locked (lockMatches), as a prediction's save.
 * @returns the viewer's jokers after the change.
 * @throws AppError group_not_found, forbidden, group_inactive, match_not_found (target or `from` not in the
 *   league), joker_needs_prediction, and 409 jokers_off, joker_match_closed, joker_closed, no_joker_left, joker_not_placed.
 */
export async function placeJoker(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, matchId: string, from: string | null): Promise<MyJokers> {
  return db.transaction(async (tx) => {
    const access = await lockMember(tx, viewer, groupId);
    const { now, queued } = await lockMatches(tx, groupId, viewer.userId, from ? [matchId, from] : [matchId]);
    const settings = await settingsOf(tx, groupId);
    const target = await leagueMatch(tx, access.leagueId, matchId);
    const source = from ? await leagueMatch(tx, access.leagueId, from) : null;
    const placed = await placedJokers(tx, groupId, viewer.userId);
    let plan;
    try {
      plan = planJoker(settings, placed, target, source, now);
    } catch (error) {
      refused(error);
    }
    if (plan.add !== plan.remove) {
      if (queued.has(plan.add)) throw errors.joker('joker_match_closed', MATCH_CLOSED);
      if (plan.remove && queued.has(plan.remove)) throw errors.joker('joker_closed', JOKER_CLOSED);
      const [predicted] = rowsOf(await tx.execute(sql`
        select 1 from predictions where group_id = ${groupId}::uuid and user_id = ${viewer.userId} and match_id = ${plan.add}::uuid`));
      if (!predicted) throw errors.jokerNeedsPrediction();
      await tx.execute(sql`
        update predictions set joker = (match_id = ${plan.add}::uuid)
         where group_id = ${groupId}::uuid and user_id = ${viewer.userId}
           and match_id in (${plan.add}::uuid, ${plan.remove ?? plan.add}::uuid)`);
    }
    return present(settings, await placedJokers(tx, groupId, viewer.userId), now);
  });
}

/**
 * Takes the viewer's joker off their prediction of `matchId`, while that match is open (or postponed or
 * cancelled: its points are void) and not being folded, by the database's clock once the rows are locked.
 * @returns the viewer's jokers after the change.
 * @throws AppError group_not_found, forbidden, group_inactive, match_not_found, and 409 jokers_off,
 *   joker_not_placed, joker_closed.
 */
export async function takeBackJoker(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, matchId: string): Promise<MyJokers> {
  return db.transaction(async (tx) => {
    const access = await lockMember(tx, viewer, groupId);
    const { now, queued } = await lockMatches(tx, groupId, viewer.userId, [matchId]);
    const settings = await settingsOf(tx, groupId);
    if (!settings) throw errors.joker('jokers_off', 'This group plays without jokers.');
    const match = await leagueMatch(tx, access.leagueId, matchId);
    const placed = await placedJokers(tx, groupId, viewer.userId);
    if (!placed.some((joker) => joker.id === match.id)) throw errors.joker('joker_not_placed', 'There is no joker of yours on that match.');
    if (queued.has(match.id) || !jokerMovable(match, now)) {
      throw errors.joker('joker_closed', JOKER_CLOSED);
    }
    await tx.execute(sql`
      update predictions set joker = false where group_id = ${groupId}::uuid and user_id = ${viewer.userId} and match_id = ${matchId}::uuid`);
    return present(settings, placed.filter((joker) => joker.id !== match.id), now);
  });
}

