/**
 * Group commit for prediction saves: the saves that arrive while earlier ones are being written go to
 * the database together, as one statement, instead of one statement each. On the deadline rush the
 * statement's round trip (the pg driver, the socket write that wakes PostgreSQL, planning the bind) was
 * the largest cost left per save after the session check (docs/benchmarks.md); a batch pays it once.
 *
 * Each save keeps its own meaning: the statement checks every save's own group, membership and match
 * deadline (by the database's clock at the write, as one save alone would), and returns the rows each one
 * wrote. It locks the group, membership and match rows it writes for (FOR KEY SHARE, what a foreign key's
 * check takes; predictions have none, decision 011), so a deletion of one either waits for the save's
 * commit, then deletes what it wrote, or commits first and the save writes nothing there. One person
 * appears at most once in a batch (a second save of theirs waits for a later batch), so no row is written
 * twice by one statement, and a person's saves are written in the order they arrived. If a batch of
 * several fails, each of its saves is retried alone, so one save's failure never fails another's (a
 * failure of the database itself fails them all at once). A statement that waits on a lock holds up the
 * saves in it: besides deletions, it waits for a reset or a member's removal in one of its groups, a
 * change of a group's rules, and an administrator's edit or an import of one of its matches (the import
 * holds its league's matches for its whole transaction).
 */
import { sql } from 'drizzle-orm';
import { PREDICTION_CLOSE_MINUTES } from '../../../domain/deadline';
import { arrayLiteral } from '../../db/array-literal';
import { executePrepared, rowsOf, type Db } from '../../db/client';

/** One save: a person's predictions (matches at most once each) for one group of theirs. */
export interface SaveRequest {
  userId: string;
  groupId: string;
  items: readonly { matchId: string; homeGoals: number; awayGoals: number }[];
  /** Also write them in the person's other active groups of the group's league. */
  applyToOtherGroups: boolean;
}

/** A prediction row a save wrote (in its group or, with applyToOtherGroups, another group of the person). */
export interface SavedRow { group_id: string; match_id: string; home_goals: number; away_goals: number; joker: boolean; updated_at: string | Date }

/** How the batcher groups saves. */
export interface SaveBatchOptions {
  /** Statements under way at once (leaving the pool's other connections to reads). Default 3. */
  maxInFlight?: number;
  /** Saves in one statement at most. Default 200. */
  maxSaves?: number;
}

/** A batcher of one database handle: `save` resolves with the rows that save wrote. */
export interface SaveBatcher {
  /**
   * Writes one save with the others waiting at that moment.
   * @returns the rows written: none when the group is not an active group of the person's, or for
   *   matches that are closed, not scheduled, being re-scored or not in the league.
   * @throws the database's error when the save fails alone.
   */
  save(request: SaveRequest): Promise<SavedRow[]>;
  /** Statements run and saves written since creation (for tests and metrics). */
  readonly stats: { statements: number; saves: number };
}

interface Pending { request: SaveRequest; resolve: (rows: SavedRow[]) => void; reject: (error: unknown) => void }

/**
 * A batcher writing through `db` (the pool: never a transaction, whose statements cannot run side by
 * side). Saves wait only while `maxInFlight` statements are under way; otherwise they go out at the end
 * of the current turn of the event loop, with whatever else arrived in it.
 */
export function createSaveBatcher(db: Db, options: SaveBatchOptions = {}): SaveBatcher {
  const maxInFlight = options.maxInFlight ?? 3;
  const maxSaves = options.maxSaves ?? 200;
  const waiting: { saves: Pending[]; users: Set<string> }[] = [];
  const stats = { statements: 0, saves: 0 };
  let inFlight = 0;
  /** The people whose saves are in a statement under way. */
  const writing = new Set<string>();
  let scheduled = false;

  function flush() {
    scheduled = false;
    while (inFlight < maxInFlight && waiting.length > 0) {
      // In arrival order, and never beside a statement writing for one of the same people: a person's
      // saves are written in the order they arrived.
      const head = waiting[0]!;
      if ([...head.users].some((user) => writing.has(user))) break;
      waiting.shift();
      inFlight++;
      for (const user of head.users) writing.add(user);
      void run(head.saves).finally(() => {
        inFlight--;
        for (const user of head.users) writing.delete(user);
        flush();
      });
    }
  }

  async function run(saves: Pending[]) {
    let written: WrittenGroup[];
    try {
      written = await writeSaves(db, saves.map((pending) => pending.request));
    } catch (error) {
      // A failure of the database itself (connection, shutdown, resources) is every save's: refused
      // together. Anything else may be one save's doing: each is tried alone, in turn, so one save
      // never fails the others.
      if (saves.length === 1 || !mayBeOneSaves(error)) {
        for (const pending of saves) pending.reject(error);
        return;
      }
      for (const pending of saves) await run([pending]);
      return;
    }
    stats.statements++;
    stats.saves += saves.length;
    const byUser = new Map<string, WrittenGroup[]>();
    for (const group of written) {
      const list = byUser.get(group.user_id);
      if (list) list.push(group);
      else byUser.set(group.user_id, [group]);
    }
    for (const pending of saves) pending.resolve(savedRows(pending.request, byUser.get(pending.request.userId) ?? []));
  }

  return {
    stats,
    save(request) {
      return new Promise<SavedRow[]>((resolve, reject) => {
        let batch = waiting.find((candidate) => candidate.saves.length < maxSaves && !candidate.users.has(request.userId));
        if (!batch) {
          batch = { saves: [], users: new Set() };
          waiting.push(batch);
        }
        batch.saves.push({ request, resolve, reject });
        batch.users.add(request.userId);
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}

/** What the statement wrote for one person in one group: the matches (ids joined by commas) and when. */
interface WrittenGroup { user_id: string; group_id: string; match_ids: string; joker_ids: string | null; updated_at: string | Date }

/**
 * The rows one save wrote, from what the statement reports for its person: each written match with the
 * goals the save sent (the statement writes them as sent), in each group written to.
 */
function savedRows(request: SaveRequest, written: readonly WrittenGroup[]): SavedRow[] {
  // The database answers ids in lower case (the API's contract lower-cases them too).
  const goals = new Map(request.items.map((item) => [item.matchId.toLowerCase(), item]));
  const rows: SavedRow[] = [];
  for (const group of written) {
    const jokers = new Set(group.joker_ids?.split(',') ?? []);
    for (const matchId of group.match_ids.split(',')) {
      const item = goals.get(matchId);
      if (item) rows.push({ group_id: group.group_id, match_id: matchId, home_goals: item.homeGoals, away_goals: item.awayGoals, joker: jokers.has(matchId), updated_at: group.updated_at });
    }
  }
  return rows;
}

/**
 * Whether a failed statement may have failed because of one of its saves, so that trying each alone is
 * worth it: not when PostgreSQL reports a lost connection (SQLSTATE class 08), too few resources (53),
 * an administrator's intervention or shutdown (57) or a system error (58), nor when the error carries no
 * SQLSTATE at all (the pool or the embedded database is closed, a socket failed).
 */
function mayBeOneSaves(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|53|57|58)/.test(code);
}

/**
 * The statement: every save's items as parallel arrays (the text is the same for one save or two
 * hundred), the groups each save may write to (its own active group where the person is a member, and
 * with applyToOtherGroups their other active groups of the league, with their memberships locked), the
 * open matches asked for (locked, each once), and one INSERT … ON CONFLICT that
 * only takes matches still open by `clock_timestamp()` (read once; stored as updated_at), so no
 * prediction is ever written after its close (rule: predictions close PREDICTION_CLOSE_MINUTES before
 * kickoff, src/domain/deadline.ts). Matches being re-scored (in scoring_queue) take no changes yet.
 * The written rows come back one line per person and group (their match ids joined), not one per
 * prediction: a whole round's batch returned ten lines a person, each parsed and turned into an object
 * on the server's thread.
 * @returns per person and group written to, the matches written and when.
 */
async function writeSaves(db: Db, saves: readonly SaveRequest[]): Promise<WrittenGroup[]> {
  const save: number[] = [];
  const matchIds: string[] = [];
  const homeGoals: number[] = [];
  const awayGoals: number[] = [];
  saves.forEach((request, index) => {
    for (const item of request.items) {
      save.push(index);
      matchIds.push(item.matchId);
      homeGoals.push(item.homeGoals);
      awayGoals.push(item.awayGoals);
    }
  });
  // A named prepared statement: parsed and planned once per connection, not on every batch of a rush.
  return rowsOf<WrittenGroup>(await executePrepared(db, 'save_predictions', sql`
    with saves (save, user_id, group_id, apply_all) as (
      select * from unnest(${arrayLiteral(saves.map((_, index) => index))}::int[], ${arrayLiteral(saves.map((request) => request.userId))}::text[],
                           ${arrayLiteral(saves.map((request) => request.groupId))}::uuid[], ${arrayLiteral(saves.map((request) => request.applyToOtherGroups))}::boolean[])
    ),
    items (save, match_id, home_goals, away_goals) as (
      select * from unnest(${arrayLiteral(save)}::int[], ${arrayLiteral(matchIds)}::uuid[], ${arrayLiteral(homeGoals)}::int[], ${arrayLiteral(awayGoals)}::int[])
    ),
    clock as (select clock_timestamp() as at),
    -- Each save's own group, active, with the person a member: a refused save writes nothing anywhere.
    origins as (
      select s.save, s.user_id, s.group_id, s.apply_all, g0.league_id
        from saves s
        join groups g0 on g0.id = s.group_id and g0.status = 'active'
        join group_members gm0 on gm0.group_id = g0.id and gm0.user_id = s.user_id
    ),
    -- The groups and memberships written to, locked FOR KEY SHARE as a foreign key's check would lock
    -- them: a deletion of one (or a member's removal, a reset: they lock the group FOR UPDATE first) waits
    -- for this statement's commit, then deletes what it wrote (the triggers of migration 0025), or this
    -- statement waits for it and writes nothing there. Locked in group order, as an account's deletion
    -- takes its groups, so two statements never wait on each other in a circle.
    target_groups as (
      select o.save, o.user_id, o.league_id, g.id as group_id
        from origins o
        join groups g on g.league_id = o.league_id and g.status = 'active' and (g.id = o.group_id or o.apply_all)
        join group_members gm on gm.group_id = g.id and gm.user_id = o.user_id
       order by g.id, gm.user_id
         for key share of g, gm
    ),
    -- The open matches asked for, each locked once (not once per prediction, as the foreign keys did).
    open_matches as (
      select m.id, m.league_id
        from matches m, clock
       where m.id in (select match_id from items)
         and m.status = 'scheduled'
         and clock.at < m.kickoff - make_interval(mins => ${PREDICTION_CLOSE_MINUTES})
         and not exists (select 1 from scoring_queue q where q.match_id = m.id)
       order by m.id
         for key share of m
    ),
    written as (
      insert into predictions (group_id, user_id, match_id, home_goals, away_goals, updated_at)
      select tg.group_id, tg.user_id, i.match_id, i.home_goals, i.away_goals, clock.at
        from items i
        join target_groups tg on tg.save = i.save
        join open_matches m on m.id = i.match_id and m.league_id = tg.league_id
       cross join clock
       -- Rows locked in one order by every statement: two instances' batches never deadlock on each other.
       order by tg.group_id, tg.user_id, i.match_id
      on conflict (group_id, user_id, match_id) do update
         set home_goals = excluded.home_goals, away_goals = excluded.away_goals,
             updated_at = excluded.updated_at
      returning group_id, user_id, match_id, joker, updated_at
    )
    -- The matches written, and those of them a joker of the member's is on (kept through a change of score).
    select user_id, group_id, string_agg(match_id::text, ',') as match_ids,
           string_agg(match_id::text, ',') filter (where joker) as joker_ids, min(updated_at) as updated_at
      from written group by user_id, group_id`));
}
