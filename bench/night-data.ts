/**
 * The data of `npm run bench:night`, written before the app starts: the 2022 World Cup's last four matches
 * as a replay (semi-finals, third place, final) in a league that also holds the tournament's first 60
 * matches, finished; `groups` groups of 10–50 members on it, generated in SQL, with predictions up to
 * `predictions` in all (the four replayed matches, then the rest spread over the earlier matches, scored
 * and folded as the app does); sessions for the members who will save in the rush, hold event streams or
 * read rankings. Bulk loads are followed by VACUUM ANALYZE (autovacuum is off on the development server).
 */
import { serializeSignedCookie } from 'better-call';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../src/server/db/client';
import { importCompetition } from '../src/server/modules/import/service';
import { createReplay } from '../src/server/modules/replay/service';
import { foldPaceFor, foldPending } from '../src/server/modules/scoring/fold';
import { scoreMatches } from '../src/server/modules/scoring/score-matches';
import type { ImportedCompetition } from '../src/server/providers/fixture-source';

/** The id of the member who is in every group, predicted only the final (3–3) and reads every ranking. */
export const READER_ID = 'nt-reader';
/** How many of the tournament's last matches are replayed: semi-finals, third place, final. */
export const REPLAYED_MATCHES = 4;

/** A member of a group, by ids. */
export interface Member { groupId: string; userId: string }

/** What was loaded, with what the benchmark needs to drive it. */
export interface NightData {
  leagueId: string;
  /** The replayed matches in kickoff order (the final last). */
  replayedIds: string[];
  finalId: string;
  /** Groups in order (group n at index n − 1). */
  groupIds: string[];
  /** One member a group (each group's member 1), none of whom had predicted the final: the rush's members. */
  rushMembers: Member[];
  /** The streams' members: stream i is group (i mod groups)'s member 2 + ⌊i / groups⌋. */
  streamMembers: Member[];
  /** The baseline's league (the third-place match alone, replayed) and its one member's group. */
  baseline: { leagueId: string; groupId: string; userId: string };
  /** Rows loaded: members (memberships, the reader's included), accounts and predictions. */
  counts: { memberships: number; users: number; predictions: number; earlierPredictions: number; finalPredictions: number };
  /** Seconds spent: loading the rows, scoring and folding the earlier matches, VACUUM ANALYZE. */
  seconds: { load: number; fold: number; vacuum: number };
}

/** What to load. */
export interface NightOptions {
  competition: ImportedCompetition;
  source: string;
  speed: number;
  groups: number;
  predictions: number;
  streams: number;
  /** Where the replays start for now (the benchmark moves them later): far ahead, so nothing plays meanwhile. */
  startsAt: Date;
}

const count = async (db: Db, query: ReturnType<typeof sql>) => Number(rowsOf<{ n: number }>(await db.execute(query))[0]!.n);
const seconds = (from: number) => (performance.now() - from) / 1000;

/**
 * Loads the night's data.
 * @throws Error when the options cannot be met (more streams than 8 a group, too many predictions for the
 *   earlier matches).
 */
export async function loadNight(db: Db, options: NightOptions): Promise<NightData> {
  const { groups } = options;
  if (options.streams > 8 * groups) throw new Error(`at most 8 streams a group: ${options.streams} streams need ${Math.ceil(options.streams / 8)} groups`);
  const matches = options.competition.matches;
  const replayed = matches.slice(-REPLAYED_MATCHES);
  const earlier = matches.slice(0, -REPLAYED_MATCHES);
  const loadFrom = performance.now();
  const replay = await createReplay(db, {
    competition: { ...options.competition, matches: replayed }, source: options.source, speed: options.speed, startsAt: options.startsAt,
    leagueName: 'World Cup 2022 (the last four, replayed)',
  });
  const leagueId = replay.leagueId;
  // The tournament so far, finished, in the same league (as a provider would have left it): the replay's
  // ticks write only the four replayed matches, and an import leaves the matches it does not list as they are.
  await importCompetition(db, { ...options.competition, matches: earlier }, { provider: 'replay', leagueId });
  const byKickoff = rowsOf<{ id: string; round_name: string; status: string }>(await db.execute(sql`
    select id, round_name, status from matches where league_id = ${leagueId}::uuid order by kickoff, id`));
  const replayedIds = byKickoff.filter((m) => m.status === 'scheduled').map((m) => m.id);
  const earlierIds = byKickoff.filter((m) => m.status !== 'scheduled').map((m) => m.id);
  const finalId = replayedIds.at(-1)!;
  if (replayedIds.length !== REPLAYED_MATCHES || byKickoff.find((m) => m.id === finalId)?.round_name !== 'Final') {
    throw new Error(`expected ${REPLAYED_MATCHES} scheduled matches ending with the final, found ${replayedIds.length}`);
  }

  // Members: group g has 9–49 of its own ('nt-g-k', k from 1) and the reader: 10–50.
  const ownOf = sql`9 + (g * 7919) % 41`;
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'nt-' || g || '-' || k, 'Member ' || g || '.' || k, 'nt-' || g || '-' || k || '@example.com', true
      from generate_series(1, ${groups}) g cross join lateral generate_series(1, ${ownOf}) k
    union all select ${READER_ID}, 'Reader', 'nt-reader@example.com', true`);
  await db.execute(sql`insert into profiles (user_id, username, full_name) select id, replace(id, '-', '_'), name from "user" where id like 'nt-%'`);
  await db.execute(sql`insert into groups (name, league_id, color, invite_code, owner_id)
    select 'Pool ' || g, ${leagueId}::uuid, 'sky', 'NT' || lpad(g::text, 6, '0'), 'nt-' || g || '-1' from generate_series(1, ${groups}) g`);
  await db.execute(sql`insert into group_members (group_id, user_id)
    select gr.id, 'nt-' || x.g || '-' || k
      from groups gr cross join lateral (select substr(gr.invite_code, 3)::int as g) x
      cross join lateral generate_series(1, 9 + (x.g * 7919) % 41) k
     where gr.league_id = ${leagueId}::uuid
    union all select id, ${READER_ID} from groups where league_id = ${leagueId}::uuid`);
  const groupIds = rowsOf<{ id: string }>(await db.execute(sql`select id from groups where league_id = ${leagueId}::uuid order by invite_code`)).map((r) => r.id);

  const own = sql`gm.user_id <> ${READER_ID}`;
  const inLeague = sql`gm.group_id in (select id from groups where league_id = ${leagueId}::uuid)`;
  // The final: every member but each group's member 1 (they save in the rush); the reader 3–3.
  await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals)
    select gm.group_id, gm.user_id, ${finalId}::uuid,
           case when gm.user_id = ${READER_ID} then 3 else floor(random() * 4)::int end,
           case when gm.user_id = ${READER_ID} then 3 else floor(random() * 4)::int end
      from group_members gm where ${inLeague} and split_part(gm.user_id, '-', 3) <> '1'`);
  // The semi-finals and the third place: every member but the reader.
  const others = sql.join(replayedIds.slice(0, -1).map((id) => sql`(${id}::uuid)`), sql`, `);
  await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals)
    select gm.group_id, gm.user_id, m.id, floor(random() * 4)::int, floor(random() * 4)::int
      from group_members gm cross join (values ${others}) m(id) where ${inLeague} and ${own}`);
  // The rest over the earlier matches, so that the rush's saves (one a group) bring the total to `predictions`:
  // own member n (in order) predicts base or base + 1 of them, match (7n + 13j) mod 60 for j = 0, 1, …
  // (distinct for each member: 13 and 60 are coprime).
  const sofar = await count(db, sql`select count(*)::int as n from predictions`);
  const ownMembers = await count(db, sql`select count(*)::int as n from group_members gm where ${inLeague} and ${own}`);
  const rest = Math.max(0, options.predictions - groups - sofar);
  const base = Math.floor(rest / ownMembers);
  const extra = rest % ownMembers;
  if (base + 1 > earlierIds.length) throw new Error(`${rest} predictions on ${earlierIds.length} earlier matches is more than each member can make`);
  const earlierList = sql.join(earlierIds.map((id) => sql`${id}::uuid`), sql`, `);
  await db.execute(sql`
    with own_members as (
      select gm.group_id, gm.user_id, row_number() over (order by gm.group_id, gm.user_id) - 1 as n
        from group_members gm where ${inLeague} and ${own}
    ), earlier as (
      select id, row_number() over (order by kickoff, id) - 1 as i from matches where id in (${earlierList})
    )
    insert into predictions (group_id, user_id, match_id, home_goals, away_goals)
    select o.group_id, o.user_id, e.id, floor(random() * 4)::int, floor(random() * 4)::int
      from own_members o
      cross join lateral generate_series(0, ${base} - 1 + case when o.n < ${extra} then 1 else 0 end) j
      join earlier e on e.i = (o.n * 7 + j * 13) % ${earlierIds.length}`);

  // Sessions: the rush's members (member 1 of each group), the streams' (members 2…) and the reader.
  const rushMembers = groupIds.map((groupId, i) => ({ groupId, userId: `nt-${i + 1}-1` }));
  const streamMembers = Array.from({ length: options.streams }, (_, i) => ({ groupId: groupIds[i % groups]!, userId: `nt-${(i % groups) + 1}-${2 + Math.floor(i / groups)}` }));
  const sessionUsers = [READER_ID, ...rushMembers.map((m) => m.userId), ...streamMembers.map((m) => m.userId)];
  for (let i = 0; i < sessionUsers.length; i += 10_000) {
    const slice = sessionUsers.slice(i, i + 10_000);
    await db.execute(sql`insert into session (id, token, user_id, expires_at)
      select 'nt-s-' || u, 'nt-token-' || u, u, now() + interval '1 day' from unnest(${`{${slice.join(',')}}`}::text[]) u`);
  }

  // The baseline: the third-place match alone, replayed in a league of its own, with one member.
  const third = replayed[REPLAYED_MATCHES - 2]!;
  const baselineReplay = await createReplay(db, {
    competition: { ...options.competition, matches: [third] }, source: options.source, speed: options.speed, startsAt: options.startsAt,
    leagueName: 'World Cup 2022 (third place, baseline)',
  });
  await db.execute(sql`insert into "user" (id, name, email, email_verified) values ('nt-base', 'Baseline', 'nt-base@example.com', true)`);
  await db.execute(sql`insert into profiles (user_id, username, full_name) values ('nt-base', 'nt_base', 'Baseline')`);
  await db.execute(sql`insert into session (id, token, user_id, expires_at) values ('nt-s-nt-base', 'nt-token-nt-base', 'nt-base', now() + interval '1 day')`);
  const [baselineGroup] = rowsOf<{ id: string }>(await db.execute(sql`
    insert into groups (name, league_id, color, invite_code, owner_id) values ('Baseline', ${baselineReplay.leagueId}::uuid, 'sky', 'NTBASE01', 'nt-base') returning id`));
  await db.execute(sql`insert into group_members (group_id, user_id) values (${baselineGroup!.id}::uuid, 'nt-base')`);
  const load = seconds(loadFrom);

  const vacuumFrom = performance.now();
  for (const table of ['"user"', 'profiles', 'session', 'groups', 'group_members', 'predictions', 'matches']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  let vacuum = seconds(vacuumFrom);
  // The earlier matches arrived finished (nobody could predict them then): scored as the app does, through
  // the result snapshot, the queue and the background fold in batches.
  const foldFrom = performance.now();
  await db.transaction((tx) => scoreMatches(tx, earlierIds, { syncLimit: 0 }));
  await foldPending(db, foldPaceFor('postgres', db));
  const fold = seconds(foldFrom);
  const againFrom = performance.now();
  for (const table of ['member_round_totals', 'member_season_totals', 'scoring_queue', 'scoring_results', 'matches']) await db.execute(sql.raw(`vacuum analyze ${table}`));
  vacuum += seconds(againFrom);

  const counts = {
    memberships: await count(db, sql`select count(*)::int as n from group_members gm where ${inLeague}`),
    users: await count(db, sql`select count(*)::int as n from "user" where id like 'nt-%'`),
    predictions: await count(db, sql`select count(*)::int as n from predictions`),
    earlierPredictions: await count(db, sql`select count(*)::int as n from predictions where match_id in (${earlierList})`),
    finalPredictions: await count(db, sql`select count(*)::int as n from predictions where match_id = ${finalId}::uuid`),
  };
  return {
    leagueId, replayedIds, finalId, groupIds, rushMembers, streamMembers, counts, seconds: { load, fold, vacuum },
    baseline: { leagueId: baselineReplay.leagueId, groupId: baselineGroup!.id, userId: 'nt-base' },
  };
}

/** The signed session cookie (`better-auth.session_token=…`) of a member whose session loadNight made. */
export async function sessionCookie(userId: string, secret: string): Promise<string> {
  return (await serializeSignedCookie('better-auth.session_token', `nt-token-${userId}`, secret)).split(';')[0]!;
}
