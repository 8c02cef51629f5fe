/**
 * Replays of real tournaments (decision 018): creating one (a new league whose fixtures are the source's,
 * kickoffs on the replay's clock), ticking them — the replay provider's report at the current instant
 * written by the importer, so a goal takes the same scoring, live-event, ranking and notification paths as
 * a real provider's — and pausing, resuming, stopping and deleting them. One runner at a time across
 * instances: every tick and control holds the replay's advisory lock for its transaction.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { errors } from '../../errors';
import type { ImportedCompetition } from '../../providers/fixture-source';
import { planReplay, replayLengthMs, replaySnapshot, type ReplayClock, type ReplayPlan } from '../../providers/replay/plan';
import { leagueExternalId, importCompetition } from '../import/service';
import { holdFolding } from '../scoring/fold';

/** First key of the replays' advisory locks (the second is the league's hash). */
const REPLAY_LOCK = 7240618;

/** A replay's state. */
export type ReplayState = 'running' | 'paused' | 'stopped' | 'finished';

/** A replay as the API shows it. */
export interface ReplayInfo {
  leagueId: string;
  state: ReplayState;
  speed: number;
  source: string;
  /** The planned first kickoff and the planned end (after pauses so far), ISO 8601 UTC instants. */
  startsAt: string;
  endsAt: string;
  demo: boolean;
}

interface ReplayRow {
  league_id: string; source: string; speed: number | string; starts_at: string | Date; paused_ms: number | string;
  paused_at: string | Date | null; state: ReplayState; plan: ReplayPlan | string; demo: boolean; digest: string | null;
}

const clockOf = (row: ReplayRow): ReplayClock => ({
  startsAt: new Date(row.starts_at), pausedMs: Number(row.paused_ms), pausedAt: row.paused_at ? new Date(row.paused_at) : null, stopped: row.state === 'stopped',
});
const planOf = (row: ReplayRow): ReplayPlan => (typeof row.plan === 'string' ? JSON.parse(row.plan) as ReplayPlan : row.plan);

/** The API's view of a replay row. */
function present(row: ReplayRow): ReplayInfo {
  const clock = clockOf(row);
  const plan = planOf(row);
  return {
    leagueId: row.league_id, state: row.state, speed: Number(row.speed), source: row.source, demo: row.demo,
    startsAt: clock.startsAt.toISOString(),
    endsAt: new Date(clock.startsAt.getTime() + clock.pausedMs + replayLengthMs(plan)).toISOString(),
  };
}

/** What a new replay needs. */
export interface NewReplay {
  /** The tournament, parsed (providers/openfootball/parse.ts, goals included). */
  competition: ImportedCompetition;
  /** Where it came from (a path, a URL, 'bundled:worldcup-2022'), kept for the administrators. */
  source: string;
  /** 1–600 (domain/replay.ts). */
  speed: number;
  /** The replayed first kickoff (a UTC instant). */
  startsAt: Date;
  /** The league's name; default: the source's name. */
  leagueName?: string;
  /** The demo's replay: its league is found again by the demo seed. */
  demo?: boolean;
}

/**
 * Creates a replay: a new league (provider 'replay') with the source's fixtures on the replay's clock,
 * written through the importer as the replay reports them at `now`.
 * @returns the replay and its league's name.
 * @throws RangeError for a speed out of range; Error for a competition without matches.
 */
export async function createReplay(db: Db, input: NewReplay, now = new Date()): Promise<ReplayInfo & { name: string }> {
  const plan = planReplay(input.competition, input.speed);
  const name = (input.leagueName ?? input.competition.name).trim();
  const leagueId = await db.transaction(async (tx) => {
    const [league] = rowsOf<{ id: string }>(await tx.execute(sql`
      insert into leagues (name, season, kind, provider, external_id)
      values (${name}, ${plan.season}, ${plan.kind}, 'replay', ${`${leagueExternalId(input.competition)}:${randomUUID()}`})
      returning id`));
    await tx.execute(sql`
      insert into replays (league_id, source, speed, starts_at, plan, demo)
      values (${league!.id}::uuid, ${input.source}, ${input.speed}, ${input.startsAt.toISOString()}::timestamptz, ${JSON.stringify(plan)}::jsonb, ${input.demo ?? false})`);
    return league!.id;
  });
  await tickReplay(db, leagueId, { now, minIntervalMs: 0 });
  return { ...(await getReplay(db, leagueId))!, name };
}

/** A league's replay, or null when the league is not one. */
export async function getReplay(db: Db | Tx, leagueId: string): Promise<ReplayInfo | null> {
  const [row] = rowsOf<ReplayRow>(await db.execute(sql`select * from replays where league_id = ${leagueId}::uuid`));
  return row ? present(row) : null;
}

/** Every replay, newest first. */
export async function listReplays(db: Db): Promise<ReplayInfo[]> {
  return rowsOf<ReplayRow>(await db.execute(sql`select * from replays order by created_at desc, league_id`)).map(present);
}

/** What a tick did to one replay. */
export interface TickOutcome {
  leagueId: string;
  /** Whether the report differed from the last one written (and was written). */
  written: boolean;
  state: ReplayState;
}

/** Options of a tick: the instant (default: the database's clock) and how soon after the last tick another may run. */
export interface TickOptions {
  now?: Date;
  /** A tick within this many ms of the last one (on any instance) is skipped; default 500. */
  minIntervalMs?: number;
}

/**
 * Ticks every running replay (the sync scheduler's replay loop, every second).
 * @returns what each replay's tick did (replays another instance was ticking are left out).
 */
export async function tickReplays(db: Db, options: TickOptions = {}): Promise<TickOutcome[]> {
  const running = rowsOf<{ league_id: string }>(await db.execute(sql`select league_id from replays where state = 'running' order by league_id`));
  const outcomes: TickOutcome[] = [];
  for (const { league_id } of running) {
    const outcome = await tickReplay(db, league_id, options);
    if (outcome) outcomes.push(outcome);
  }
  return outcomes;
}

/**
 * Ticks one running replay: under its lock (skipped when another instance holds it, or ticked it less than
 * minIntervalMs ago; a paused, stopped or finished replay is not ticked), the report at the instant is written through the importer unless it is the one
 * written last; a report where every match has ended marks the replay finished.
 * @returns null when skipped or the replay does not exist.
 */
export async function tickReplay(db: Db, leagueId: string, options: TickOptions = {}): Promise<TickOutcome | null> {
  const minInterval = options.minIntervalMs ?? 500;
  return db.transaction(async (tx) => {
    const [row] = rowsOf<ReplayRow & { db_now: string | Date }>(await tx.execute(sql`
      select r.*, clock_timestamp() as db_now from replays r
       where r.league_id = ${leagueId}::uuid and r.state = 'running' and pg_try_advisory_xact_lock(${REPLAY_LOCK}, hashtext(r.league_id::text))
         and (r.ticked_at is null or r.ticked_at <= clock_timestamp() - make_interval(secs => ${minInterval / 1000}))`));
    if (!row) return null;
    const now = options.now ?? new Date(row.db_now);
    const written = await writeReport(tx, row, now);
    const state = written.ended ? 'finished' : row.state;
    await tx.execute(sql`update replays set ticked_at = clock_timestamp(), digest = ${written.digest}, state = ${state}, updated_at = now()
                          where league_id = ${leagueId}::uuid`);
    return { leagueId, written: written.changed, state };
  });
}

/** Writes the replay's report at `now` through the importer, unless it equals the last one written. */
async function writeReport(tx: Tx, row: ReplayRow, now: Date): Promise<{ changed: boolean; digest: string; ended: boolean }> {
  const report = replaySnapshot(planOf(row), clockOf(row), now);
  const digest = createHash('sha256').update(JSON.stringify(report.matches)).digest('base64url');
  const ended = report.matches.every((m) => m.status !== 'live' && (m.status !== 'scheduled' || m.kickoff.getTime() <= now.getTime()));
  if (digest === row.digest) return { changed: false, digest, ended };
  await importCompetition(tx as unknown as Db, report, { provider: 'replay', leagueId: row.league_id });
  return { changed: true, digest, ended };
}

/** What an administrator may do to a replay. */
export type ReplayAction = 'pause' | 'resume' | 'stop';

/**
 * Pauses (the clock stands still: live matches freeze, kickoffs wait), resumes (every kickoff still to come
 * moves later by the pause) or stops (whatever has not ended is cancelled, its predictions void) a replay,
 * and writes the report at once.
 * @returns the replay before and after.
 * @throws AppError league_not_found (no such replay), replay_state (the action does not apply to its state).
 */
export async function controlReplay(db: Db, leagueId: string, action: ReplayAction, now?: Date): Promise<{ before: ReplayInfo; after: ReplayInfo }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REPLAY_LOCK}, hashtext(${leagueId}::uuid::text))`);
    const [row] = rowsOf<ReplayRow & { db_now: string | Date }>(await tx.execute(sql`
      select r.*, clock_timestamp() as db_now from replays r where r.league_id = ${leagueId}::uuid for update`));
    if (!row) throw errors.leagueNotFound();
    const at = now ?? new Date(row.db_now);
    const allowed: Record<ReplayAction, ReplayState[]> = { pause: ['running'], resume: ['paused'], stop: ['running', 'paused'] };
    if (!allowed[action].includes(row.state)) throw errors.replayState(row.state);
    const before = present(row);
    const next: ReplayRow = action === 'pause' ? { ...row, state: 'paused', paused_at: at }
      : action === 'resume' ? { ...row, state: 'running', paused_at: null, paused_ms: Number(row.paused_ms) + Math.max(0, at.getTime() - new Date(row.paused_at!).getTime()) }
      : { ...row, state: 'stopped', paused_at: null };
    const written = await writeReport(tx, next, at);
    await tx.execute(sql`
      update replays set state = ${next.state}, paused_at = ${next.paused_at ? new Date(next.paused_at).toISOString() : null}::timestamptz,
             paused_ms = ${Number(next.paused_ms)}, digest = ${written.digest}, ticked_at = clock_timestamp(), updated_at = now()
       where league_id = ${leagueId}::uuid`);
    return { before, after: present(next) };
  });
}

/**
 * Deletes a replay's league with its groups (their predictions, totals and members: simulated members
 * leave with their group), its matches and the replay.
 * @returns the deleted league's name.
 * @throws AppError league_not_found (no such league), league_not_replay (a league that is not a replay).
 */
export async function deleteReplay(db: Db, leagueId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [league] = rowsOf<{ name: string; replay: boolean }>(await tx.execute(sql`
      select l.name, exists (select 1 from replays r where r.league_id = l.id) as replay from leagues l where l.id = ${leagueId}::uuid for update`));
    if (!league) throw errors.leagueNotFound();
    if (!league.replay) throw errors.leagueNotReplay();
    await tx.execute(sql`select pg_advisory_xact_lock(${REPLAY_LOCK}, hashtext(${leagueId}::uuid::text))`);
    // Totals have no foreign key (decision 004): deleted with no fold batch under way, before their groups.
    await holdFolding(tx);
    await tx.execute(sql`delete from member_round_totals where group_id in (select id from groups where league_id = ${leagueId}::uuid)`);
    await tx.execute(sql`delete from groups where league_id = ${leagueId}::uuid`);
    await tx.execute(sql`delete from leagues where id = ${leagueId}::uuid`);
    return league.name;
  });
}
