/**
 * Whether open event streams may stay open: a stream was authorised when it opened (session, membership),
 * and the hub checks every open stream again now and then in one statement, ending those whose session was
 * signed out or expired, whose account was disabled, or whose member left or was removed from the group.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

/** What a stream was opened with: the person, their session's token, and the group (null: all my groups). */
export interface StreamAccess {
  userId: string;
  sessionToken: string;
  groupId: string | null;
}

/**
 * The positions in `accesses` that are no longer allowed (session gone or expired, account disabled, not
 * a member of the group any more). One statement, whatever the number of streams.
 * @throws when the database cannot be reached (the caller keeps the streams open and tries again later).
 */
export async function revokedStreams(db: Db, accesses: readonly StreamAccess[]): Promise<number[]> {
  if (accesses.length === 0) return [];
  // One JSON parameter, not three per stream (PostgreSQL takes at most 65,535 parameters a statement).
  const list = JSON.stringify(accesses.map((a) => [a.userId, a.sessionToken, a.groupId]));
  const rows = rowsOf<{ position: number }>(await db.execute(sql`
    select (s.position - 1)::int as position
      from (select e.position, e.item ->> 0 as user_id, e.item ->> 1 as token, (e.item ->> 2)::uuid as group_id
              from jsonb_array_elements(${list}::jsonb) with ordinality as e(item, position)) s
     where not exists (select 1 from session x where x.token = s.token and x.user_id = s.user_id and x.expires_at > now())
        or exists (select 1 from profiles p where p.user_id = s.user_id and p.disabled_at is not null)
        or (s.group_id is not null and not exists (
              select 1 from group_members gm where gm.group_id = s.group_id and gm.user_id = s.user_id))`));
  return rows.map((row) => Number(row.position));
}
