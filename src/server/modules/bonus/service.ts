/**
 * A group's bonus questions (src/domain/bonus.ts): the owner and admins add them (one at a time or a preset
 * set), change their wording, points and close while they are open, delete them, and decide the ones the
 * league's results cannot (resolve.ts decides the rest); members answer until each question's close, by the
 * server's clock. Another member's answer is sent only once its question has closed. Every change by an
 * admin is recorded in the group's activity.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { BonusQuestion as BonusQuestionDto, BonusResponse, bonusPresetsRequest, bonusQuestionRequest } from '../../../contracts/bonus';
import {
  BonusAnswerError, checkBonusAnswer, defaultBonusClose, latestBonusClose, leaguePresets, solutionKindOf, SUBJECT_ANSWERS,
  TOURNAMENT_PRESETS, type BonusAnswer, type BonusFixture, type BonusQuestion, type BonusSolution, type BonusSubject,
} from '../../../domain/bonus';
import { roundParts } from '../../../domain/rounds';
import { arrayLiteral } from '../../db/array-literal';
import { rowsOf, type Conn, type Db } from '../../db/client';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { requireActiveMember, requireMember, type GroupAccess } from '../groups/policy';
import { leagueFixtures, teamsOf } from './fixtures';
import { scoreBonusAnswers } from './resolve';

type QuestionBody = z.output<typeof bonusQuestionRequest>;
type PresetsBody = z.output<typeof bonusPresetsRequest>;

/** A bonus_questions row as read here. */
interface QuestionRow {
  id: string; group_id: string; position: number; preset: BonusQuestionDto['preset']; text: string | null;
  answer: BonusQuestion['answer']; subject: BonusSubject; points: number; picks: number | null;
  near_points: number | null; near_within: number | null; options: string[] | null; closes_at: string | Date;
  solution: BonusSolution | null; resolution: 'data' | 'admin' | null;
}

const QUESTION_COLUMNS = sql`id, group_id, position, preset, text, answer, subject, points, picks, near_points, near_within, options, closes_at, solution, resolution`;

/** The question as the domain's rules read it. */
function ruleOf(row: QuestionRow): BonusQuestion {
  return {
    answer: row.answer, subject: row.subject, points: row.points, picks: row.picks ?? undefined,
    nearPoints: row.near_points ?? undefined, nearWithin: row.near_within ?? undefined, options: row.options ?? undefined,
  };
}

/** The viewer's access when they are the group's owner or an admin, the group active. @throws forbidden, group_inactive. */
async function requireManager(conn: Conn, viewer: Viewer, groupId: string): Promise<GroupAccess> {
  const access = await requireActiveMember(conn, viewer, groupId);
  if (access.role === 'member') throw errors.forbidden('Only the group’s owner and admins can manage its bonus questions.');
  return access;
}

async function record(conn: Conn, groupId: string, actorId: string, action: string, detail: Record<string, unknown>) {
  await conn.execute(sql`insert into group_activity (group_id, actor_id, action, detail) values (${groupId}::uuid, ${actorId}, ${action}, ${JSON.stringify(detail)}::jsonb)`);
}

/** The group's question `questionId`, locked for the transaction as `lock` says. @throws bonus_question_not_found. */
async function questionOf(conn: Conn, groupId: string, questionId: string, lock: false | 'update' | 'key share' = false): Promise<QuestionRow> {
  const [row] = rowsOf<QuestionRow>(await conn.execute(sql`
    select ${QUESTION_COLUMNS} from bonus_questions where id = ${questionId}::uuid and group_id = ${groupId}::uuid
    ${lock === 'update' ? sql`for update` : lock === 'key share' ? sql`for key share` : sql``}`));
  if (!row) throw errors.bonusQuestionNotFound();
  return row;
}

/**
 * When a question closes: the instant asked for, else the league's first kickoff − 15 minutes; it must be
 * later than `now` and no later than the instant the fixtures could tell its answer (latestBonusClose).
 * @throws validation_failed saying which.
 */
function closeOf(subject: BonusSubject, asked: string | undefined, fixtures: readonly BonusFixture[], now: Date): Date {
  const first = defaultBonusClose(fixtures);
  if (!asked && !first) throw errors.validation('This league has no fixtures yet: bonus questions need them.');
  const closesAt = asked ? new Date(asked) : first!;
  if (closesAt.getTime() <= now.getTime()) {
    throw errors.validation(asked
      ? 'A question must close in the future.'
      : 'The league’s first predictions have closed: choose when this question closes (closesAt).');
  }
  const latest = latestBonusClose(subject, fixtures);
  if (latest && closesAt.getTime() > latest.getTime()) {
    throw errors.validation(`This question must close by ${latest.toISOString()}: after that the results could tell its answer.`);
  }
  return closesAt;
}

/**
 * Checks that a question fits the league: its kind of answer fits what decides it, a round it names
 * exists, it asks for no more teams than the league has.
 * @throws validation_failed naming what is wrong.
 */
function checkQuestion(body: Pick<QuestionBody, 'answer' | 'subject' | 'picks'>, fixtures: readonly BonusFixture[]): void {
  const teams = teamsOf(fixtures).length;
  if (!SUBJECT_ANSWERS[body.subject.kind].includes(body.answer)) {
    throw errors.validation(`A ${body.subject.kind.replace(/_/g, ' ')} question takes ${SUBJECT_ANSWERS[body.subject.kind].join(' or ')} as its answer.`);
  }
  if (body.answer !== 'teams' && body.picks !== undefined) throw errors.validation('Only a question answered with several teams has picks.');
  if (body.picks !== undefined && body.picks > teams) throw errors.validation(`This league has ${teams} teams.`);
  // As many picks as the set has teams, at most: four semi-finalists, the relegated teams.
  const setSize = body.subject.kind === 'semi_finalists' ? 4 : body.subject.kind === 'relegated' ? body.subject.teams : null;
  if (body.picks !== undefined && setSize !== null && body.picks > setSize) throw errors.validation(`This question's answer has ${setSize} teams: name at most ${setSize}.`);
  if (body.subject.kind === 'relegated' && body.subject.teams >= teams) throw errors.validation(`This league has ${teams} teams.`);
  if (body.subject.kind === 'reaches_round') {
    const key = JSON.stringify(roundParts(body.subject.round));
    if (!fixtures.some((fixture) => JSON.stringify(roundParts(fixture.roundName)) === key)) {
      throw errors.validation(`This league has no round named ${body.subject.round}.`);
    }
  }
}

/** Inserts questions after the group's last one; @returns their ids in order. */
async function insertQuestions(conn: Conn, access: GroupAccess, questions: readonly (Omit<QuestionBody, 'closesAt'> & { closesAt: Date })[]): Promise<string[]> {
  const ids: string[] = [];
  const [last] = rowsOf<{ position: number | null }>(await conn.execute(sql`
    select max(position) as position from bonus_questions where group_id = ${access.groupId}::uuid`));
  let position = Number(last?.position ?? -1);
  for (const q of questions) {
    position += 1;
    const [row] = rowsOf<{ id: string }>(await conn.execute(sql`
      insert into bonus_questions (group_id, league_id, position, preset, text, answer, subject, points, picks, near_points, near_within, options, closes_at)
      values (${access.groupId}::uuid, ${access.leagueId}::uuid, ${position}, ${q.preset ?? null}, ${q.preset ? null : q.text ?? null},
              ${q.answer}, ${JSON.stringify(q.subject)}::jsonb, ${q.points}, ${q.picks ?? null}, ${q.nearPoints ?? null},
              ${q.nearWithin ?? null}, ${q.options ? JSON.stringify(q.options) : null}::jsonb, ${q.closesAt.toISOString()}::timestamptz)
      returning id`));
    ids.push(row!.id);
  }
  return ids;
}

/**
 * The group's bonus questions as `viewer` may see them: each with the viewer's answer; every member's
 * answer only once the question has closed (by `now`); the solution and points once decided.
 * @throws AppError group_not_found, forbidden (see groups/policy.ts).
 */
export async function groupBonus(db: Conn, viewer: Viewer, groupId: string, now: Date): Promise<BonusResponse> {
  const access = await requireMember(db, viewer, groupId);
  const rows = rowsOf<QuestionRow>(await db.execute(sql`
    select ${QUESTION_COLUMNS} from bonus_questions where group_id = ${groupId}::uuid order by position, id`));
  const closed = rows.filter((row) => new Date(row.closes_at).getTime() <= now.getTime()).map((row) => row.id);
  const [mine, others, totals, fixtures] = await Promise.all([
    db.execute(sql`select question_id, answer, points from bonus_answers where group_id = ${groupId}::uuid and user_id = ${viewer.userId}`),
    closed.length === 0 ? Promise.resolve({ rows: [] }) : db.execute(sql`
      select a.question_id, a.user_id, p.username, a.answer, a.points
        from bonus_answers a join profiles p on p.user_id = a.user_id
       where a.question_id = any(${arrayLiteral(closed)}::uuid[])
       order by lower(p.username), a.user_id`),
    db.execute(sql`select points from member_bonus_totals where group_id = ${groupId}::uuid and user_id = ${viewer.userId}`),
    // The league's teams, for answering: only when there is something to answer.
    rows.length === 0 ? Promise.resolve([]) : leagueFixtures(db, access.leagueId),
  ]);
  const myAnswers = new Map(rowsOf<{ question_id: string; answer: BonusAnswer; points: number | null }>(mine).map((row) => [row.question_id, row]));
  const answersOf = new Map<string, BonusQuestionDto['answers'] & object>();
  for (const row of rowsOf<{ question_id: string; user_id: string; username: string; answer: BonusAnswer; points: number | null }>(others)) {
    const list = answersOf.get(row.question_id) ?? [];
    list.push({ userId: row.user_id, username: row.username, answer: row.answer as never, points: row.points });
    answersOf.set(row.question_id, list);
  }
  const questions = rows.map((row): BonusQuestionDto => {
    const isClosed = closed.includes(row.id);
    const own = myAnswers.get(row.id);
    return {
      id: row.id, preset: row.preset, text: row.text, answer: row.answer, subject: row.subject as never, points: row.points,
      picks: row.picks, nearPoints: row.near_points, nearWithin: row.near_within, options: row.options,
      closesAt: new Date(row.closes_at).toISOString(), closed: isClosed,
      solution: row.solution as never, resolution: row.resolution,
      mine: own ? { answer: own.answer as never, points: own.points } : null,
      answers: isClosed ? answersOf.get(row.id) ?? [] : null,
    };
  });
  const [total] = rowsOf<{ points: number }>(totals);
  return { questions, teams: teamsOf(fixtures), canManage: access.role !== 'member', points: Number(total?.points ?? 0) };
}

/**
 * Adds one question (owner or admin; active group).
 * @throws AppError group_not_found, forbidden, group_inactive, validation_failed (the question does not fit the league, or its close).
 * @returns the new question's id.
 */
export async function addBonusQuestion(db: Db, viewer: Viewer, groupId: string, body: QuestionBody, now: Date): Promise<string> {
  if (body.preset !== undefined) throw errors.validation('Preset questions are added as a set (bonus/presets); a question of your own has its own wording (text).');
  return db.transaction(async (tx) => {
    const access = await requireManager(tx, viewer, groupId);
    const fixtures = await leagueFixtures(tx, access.leagueId);
    checkQuestion(body, fixtures);
    const closesAt = closeOf(body.subject, body.closesAt, fixtures, now);
    const [id] = await insertQuestions(tx, access, [{ ...body, closesAt }]);
    await record(tx, groupId, viewer.userId, 'bonus_question_added', { questionId: id, preset: body.preset ?? null, text: body.text ?? null });
    return id!;
  });
}

/**
 * Adds a preset set (src/domain/bonus.ts): a tournament's, or a league season's with `relegated` teams
 * going down, all closing at the same instant.
 * @throws as addBonusQuestion.
 * @returns the new questions' ids.
 */
export async function addBonusPresets(db: Db, viewer: Viewer, groupId: string, body: PresetsBody, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const access = await requireManager(tx, viewer, groupId);
    const fixtures = await leagueFixtures(tx, access.leagueId);
    // A preset the group already asks is not asked twice (a second tap adds nothing).
    const asked = new Set(rowsOf<{ preset: string }>(await tx.execute(sql`
      select preset from bonus_questions where group_id = ${groupId}::uuid and preset is not null`)).map((row) => row.preset));
    const presets = (body.set === 'tournament' ? TOURNAMENT_PRESETS : leaguePresets(body.relegated)).filter((preset) => !asked.has(preset.key));
    const questions = presets.map((preset) => {
      const question: QuestionBody = {
        preset: preset.key, answer: preset.answer, subject: preset.subject as QuestionBody['subject'], points: preset.points,
        picks: preset.picks, nearPoints: preset.nearPoints, nearWithin: preset.nearWithin,
      };
      checkQuestion(question, fixtures);
      return { ...question, closesAt: closeOf(preset.subject, body.closesAt, fixtures, now) };
    });
    const ids = questions.length === 0 ? [] : await insertQuestions(tx, access, questions);
    if (ids.length > 0) await record(tx, groupId, viewer.userId, 'bonus_presets_added', { set: body.set, questions: ids.length });
    return ids;
  });
}

/** What may change in a question while it is open. */
export interface BonusQuestionChange { text?: string; points?: number; nearPoints?: number; nearWithin?: number; closesAt?: string }

/**
 * Changes an open question's wording (its own, not a preset's), points or close (owner or admin).
 * @throws AppError bonus_question_not_found, bonus_closed, validation_failed, and the access errors.
 */
export async function changeBonusQuestion(db: Db, viewer: Viewer, groupId: string, questionId: string, change: BonusQuestionChange, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await requireManager(tx, viewer, groupId);
    const row = await questionOf(tx, groupId, questionId, 'update');
    const closesAt = new Date(row.closes_at);
    if (closesAt.getTime() <= now.getTime()) throw errors.bonusClosed(closesAt);
    if (change.text !== undefined && row.preset) throw errors.validation('A preset question keeps its wording.');
    if ((change.nearPoints !== undefined || change.nearWithin !== undefined) && row.answer !== 'number') {
      throw errors.validation('Only a number question has points for a near answer.');
    }
    if ((change.nearPoints ?? row.near_points) === null !== ((change.nearWithin ?? row.near_within) === null)) {
      throw errors.validation('Points for a near answer need both nearPoints and nearWithin.');
    }
    const nextClose = change.closesAt === undefined ? closesAt : closeOf(row.subject, change.closesAt, await leagueFixtures(tx, access.leagueId), now);
    await tx.execute(sql`
      update bonus_questions set text = ${change.text ?? row.text}, points = ${change.points ?? row.points},
             near_points = ${change.nearPoints ?? row.near_points}, near_within = ${change.nearWithin ?? row.near_within},
             closes_at = ${nextClose.toISOString()}::timestamptz, updated_at = now()
       where id = ${questionId}::uuid`);
    await record(tx, groupId, viewer.userId, 'bonus_question_changed', { questionId, fields: Object.keys(change) });
  });
}

/**
 * Deletes an open question and its answers (owner or admin).
 * @throws AppError bonus_question_not_found, bonus_closed (409: a closed question stays), and the access errors.
 */
export async function deleteBonusQuestion(db: Db, viewer: Viewer, groupId: string, questionId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await requireManager(tx, viewer, groupId);
    const row = await questionOf(tx, groupId, questionId, 'update');
    // Once closed its answers are everyone's to see and count: it stays.
    const closesAt = new Date(row.closes_at);
    if (closesAt.getTime() <= now.getTime()) throw errors.bonusClosed(closesAt);
    // Unscored first (one statement rewrites the group's totals without them), then gone.
    await tx.execute(sql`update bonus_questions set solution = null, resolution = null where id = ${questionId}::uuid`);
    if (row.solution) await scoreBonusAnswers(tx, [questionId]);
    await tx.execute(sql`delete from bonus_questions where id = ${questionId}::uuid`);
    await record(tx, groupId, viewer.userId, 'bonus_question_deleted', { questionId, preset: row.preset, text: row.text });
  });
}

/**
 * Saves the viewer's answer to an open question (a member of the active group), replacing an earlier one.
 * @throws AppError bonus_question_not_found, bonus_closed (409, by the server's clock), validation_failed
 *   (an unknown team or option, the wrong kind or number of teams), and the access errors.
 */
export async function answerBonusQuestion(db: Db, viewer: Viewer, groupId: string, questionId: string, answer: BonusAnswer, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await requireActiveMember(tx, viewer, groupId);
    // The group and the membership, in the order a prediction save takes them: a removal of the member (it
    // locks the group FOR UPDATE, then deletes the answers) waits for this save, or this finds them gone.
    const member = rowsOf(await tx.execute(sql`
      select 1 from groups g join group_members gm on gm.group_id = g.id
       where g.id = ${groupId}::uuid and gm.user_id = ${viewer.userId} for key share of g, gm`));
    if (member.length === 0) throw errors.groupNotFound();
    // The question too: deleted meanwhile, it is not found (rather than the answer's insert failing).
    const row = await questionOf(tx, groupId, questionId, 'key share');
    const closesAt = new Date(row.closes_at);
    if (closesAt.getTime() <= now.getTime()) throw errors.bonusClosed(closesAt);
    let checked: BonusAnswer;
    try {
      checked = checkBonusAnswer(ruleOf(row), answer, teamsOf(await leagueFixtures(tx, access.leagueId)));
    } catch (error) {
      if (error instanceof BonusAnswerError) throw errors.validation(error.message);
      throw error;
    }
    // The close is checked again by the statement, against the row as it is now (a close moved meanwhile).
    const saved = rowsOf(await tx.execute(sql`
      insert into bonus_answers (question_id, user_id, group_id, answer)
      select ${questionId}::uuid, ${viewer.userId}, ${groupId}::uuid, ${JSON.stringify(checked)}::jsonb
       where exists (select 1 from bonus_questions where id = ${questionId}::uuid and closes_at > ${now.toISOString()}::timestamptz)
      on conflict (question_id, user_id) do update set answer = excluded.answer, updated_at = now()
      returning 1`));
    if (saved.length === 0) throw errors.bonusClosed(closesAt);
  });
}

/**
 * Decides a closed question by hand (owner or admin): a question of the admin's own, or one the league's
 * results cannot decide once every fixture is over (a later result that decides it replaces this). Its
 * answers are scored and the group's bonus totals rewritten at once; recorded in the group's activity.
 * @throws AppError bonus_open (still open), bonus_decided (the results decided it), bonus_awaiting_results
 *   (fixtures still to play may decide it), validation_failed (a solution of the wrong kind, an unknown
 *   team or option), and the access errors.
 */
export async function resolveBonusQuestion(db: Db, viewer: Viewer, groupId: string, questionId: string, solution: BonusSolution, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await requireManager(tx, viewer, groupId);
    const row = await questionOf(tx, groupId, questionId, 'update');
    if (new Date(row.closes_at).getTime() > now.getTime()) throw errors.bonusOpen();
    if (row.resolution === 'data') throw errors.bonusDecided();
    // Read once: whether fixtures are still to play, and the league's teams.
    const fixtures = row.subject.kind !== 'admin' || solution.kind === 'teams' ? await leagueFixtures(tx, access.leagueId) : [];
    // The results decide it once they can: by hand only when every fixture is over and they still cannot.
    if (row.subject.kind !== 'admin' && fixtures.some((fixture) => fixture.status === 'scheduled' || fixture.status === 'live')) {
      throw errors.bonusAwaitingResults();
    }
    const kind = solutionKindOf(row.answer);
    if (solution.kind !== kind) throw errors.validation(`This question is decided by ${kind === 'teams' ? 'teams' : `a ${kind}`}.`);
    if (solution.kind === 'teams') {
      const known = new Set(teamsOf(fixtures));
      const unknown = solution.teams.find((team) => !known.has(team));
      if (unknown !== undefined) throw errors.validation(`${unknown} is not a team of this league.`);
    }
    if (solution.kind === 'choice' && !(row.options ?? []).includes(solution.option)) {
      throw errors.validation(`${solution.option} is not one of this question's options.`);
    }
    await tx.execute(sql`
      update bonus_questions set solution = ${JSON.stringify(solution)}::jsonb, resolution = 'admin', resolved_at = ${now.toISOString()}::timestamptz,
             updated_at = now()
       where id = ${questionId}::uuid`);
    await scoreBonusAnswers(tx, [questionId]);
    await record(tx, groupId, viewer.userId, 'bonus_question_resolved', { questionId, solution });
  });
}
