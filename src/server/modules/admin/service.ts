/**
 * Platform administration of fixtures: the list (filters by league, round, status and dates; 50 a page),
 * a result, kickoff or status change (postpone, cancel, restore) with its reason, and re-scoring. Every
 * change re-scores the match's predictions in the same transaction when its status or score moved, and is
 * recorded in the audit log in that transaction too.
 */
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AdminFixture, type AdminFixturesResponse, type MatchResultRequest, type UpdateFixtureRequest } from '../../../contracts/admin';
import type { Conn, Db } from '../../db/client';
import { leagues, matches } from '../../db/schema';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { matchColumns, presentMatch, withTeams } from '../leagues/presenter';
import { publishMatchEvents } from '../live/publish';
import { scoreMatches, scoreMatchesSaying } from '../scoring/score-matches';
import { recordAudit } from './audit';

type Actor = Pick<Viewer, 'userId' | 'username'>;

/** A fixture with its league, as administrators see it. @throws AppError match_not_found. */
export async function getAdminFixture(conn: Conn, matchId: string): Promise<AdminFixture> {
  return fixture(conn, matchId);
}

async function fixture(conn: Conn, matchId: string): Promise<AdminFixture> {
  const [row] = await withTeams(conn.select({ ...matchColumns, leagueId: matches.leagueId, leagueName: leagues.name, lockedByAdmin: matches.lockedByAdmin }).from(matches).$dynamic())
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(eq(matches.id, matchId));
  if (!row) throw errors.matchNotFound();
  return { ...presentMatch(row), leagueId: row.leagueId, leagueName: row.leagueName, lockedByAdmin: row.lockedByAdmin };
}

/** The state of a fixture the audit log keeps before and after a change. */
function snapshot(f: AdminFixture) {
  return {
    kickoff: f.kickoff, status: f.status, homeGoals: f.homeGoals, awayGoals: f.awayGoals, homeGoalsExtraTime: f.homeGoalsExtraTime,
    awayGoalsExtraTime: f.awayGoalsExtraTime, homePenalties: f.homePenalties, awayPenalties: f.awayPenalties, lockedByAdmin: f.lockedByAdmin,
  };
}
const label = (f: AdminFixture) => `${f.homeTeam.name} v ${f.awayTeam.name} (${f.kickoff.slice(0, 10)})`;

/** One page of fixtures matching the filters, by kickoff. */
export async function listAdminFixtures(db: Conn, query: {
  leagueId?: string; roundOrder?: number; status?: AdminFixture['status']; from?: string; to?: string; page: number;
}): Promise<AdminFixturesResponse> {
  const filters: SQL[] = [];
  if (query.leagueId) filters.push(eq(matches.leagueId, query.leagueId));
  if (query.roundOrder !== undefined) filters.push(eq(matches.roundOrder, query.roundOrder));
  if (query.status) filters.push(eq(matches.status, query.status));
  if (query.from) filters.push(gte(matches.kickoff, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lte(matches.kickoff, new Date(`${query.to}T23:59:59.999Z`)));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const rows = await withTeams(db.select({ ...matchColumns, leagueId: matches.leagueId, leagueName: leagues.name, lockedByAdmin: matches.lockedByAdmin }).from(matches).$dynamic())
    .innerJoin(leagues, eq(leagues.id, matches.leagueId))
    .where(where)
    .orderBy(asc(matches.kickoff), asc(matches.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((query.page - 1) * ADMIN_PAGE_SIZE);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(matches).where(where);
  return {
    fixtures: rows.map((row) => ({ ...presentMatch(row), leagueId: row.leagueId, leagueName: row.leagueName, lockedByAdmin: row.lockedByAdmin })),
    total: Number(count?.n ?? 0), page: query.page, pageSize: ADMIN_PAGE_SIZE,
  };
}

/**
 * Writes a status and score (a scheduled, postponed or cancelled match has its goals cleared).
 * @returns whether the status or any score changed.
 */
/**
 * Locks the match row for this transaction (a sync writing the same match waits, and so does a save of a
 * prediction of it, which then re-checks the match as changed: decision 011) and marks a match of a
 * league linked to a provider as changed by hand, so syncs leave it alone.
 */
async function lockForEdit(conn: Conn, matchId: string): Promise<void> {
  await conn.execute(sql`select id from matches where id = ${matchId}::uuid for update`);
  await conn.execute(sql`
    update matches set locked_by_admin = true
     where id = ${matchId}::uuid and exists (select 1 from leagues l where l.id = matches.league_id and l.sync_provider is not null)`);
}

/**
 * Refuses a live or finished result for a match whose kickoff (`kickoff`, after this edit) is later than
 * `now`, unless the administrator confirmed it (`beforeKickoff`): marking a match finished before it is
 * played scores every prediction of it at once, a slip an administrator must mean.
 * @throws AppError 409 match_not_started.
 */
function checkKickedOff(kickoff: Date, result: MatchResultRequest, now: Date): void {
  const played = result.status === 'finished' || result.status === 'live';
  if (played && kickoff.getTime() > now.getTime() && !result.beforeKickoff) throw errors.matchNotStarted(kickoff);
}

/** The audit's record of a result entered before kickoff (with the administrator's confirmation). */
function earlyResult(kickoff: Date, result: MatchResultRequest | undefined, now: Date) {
  const played = result?.status === 'finished' || result?.status === 'live';
  return played && kickoff.getTime() > now.getTime() ? { resultBeforeKickoff: true } : {};
}

async function applyResult(conn: Conn, before: AdminFixture, body: MatchResultRequest): Promise<boolean> {
  const played = body.status === 'finished' || body.status === 'live';
  const value = (goals: number | null | undefined) => (played ? (goals ?? null) : null);
  const next = {
    status: body.status,
    homeGoals: value(body.homeGoals), awayGoals: value(body.awayGoals),
    homeGoalsExtraTime: value(body.homeGoalsExtraTime), awayGoalsExtraTime: value(body.awayGoalsExtraTime),
    homePenalties: value(body.homePenalties), awayPenalties: value(body.awayPenalties),
  };
  // A result entered by hand has no clock: a live clock left by a provider stops showing.
  await conn.update(matches).set({ ...next, live: null, updatedAt: new Date() }).where(eq(matches.id, before.id));
  return (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== before[key]);
}

/**
 * Sets a match's status and score and re-scores its predictions, in one transaction (the API of the
 * foundation, kept: the Fixtures screen uses updateFixture, which also asks for a reason). `actor` null:
 * a task of the platform itself (tests, scripts), recorded as 'system'. With `options.now` (the API's
 * route: the server's clock) a live or finished result before kickoff needs `beforeKickoff`.
 * @returns the match as saved, the predictions scored now, what the change moved in the rankings
 *   (scoreMatchesSaying: 'live' or 'all') and the ids of the live events that say so at the commit.
 * @throws AppError match_not_found; match_not_started (see checkKickedOff).
 */
export async function setMatchResult(db: Db, matchId: string, body: MatchResultRequest, actor: Actor | null = null, options: { now?: Date } = {}) {
  return db.transaction(async (tx) => {
    await lockForEdit(tx, matchId);
    const before = await fixture(tx, matchId);
    const kickoff = new Date(before.kickoff);
    if (options.now) checkKickedOff(kickoff, body, options.now);
    await applyResult(tx, before, body);
    const { scored: rescored, rankings, events } = await scoreMatchesSaying(tx, [matchId]);
    const after = await fixture(tx, matchId);
    await recordAudit(tx, actor, {
      action: 'match.result', subjectType: 'match', subjectId: matchId, subjectLabel: label(before), before: snapshot(before),
      after: { ...snapshot(after), ...(options.now ? earlyResult(kickoff, body, options.now) : {}) },
    });
    const { leagueId: _league, leagueName: _name, ...match } = after;
    return { match, rescored, rankings, events };
  });
}

/**
 * Changes a fixture's kickoff and/or status and result, with the reason kept in the audit log; re-scores
 * when the status or a score changed (a postponement voids predictions, a restore reopens the match). A
 * live or finished result for a match whose kickoff (after this edit) is later than `now` needs the
 * administrator's `beforeKickoff` confirmation, and the audit log records it.
 * @throws AppError match_not_found, match_not_started.
 */
export async function updateFixture(db: Db, actor: Actor | null, matchId: string, body: UpdateFixtureRequest, now: Date = new Date()): Promise<{ fixture: AdminFixture; rescored: number }> {
  return db.transaction(async (tx) => {
    // The row locked before it is read: an import writing it meanwhile waits, so `before` (the audit's,
    // the result's and the kickoff's comparison) is what this edit changes.
    await tx.execute(sql`select id from matches where id = ${matchId}::uuid for update`);
    const current = await fixture(tx, matchId);
    const kickoff = new Date(body.kickoff ?? current.kickoff);
    if (body.result) checkKickedOff(kickoff, body.result, now);
    if (body.release) {
      // Handed back to the provider: the next sync brings its data again (the row is locked above).
      await tx.update(matches).set({ lockedByAdmin: false }).where(eq(matches.id, matchId));
    }
    if (body.kickoff !== undefined || body.result !== undefined) await lockForEdit(tx, matchId);
    const before = current;
    if (body.kickoff !== undefined) await tx.update(matches).set({ kickoff: new Date(body.kickoff), updatedAt: new Date() }).where(eq(matches.id, matchId));
    const changed = body.result ? await applyResult(tx, before, body.result) : false;
    const rescored = changed ? await scoreMatches(tx, [matchId]) : 0;
    // A new kickoff alone: open pages hear it as scoring would have told them of a result.
    if (!changed && body.kickoff !== undefined && new Date(body.kickoff).getTime() !== new Date(before.kickoff).getTime()) {
      await publishMatchEvents(tx, [matchId]);
    }
    const after = await fixture(tx, matchId);
    await recordAudit(tx, actor, {
      action: 'match.update', subjectType: 'match', subjectId: matchId, subjectLabel: label(before),
      before: snapshot(before), after: { ...snapshot(after), ...earlyResult(kickoff, body.result, now) }, reason: body.reason,
    });
    return { fixture: after, rescored };
  });
}

/** Scores every prediction of a match again from its stored result (after a rules fix, say). @throws AppError match_not_found. */
export async function rescoreFixture(db: Db, actor: Actor | null, matchId: string, reason: string): Promise<{ fixture: AdminFixture; rescored: number }> {
  return db.transaction(async (tx) => {
    const current = await fixture(tx, matchId);
    const rescored = await scoreMatches(tx, [matchId]);
    await recordAudit(tx, actor, { action: 'match.rescore', subjectType: 'match', subjectId: matchId, subjectLabel: label(current), after: { rescored }, reason });
    return { fixture: current, rescored };
  });
}
