/**
 * Discover: active public groups, searched by name and filtered by league, sorted by activity (members
 * who saved a prediction in the last 7 days), then newest, in pages of DISCOVER_PAGE_SIZE with an opaque
 * keyset cursor. Private groups never appear. Joining a public group needs no code.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DISCOVER_PAGE_SIZE, type DiscoveredGroup, type JoinGroupResponse } from '../../../contracts/groups';
import { rowsOf, type Db } from '../../db/client';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { getGroup } from './service';

interface Cursor { activity: number; createdAt: string; id: string }

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decode(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Cursor;
    // createdAt keeps PostgreSQL's microseconds ("2026-06-11T18:00:00.123456Z"): a millisecond cursor would skip groups.
    if (typeof value.activity !== 'number' || typeof value.createdAt !== 'string' || typeof value.id !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(value.createdAt)) throw new Error('bad');
    if (!/^[0-9a-f-]{36}$/.test(value.id)) throw new Error('bad');
    return value;
  } catch {
    throw errors.validation('Invalid cursor.');
  }
}

/** A row of the public groups' query: the group, its league, its members and their activity. */
interface CandidateRow {
  id: string; name: string; description: string | null; color: string; created_key: string; league_id: string; league_name: string;
  league_season: string; league_replay: boolean; member_count: number; activity: number; is_member: boolean; member_cap: number | null;
}

/**
 * Active public groups, with their league, member count, activity (members who saved a prediction in the
 * 7 days before `now`) and whether the viewer is a member; `filter` narrows them, `page` orders and cuts.
 */
async function publicGroups(db: Db, viewer: Viewer, now: Date, filter: SQL, page: SQL = sql``): Promise<CandidateRow[]> {
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  return rowsOf<CandidateRow>(await db.execute(sql`
    with candidates as (
      select g.id, g.name, g.description, g.color, g.created_at, g.member_cap, l.id as league_id, l.name as league_name, l.season as league_season, l.provider = 'replay' as league_replay,
             (select count(*) from group_members gm where gm.group_id = g.id)::int as member_count,
             (select count(distinct p.user_id) from predictions p where p.group_id = g.id and p.updated_at >= ${since}::timestamptz)::int as activity,
             exists (select 1 from group_members gm where gm.group_id = g.id and gm.user_id = ${viewer.userId}) as is_member
        from groups g join leagues l on l.id = g.league_id
       where g.visibility = 'public' and g.status = 'active' ${filter}
    )
    select *, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key from candidates ${page}`));
}

/** What a public group's card shows (Discover, and the preview a non-member gets from its link). */
function presentGroup(row: CandidateRow): DiscoveredGroup {
  return {
    id: row.id, name: row.name, description: row.description, color: row.color,
    league: { id: row.league_id, name: row.league_name, season: row.league_season, replay: row.league_replay },
    memberCount: Number(row.member_count), activeMembers: Number(row.activity), isMember: row.is_member,
    full: row.member_cap !== null && Number(row.member_count) >= row.member_cap,
  };
}

/**
 * One page of public groups.
 * @param query.q part of the name (case-insensitive); query.leagueId one league; query.cursor the previous page's.
 * @throws AppError validation_failed (a malformed cursor).
 */
export async function discoverGroups(db: Db, viewer: Viewer, query: { q?: string; leagueId?: string; cursor?: string }, now: Date) {
  const after = query.cursor ? decode(query.cursor) : null;
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await publicGroups(db, viewer, now,
    sql`${pattern ? sql`and g.name ilike ${pattern}` : sql``} ${query.leagueId ? sql`and g.league_id = ${query.leagueId}::uuid` : sql``}`,
    sql`${after ? sql`where (activity, created_at, id) < (${after.activity}, ${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
     order by activity desc, created_at desc, id desc
     limit ${DISCOVER_PAGE_SIZE + 1}`);
  const page = rows.slice(0, DISCOVER_PAGE_SIZE);
  const last = page.at(-1);
  return {
    groups: page.map(presentGroup),
    nextCursor: rows.length > DISCOVER_PAGE_SIZE && last ? encode({ activity: Number(last.activity), createdAt: last.created_key, id: last.id }) : null,
  };
}

/**
 * The card of one public group, as Discover shows it: what someone who follows its link sees before
 * joining (its name, description, league, colour, members).
 * @throws AppError group_not_found (no such group, private, or deactivated: nothing to preview or join).
 */
export async function previewGroup(db: Db, viewer: Viewer, groupId: string, now: Date): Promise<DiscoveredGroup> {
  const [row] = await publicGroups(db, viewer, now, sql`and g.id = ${groupId}::uuid`);
  if (!row) throw errors.groupNotFound();
  return presentGroup(row);
}

/**
 * Joins a public group without a code.
 * @throws AppError group_not_found (no such group, or private), group_inactive, group_full, forbidden (removed
 *   from it by its admins: they come back with the invite code only).
 */
export async function joinPublicGroup(db: Db, viewer: Viewer, groupId: string): Promise<JoinGroupResponse> {
  const [row] = rowsOf<{ visibility: string; status: string; member_cap: number | null; members: number; is_member: boolean }>(await db.execute(sql`
    select g.visibility, g.status, g.member_cap,
           (select count(*) from group_members where group_id = g.id)::int as members,
           exists (select 1 from group_members where group_id = g.id and user_id = ${viewer.userId}) as is_member
      from groups g where g.id = ${groupId}::uuid`));
  if (!row || (row.visibility !== 'public' && !row.is_member)) throw errors.groupNotFound();
  if (row.is_member) return { group: await getGroup(db, viewer, groupId), alreadyMember: true };
  if (row.status !== 'active') throw errors.groupInactive();
  // A member the group's admins removed comes back only with the (new) invite code.
  const [removed] = rowsOf<{ yes: boolean }>(await db.execute(sql`
    select true as yes from group_activity where group_id = ${groupId}::uuid and action = 'member_removed' and detail->>'userId' = ${viewer.userId} limit 1`));
  if (removed) throw errors.forbidden('You were removed from this group: ask its admins for the invite code.');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from groups where id = ${groupId}::uuid for no key update`);
    const [count] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from group_members where group_id = ${groupId}::uuid`));
    if (row.member_cap !== null && Number(count?.n ?? 0) >= row.member_cap) throw errors.groupFull();
    await tx.execute(sql`insert into group_members (group_id, user_id, role) values (${groupId}::uuid, ${viewer.userId}, 'member') on conflict do nothing`);
  });
  return { group: await getGroup(db, viewer, groupId), alreadyMember: false };
}
