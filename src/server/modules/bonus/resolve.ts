/**
 * Deciding bonus questions and counting their points: a question's answers are scored in one statement
 * (the SQL form of src/domain/bonus.ts scoreBonusAnswer, checked against it in resolve.test.ts), and the
 * members' bonus totals of the groups concerned are rewritten from their answers in the same transaction
 * (member_bonus_totals: what a ranking reads, decision 004).
 *
 * The league's results decide what they can (resolveLeagueBonus, called by scoring/score-matches.ts with
 * every result change, a correction included), for closed questions only: a question still open is never
 * given its answer. A group admin decides the rest (service.ts).
 */
import { sql } from 'drizzle-orm';
import { resolveBonusSubject, type BonusSubject } from '../../../domain/bonus';
import { arrayLiteral } from '../../db/array-literal';
import { rowsOf, type Conn } from '../../db/client';
import { leagueFixtures } from './fixtures';

/** The advisory lock (BONUS_LOCK_KEY, hashtext(league id)) of a league's bonus decisions. */
export const BONUS_LOCK_KEY = 7_240_614;

/** Ids as one uuid[] parameter. */
const uuids = (ids: readonly string[]) => sql`${arrayLiteral(ids)}::uuid[]`;

/**
 * Scores every answer of the questions from their question's solution (null points while undecided), then
 * rewrites the bonus totals of their groups.
 * - a 'team' answer: the points when its team is among the solution's teams;
 * - a 'teams' answer: the points for each different team among them;
 * - a 'number' answer: the points when exact, the near points within ±near_within;
 * - a 'choice' answer: the points when it is the solution's option.
 */
export async function scoreBonusAnswers(conn: Conn, questionIds: readonly string[]): Promise<void> {
  if (questionIds.length === 0) return;
  // The groups first, in id order (FOR NO KEY UPDATE: prediction and answer saves, FOR KEY SHARE, go on):
  // two scorings of one group take turns (each rewrites its totals whole), and a member's removal (it locks
  // the group FOR UPDATE, then deletes their answers) is never waited on while answers are held.
  await conn.execute(sql`
    select 1 from groups where id in (select group_id from bonus_questions where id = any(${uuids(questionIds)})) order by id for no key update`);
  await conn.execute(sql`
    update bonus_answers a set points = case
        when q.solution is null then null
        when q.solution->>'kind' = 'teams' and a.answer->>'kind' = 'team'
          then case when jsonb_exists(q.solution->'teams', a.answer->>'team') then q.points else 0 end
        when q.solution->>'kind' = 'teams' and a.answer->>'kind' = 'teams'
          then q.points * (select count(distinct t.team)::int from jsonb_array_elements_text(a.answer->'teams') t(team)
                            where jsonb_exists(q.solution->'teams', t.team))
        when q.solution->>'kind' = 'number' and a.answer->>'kind' = 'number'
          then case when (a.answer->>'value')::int = (q.solution->>'value')::int then q.points
                    when q.near_within is not null and abs((a.answer->>'value')::int - (q.solution->>'value')::int) <= q.near_within
                      then coalesce(q.near_points, 0)
                    else 0 end
        when q.solution->>'kind' = 'choice' and a.answer->>'kind' = 'choice'
          then case when a.answer->>'option' = q.solution->>'option' then q.points else 0 end
        else 0 end
      from bonus_questions q
     where q.id = a.question_id and q.id = any(${uuids(questionIds)})`);
  const groups = rowsOf<{ group_id: string }>(await conn.execute(sql`
    select distinct group_id from bonus_questions where id = any(${uuids(questionIds)})`)).map((row) => row.group_id);
  await rewriteBonusTotals(conn, groups);
}

/** Rewrites the groups' member_bonus_totals from their members' scored answers (no row: 0 points). */
export async function rewriteBonusTotals(conn: Conn, groupIds: readonly string[]): Promise<void> {
  if (groupIds.length === 0) return;
  await conn.execute(sql`delete from member_bonus_totals where group_id = any(${uuids(groupIds)})`);
  await conn.execute(sql`
    insert into member_bonus_totals (group_id, user_id, points)
    select group_id, user_id, sum(points)::int from bonus_answers
     where group_id = any(${uuids(groupIds)}) and points is not null
     group by group_id, user_id
    having sum(points) <> 0`);
}

/**
 * Decides, from the league's fixtures, every closed question of the league's groups the results can decide,
 * and scores them: a solution found (or changed by a correction) is written with resolution 'data'; a
 * solution the results no longer give (a result taken back) is cleared, unless an admin decided it.
 * One statement when the league has no such question.
 * @param now the server's clock (UTC): questions closing later are left open and undecided.
 * @returns the ids of the questions whose solution changed.
 */
export async function resolveLeagueBonus(conn: Conn, leagueId: string, now: Date): Promise<string[]> {
  const subjects = rowsOf<{ subject: BonusSubject }>(await conn.execute(sql`
    select distinct subject from bonus_questions
     where league_id = ${leagueId}::uuid and subject->>'kind' <> 'admin' and closes_at <= ${now.toISOString()}::timestamptz`));
  if (subjects.length === 0) return [];
  // One decision of a league at a time, until its transaction ends: two results saved side by side (the
  // season's last two) would otherwise each read the fixtures without the other's, and neither decide.
  await conn.execute(sql`select pg_advisory_xact_lock(${BONUS_LOCK_KEY}, hashtext(${leagueId}))`);
  const fixtures = await leagueFixtures(conn, leagueId);
  const [league] = rowsOf<{ kind: string }>(await conn.execute(sql`select kind from leagues where id = ${leagueId}::uuid`));
  const tournament = league?.kind === 'tournament';
  const decided = subjects.map(({ subject }) => ({ subject: JSON.stringify(subject), solution: JSON.stringify(resolveBonusSubject(subject, fixtures, { tournament })) }));
  const values = sql.join(decided.map((d) => sql`(${d.subject}::jsonb, ${d.solution}::jsonb)`), sql`, `);
  const changed = rowsOf<{ id: string }>(await conn.execute(sql`
    update bonus_questions q
       set solution = case when v.solution = 'null'::jsonb then null else v.solution end,
           resolution = case when v.solution = 'null'::jsonb then null else 'data'::bonus_resolution end,
           resolved_at = case when v.solution = 'null'::jsonb then null else ${now.toISOString()}::timestamptz end,
           updated_at = now()
      from (values ${values}) v(subject, solution)
     where q.league_id = ${leagueId}::uuid and q.subject = v.subject and q.closes_at <= ${now.toISOString()}::timestamptz
       and ((v.solution <> 'null'::jsonb and (q.resolution is distinct from 'data' or q.solution is distinct from v.solution))
            or (v.solution = 'null'::jsonb and q.resolution = 'data'))
    returning q.id`)).map((row) => row.id);
  await scoreBonusAnswers(conn, changed);
  return changed;
}
