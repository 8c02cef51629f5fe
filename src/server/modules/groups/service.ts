/** Groups: create, join by invite code, read, list mine. */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CreateGroupRequest, Group, JoinGroupResponse, MyGroup } from '../../../contracts/groups';
import { PREDICTION_CLOSE_MINUTES, predictionDeadline } from '../../../domain/deadline';
import { groupRanking } from './ranking';
import { createGroupRequest } from '../../../contracts/groups';
import { requestedPoints, scoringRulesRequest } from '../../../contracts/scoring-rules';
import { rowsOf, type Conn, type Db } from '../../db/client';
import { groupMembers, groups, leagues } from '../../db/schema';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { generateInviteCode } from './invite-code';
import { requireMember } from './policy';

const memberCount = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`;

async function loadGroups(db: Conn, viewerId: string, where?: SQL): Promise<Group[]> {
  const rows = await db
    .select({
      id: groups.id, name: groups.name, description: groups.description, visibility: groups.visibility,
      color: groups.color, inviteCode: groups.inviteCode, status: groups.status, createdAt: groups.createdAt,
      leagueId: leagues.id, leagueName: leagues.name, leagueSeason: leagues.season, leagueProvider: leagues.provider,
      memberCount, memberCap: groups.memberCap, wallEnabled: groups.wallEnabled, myRole: groupMembers.role,
    })
    .from(groups)
    .innerJoin(leagues, eq(leagues.id, groups.leagueId))
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, viewerId)))
    .where(where)
    .orderBy(desc(groups.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    league: { id: row.leagueId, name: row.leagueName, season: row.leagueSeason, replay: row.leagueProvider === 'replay' },
    visibility: row.visibility,
    color: row.color,
    // The code is the key to a private group: handed to its owner and admins only (they invite).
    inviteCode: row.myRole === 'member' ? null : row.inviteCode,
    status: row.status,
    memberCount: row.memberCount,
    memberCap: row.memberCap,
    wallEnabled: row.wallEnabled,
    myRole: row.myRole,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Creates a group on a league with the viewer as owner, in one transaction.
 * @throws AppError league_not_found.
 */
export async function createGroup(db: Db, viewer: Viewer, input: CreateGroupRequest): Promise<Group> {
  const body = createGroupRequest.parse(input);
  const scoring = scoringRulesRequest.parse(body.scoring ?? {});
  const points = requestedPoints(scoring);
  const groupId = await db.transaction(async (tx) => {
    const [league] = await tx.select({ id: leagues.id, active: leagues.active }).from(leagues).where(eq(leagues.id, body.leagueId));
    if (!league) throw errors.leagueNotFound();
    if (!league.active) throw errors.leagueInactive();
    for (let attempt = 0; attempt < 5; attempt++) {
      const [created] = await tx
        .insert(groups)
        .values({
          name: body.name, description: body.description || null, leagueId: body.leagueId, visibility: body.visibility,
          color: body.color, inviteCode: generateInviteCode(), ownerId: viewer.userId,
          scoringExact: points.exact, scoringGoalDifference: points.goalDifference, scoringWinner: points.winner,
          scoringOpposite: points.opposite, knockoutBasis: scoring.knockoutBasis,
          jokerMode: scoring.jokers?.mode ?? null, jokersPerSeason: scoring.jokers?.perSeason ?? null,
        })
        .onConflictDoNothing({ target: groups.inviteCode })
        .returning({ id: groups.id });
      if (created) {
        await tx.insert(groupMembers).values({ groupId: created.id, userId: viewer.userId, role: 'owner' });
        return created.id;
      }
    }
    throw new Error('could not draw a free invite code');
  });
  return getGroup(db, viewer, groupId);
}

/**
 * Joins the group with this invite code; a group one is already in is returned unchanged with `alreadyMember`
 * (also when it is deactivated).
 * @param inviteCode normalised (upper case, no spaces or dashes).
 * @throws AppError invalid_invite_code (no such code), group_inactive, group_full (the member cap is reached).
 */
export async function joinGroup(db: Db, viewer: Viewer, inviteCode: string): Promise<JoinGroupResponse> {
  const [group] = await db.select({ id: groups.id, status: groups.status, memberCap: groups.memberCap }).from(groups).where(eq(groups.inviteCode, inviteCode));
  if (!group) throw errors.inviteCodeInvalid();
  const [member] = await db.select({ role: groupMembers.role }).from(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, viewer.userId)));
  if (member) return { group: await getGroup(db, viewer, group.id), alreadyMember: true };
  if (group.status !== 'active') throw errors.groupInactive();
  await db.transaction(async (tx) => {
    // The group row is locked so two people joining at once cannot both take the last place (FOR NO KEY
    // UPDATE: saves of predictions, which hold it FOR KEY SHARE, go on; decision 011).
    await tx.execute(sql`select 1 from groups where id = ${group.id}::uuid for no key update`);
    const [already] = await tx.select({ role: groupMembers.role }).from(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, viewer.userId)));
    if (already) return;
    if (group.memberCap !== null) {
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(groupMembers).where(eq(groupMembers.groupId, group.id));
      if ((row?.n ?? 0) >= group.memberCap) throw errors.groupFull();
    }
    await tx.insert(groupMembers).values({ groupId: group.id, userId: viewer.userId, role: 'member' }).onConflictDoNothing();
  });
  return { group: await getGroup(db, viewer, group.id), alreadyMember: false };
}

/**
 * A group the viewer belongs to.
 * @throws AppError group_not_found, forbidden (see policy.ts).
 */
export async function getGroup(db: Conn, viewer: Viewer, groupId: string): Promise<Group> {
  await requireMember(db, viewer, groupId);
  const [group] = await loadGroups(db, viewer.userId, eq(groups.id, groupId));
  if (!group) throw errors.groupNotFound();
  return group;
}

/**
 * The groups the viewer belongs to, newest first, each with the viewer's rank (from the group's
 * ranking: totals, not predictions) and the next close of its league (none for a deactivated group).
 * @param now the server's clock.
 */
export async function listMyGroups(db: Conn, viewer: Viewer, now: Date = new Date()): Promise<MyGroup[]> {
  const mine = await loadGroups(db, viewer.userId);
  const deadlines = new Map(rowsOf<{ league_id: string; next_kickoff: string | Date | null }>(await db.execute(sql`
    select league_id, min(kickoff) as next_kickoff from matches
     where status = 'scheduled' and kickoff - make_interval(mins => ${PREDICTION_CLOSE_MINUTES}) > ${now.toISOString()}::timestamptz
       and league_id in (select league_id from groups g join group_members gm on gm.group_id = g.id where gm.user_id = ${viewer.userId})
     group by league_id`)).map((row) => [row.league_id, row.next_kickoff]));
  const result: MyGroup[] = [];
  for (const group of mine) {
    const ranking = (await groupRanking(db, group.id)).rows;
    const next = deadlines.get(group.league.id);
    result.push({
      ...group,
      myRank: ranking.find((row) => row.userId === viewer.userId)?.rank ?? ranking.length,
      // A deactivated group takes no predictions: it has no next close.
      nextDeadline: next && group.status === 'active' ? predictionDeadline(new Date(next)).toISOString() : null,
    });
  }
  return result;
}
