/**
 * The administrators' users and groups: lists (search, sort, 50 a page), details, a person's role and
 * disabling (a disabled person cannot sign in — auth.ts refuses their new sessions — and every session
 * they had ends at once), a group's deactivation and deletion. Callers check the role and audit.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE, type AdminGroup, type AdminGroupDetailResponse, type AdminGroupsResponse, type AdminUser, type AdminUserDetailResponse,
  type AdminUsersResponse, type UpdateUserRequest,
} from '../../../contracts/admin';
import { rowsOf, type Conn } from '../../db/client';
import { errors } from '../../errors';
import { holdFolding } from '../scoring/fold';

const iso = (value: string | Date) => new Date(value).toISOString();
const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface UserRow {
  id: string; username: string; email: string; full_name: string; role: AdminUser['role']; email_verified: boolean; disabled_at: string | Date | null;
  created_at: string | Date; last_sign_in: string | Date | null; groups: number;
}
const userSelect = (where: SQL, tail: SQL = sql``) => sql`
  select u.id, p.username, u.email, p.full_name, p.role, u.email_verified, p.disabled_at, u.created_at,
         coalesce(p.last_sign_in_at, (select max(s.created_at) from session s where s.user_id = u.id)) as last_sign_in,
         (select count(*) from group_members gm where gm.user_id = u.id)::int as groups
    from "user" u join profiles p on p.user_id = u.id
   where not p.simulated and ${where}
   ${tail}`;
function presentUser(row: UserRow): AdminUser {
  return {
    id: row.id, username: row.username, email: row.email, fullName: row.full_name, role: row.role, emailVerified: Boolean(row.email_verified),
    disabled: row.disabled_at !== null, createdAt: iso(row.created_at), lastSignInAt: row.last_sign_in ? iso(row.last_sign_in) : null, groups: Number(row.groups),
  };
}
const USER_SORT = { username: sql`lower(p.username)`, email: sql`lower(u.email)`, createdAt: sql`u.created_at`, lastSignInAt: sql`p.last_sign_in_at` } as const;

/** One page of people, searched in email and username. */
export async function listAdminUsers(db: Conn, query: { search?: string; sort: keyof typeof USER_SORT; order: 'asc' | 'desc'; page: number }): Promise<AdminUsersResponse> {
  const where = query.search ? sql`(u.email ilike ${like(query.search)} or p.username ilike ${like(query.search)})` : sql`true`;
  const rows = rowsOf<UserRow>(await db.execute(userSelect(where,
    sql`order by ${USER_SORT[query.sort]} ${query.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`}, u.id limit ${ADMIN_PAGE_SIZE} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`)));
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from "user" u join profiles p on p.user_id = u.id where not p.simulated and ${where}`));
  return { users: rows.map(presentUser), total: Number(count?.n ?? 0), page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** A person with their groups. @throws AppError not_found. */
export async function getAdminUser(db: Conn, userId: string): Promise<AdminUserDetailResponse> {
  const [row] = rowsOf<UserRow>(await db.execute(userSelect(sql`u.id = ${userId}`)));
  if (!row) throw errors.notFound('User');
  const memberships = rowsOf<{ group_id: string; name: string; role: 'owner' | 'admin' | 'member'; joined_at: string | Date }>(await db.execute(sql`
    select gm.group_id, g.name, gm.role, gm.joined_at from group_members gm join groups g on g.id = gm.group_id
     where gm.user_id = ${userId} order by gm.joined_at`));
  return { user: presentUser(row), memberships: memberships.map((m) => ({ groupId: m.group_id, groupName: m.name, role: m.role, joinedAt: iso(m.joined_at) })) };
}

/**
 * Changes a person's role and/or disables or enables them; disabling ends every session they have.
 * An administrator cannot disable or demote themselves (someone must be left to undo it).
 * @throws AppError not_found; 409 own_account for a change to one's own account.
 */
export async function updateAdminUser(db: Conn, actorId: string, userId: string, body: UpdateUserRequest): Promise<AdminUserDetailResponse> {
  if (userId === actorId && (body.disabled === true || body.role === 'Regular User')) {
    throw errors.ownAccount();
  }
  const sets: SQL[] = [sql`updated_at = now()`];
  if (body.role !== undefined) sets.push(sql`role = ${body.role}`);
  if (body.disabled !== undefined) sets.push(body.disabled ? sql`disabled_at = coalesce(disabled_at, now())` : sql`disabled_at = null`);
  const updated = rowsOf<{ user_id: string }>(await db.execute(sql`update profiles set ${sql.join(sets, sql`, `)} where user_id = ${userId} returning user_id`));
  if (updated.length === 0) throw errors.notFound('User');
  if (body.disabled === true) await db.execute(sql`delete from session where user_id = ${userId}`);
  return getAdminUser(db, userId);
}

interface GroupRow {
  id: string; name: string; league_name: string; visibility: AdminGroup['visibility']; status: AdminGroup['status'];
  members: number; owner: string | null; created_at: string | Date;
}
const groupSelect = (where: SQL, tail: SQL = sql``) => sql`
  select g.id, g.name, l.name as league_name, g.visibility, g.status, g.created_at,
         (select count(*) from group_members gm where gm.group_id = g.id)::int as members,
         (select p.username from profiles p where p.user_id = g.owner_id) as owner
    from groups g join leagues l on l.id = g.league_id
   where ${where}
   ${tail}`;
function presentGroup(row: GroupRow): AdminGroup {
  return {
    id: row.id, name: row.name, leagueName: row.league_name, visibility: row.visibility, status: row.status,
    members: Number(row.members), owner: row.owner, createdAt: iso(row.created_at),
  };
}
const GROUP_SORT = { name: sql`lower(g.name)`, members: sql`members`, createdAt: sql`g.created_at` } as const;

/** One page of groups, searched in the group's, its league's and its owner's names. */
export async function listAdminGroups(db: Conn, query: { search?: string; sort: keyof typeof GROUP_SORT; order: 'asc' | 'desc'; page: number }): Promise<AdminGroupsResponse> {
  const where = query.search
    ? sql`(g.name ilike ${like(query.search)} or l.name ilike ${like(query.search)} or exists (select 1 from profiles p where p.user_id = g.owner_id and p.username ilike ${like(query.search)}))`
    : sql`true`;
  const rows = rowsOf<GroupRow>(await db.execute(groupSelect(where,
    sql`order by ${GROUP_SORT[query.sort]} ${query.order === 'asc' ? sql`asc` : sql`desc`}, g.id limit ${ADMIN_PAGE_SIZE} offset ${(query.page - 1) * ADMIN_PAGE_SIZE}`)));
  const [count] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from groups g join leagues l on l.id = g.league_id where ${where}`));
  return { groups: rows.map(presentGroup), total: Number(count?.n ?? 0), page: query.page, pageSize: ADMIN_PAGE_SIZE };
}

/** A group with its members. @throws AppError group_not_found. */
export async function getAdminGroup(db: Conn, groupId: string): Promise<AdminGroupDetailResponse> {
  const [row] = rowsOf<GroupRow>(await db.execute(groupSelect(sql`g.id = ${groupId}::uuid`)));
  if (!row) throw errors.groupNotFound();
  const members = rowsOf<{ user_id: string; username: string; role: 'owner' | 'admin' | 'member'; joined_at: string | Date }>(await db.execute(sql`
    select gm.user_id, p.username, gm.role, gm.joined_at from group_members gm join profiles p on p.user_id = gm.user_id
     where gm.group_id = ${groupId}::uuid order by case gm.role when 'owner' then 0 when 'admin' then 1 else 2 end, lower(p.username)`));
  return { group: presentGroup(row), members: members.map((m) => ({ userId: m.user_id, username: m.username, role: m.role, joinedAt: iso(m.joined_at) })) };
}

/** Deactivates or reactivates a group. @throws AppError group_not_found. */
export async function setAdminGroupStatus(db: Conn, groupId: string, status: AdminGroup['status']): Promise<AdminGroupDetailResponse> {
  const updated = rowsOf<{ id: string }>(await db.execute(sql`update groups set status = ${status}, updated_at = now() where id = ${groupId}::uuid returning id`));
  if (updated.length === 0) throw errors.groupNotFound();
  return getAdminGroup(db, groupId);
}

/** Deletes a group with its memberships, predictions and totals. @throws AppError group_not_found. */
export async function deleteAdminGroup(db: Conn, groupId: string): Promise<void> {
  // Its totals have no foreign key (decision 004): deleted in the same transaction, with no fold batch under way.
  const deleted = await db.transaction(async (tx) => {
    await holdFolding(tx);
    // Totals first, while the group is there: their trigger finds its league's mark and its season rows.
    await tx.execute(sql`delete from member_round_totals where group_id = ${groupId}::uuid`);
    return rowsOf<{ id: string }>(await tx.execute(sql`delete from groups where id = ${groupId}::uuid returning id`));
  });
  if (deleted.length === 0) throw errors.groupNotFound();
}
