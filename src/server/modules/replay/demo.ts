/**
 * The demo that is alive: on an empty database's first start, the 2022 World Cup (shipped with Palpite)
 * replayed from a few minutes after start-up at speed 60 (a match in about two minutes), with a public
 * demo group of a dozen simulated members who have predicted every match before its close — seeded,
 * varied, human-looking scores. A newcomer who signs up and joins sees predictions close, goals arrive
 * and the ranking move within minutes.
 *
 * Simulated members (profiles.simulated) have no password and an unverified `.invalid` address: they
 * cannot sign in, never receive mail or push (the notification queries leave them out), are left out of
 * the administrators' people and counts, belong to the demo group only, and are deleted with their
 * membership (trigger simulated_members_leave, migration 0036): with the group, or its league.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal';
import { rowsOf, type Db } from '../../db/client';
import { GROUP_PALETTE } from '../../../domain/group-colors';
import { readReplaySource } from '../../providers/replay/source';
import { generateInviteCode } from '../groups/invite-code';
import { createReplay, type ReplayInfo } from './service';

/** How long after start-up the demo's first match kicks off, in ms. */
export const DEMO_START_DELAY_MS = 3 * 60_000;
/** The demo's speed: a 90-minute match in 90 s, plus 15 s of half time. */
export const DEMO_SPEED = 60;
/** The demo group's name. */
export const DEMO_GROUP_NAME = 'World Cup 2022 — live replay';

/** The simulated members: username and full name (the first owns the group). */
export const DEMO_MEMBERS = [
  ['lucia_m', 'Lucía Morales'], ['mateo10', 'Mateo Fernández'], ['sofia.r', 'Sofia Rossi'], ['joao_pedro', 'João Pedro Lima'],
  ['amara', 'Amara Okafor'], ['kenji_t', 'Kenji Tanaka'], ['fatima_z', 'Fatima Zahra'], ['oliver_b', 'Oliver Brown'],
  ['ines.c', 'Inês Costa'], ['diego_a', 'Diego Alvarez'], ['hannah_k', 'Hannah Keller'], ['tomas_v', 'Tomás Vidal'],
] as const;

/**
 * Scores people predict, most common first and repeated by how often they are picked: 1–0 and 2–1 often,
 * a few bold ones; each member leans home or away by their own seed.
 */
const SCORES = [
  [1, 0], [1, 0], [1, 0], [2, 1], [2, 1], [2, 1], [1, 1], [1, 1], [2, 0], [2, 0], [0, 0], [0, 1], [0, 1], [1, 2],
  [1, 2], [0, 2], [3, 1], [2, 2], [3, 0], [1, 3], [3, 2], [4, 1], [0, 3], [2, 3],
] as const;

/**
 * Creates the demo's replay, group and simulated members, with their predictions, in the database.
 * @param now start-up's instant; the first match kicks off DEMO_START_DELAY_MS later.
 * @returns the replay and the demo group's id.
 */
export async function createDemoReplay(db: Db, now: Date): Promise<{ replay: ReplayInfo; groupId: string }> {
  const { competition, label } = await readReplaySource({ kind: 'bundled', name: 'worldcup-2022' });
  const replay = await createReplay(db, {
    competition, source: label, speed: DEMO_SPEED, startsAt: new Date(now.getTime() + DEMO_START_DELAY_MS), demo: true,
  }, now);
  const groupId = await db.transaction(async (tx) => {
    const ids = DEMO_MEMBERS.map(() => randomUUID());
    await tx.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select id, name, username || '@demo.palpite.invalid', false
        from unnest(${arrayLiteral(ids)}::text[], ${arrayLiteral(DEMO_MEMBERS.map(([, name]) => name))}::text[], ${arrayLiteral(DEMO_MEMBERS.map(([username]) => username))}::text[]) as m(id, name, username)`);
    await tx.execute(sql`
      insert into profiles (user_id, username, full_name, simulated)
      select id, username, name, true
        from unnest(${arrayLiteral(ids)}::text[], ${arrayLiteral(DEMO_MEMBERS.map(([, name]) => name))}::text[], ${arrayLiteral(DEMO_MEMBERS.map(([username]) => username))}::text[]) as m(id, name, username)`);
    const [group] = rowsOf<{ id: string }>(await tx.execute(sql`
      insert into groups (name, description, league_id, visibility, color, invite_code, owner_id)
      values (${DEMO_GROUP_NAME}, ${'The 2022 World Cup played again, goal by goal, a match every few minutes. Join, predict the next matches and watch the ranking move.'},
              ${replay.leagueId}::uuid, 'public', ${GROUP_PALETTE.teal}, ${generateInviteCode()}, ${ids[0]!})
      returning id`));
    await tx.execute(sql`
      insert into group_members (group_id, user_id, role)
      select ${group!.id}::uuid, id, case when ord = 1 then 'owner' else 'member' end::member_role
        from unnest(${arrayLiteral(ids)}::text[]) with ordinality as m(id, ord)`);
    // Every simulated member predicts every match: a score drawn from SCORES by a hash of member and match,
    // flipped for the members who lean away.
    await tx.execute(sql`
      insert into predictions (group_id, user_id, match_id, home_goals, away_goals)
      select ${group!.id}::uuid, u.id, m.id,
             case when abs(hashtext(u.id)) % 3 = 0 then s.away else s.home end,
             case when abs(hashtext(u.id)) % 3 = 0 then s.home else s.away end
        from unnest(${arrayLiteral(ids)}::text[]) as u(id)
        cross join matches m
        cross join lateral (
          select (${sql.raw(`array[${SCORES.map(([home]) => home).join(',')}]`)})[1 + abs(hashtext(u.id || m.id::text)) % ${SCORES.length}] as home,
                 (${sql.raw(`array[${SCORES.map(([, away]) => away).join(',')}]`)})[1 + abs(hashtext(u.id || m.id::text)) % ${SCORES.length}] as away
        ) s
       where m.league_id = ${replay.leagueId}::uuid`);
    return group!.id;
  });
  return { replay, groupId };
}
