/**
 * The SQL scoring of bonus answers (resolve.ts scoreBonusAnswers) against the domain's rule
 * (src/domain/bonus.ts scoreBonusAnswer), answer by answer, for every kind of question and solution, and
 * the members' bonus totals it writes.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../tests/helpers/app';
import { scoreBonusAnswer, type BonusAnswer, type BonusQuestion, type BonusSolution } from '../../../domain/bonus';
import { rowsOf } from '../../db/client';
import { groupMembers, groups, leagues, user } from '../../db/schema';
import { bonusMismatches } from '../scoring/consistency';
import { scoreBonusAnswers } from './resolve';

const database = useTestDatabase();

/** Questions, each with a solution and the answers to score against it. */
const CASES: { question: BonusQuestion; solution: BonusSolution; answers: BonusAnswer[] }[] = [
  {
    question: { answer: 'team', subject: { kind: 'champion' }, points: 15 },
    solution: { kind: 'teams', teams: ['Argentina'] },
    answers: [{ kind: 'team', team: 'Argentina' }, { kind: 'team', team: 'France' }, { kind: 'team', team: 'argentina' }],
  },
  {
    // Teams level on goals: each of them is right.
    question: { answer: 'team', subject: { kind: 'top_scoring_team' }, points: 8 },
    solution: { kind: 'teams', teams: ['France', 'Spain'] },
    answers: [{ kind: 'team', team: 'Spain' }, { kind: 'team', team: 'France' }, { kind: 'team', team: 'Brazil' }],
  },
  {
    question: { answer: 'teams', subject: { kind: 'semi_finalists' }, points: 5, picks: 4 },
    solution: { kind: 'teams', teams: ['Argentina', 'Croatia', 'France', 'Morocco'] },
    answers: [
      { kind: 'teams', teams: ['Argentina', 'Croatia', 'France', 'Morocco'] },
      { kind: 'teams', teams: ['Argentina', 'Brazil', 'England', 'Portugal'] },
      { kind: 'teams', teams: ['Brazil', 'England', 'Portugal', 'Spain'] },
      { kind: 'teams', teams: ['Morocco', 'France', 'Spain', 'Brazil'] },
    ],
  },
  {
    question: { answer: 'number', subject: { kind: 'total_goals' }, points: 10, nearPoints: 5, nearWithin: 5 },
    solution: { kind: 'number', value: 172 },
    answers: [{ kind: 'number', value: 172 }, { kind: 'number', value: 167 }, { kind: 'number', value: 177 }, { kind: 'number', value: 178 }, { kind: 'number', value: 0 }],
  },
  {
    question: { answer: 'number', subject: { kind: 'admin' }, points: 4 },
    solution: { kind: 'number', value: 3 },
    answers: [{ kind: 'number', value: 3 }, { kind: 'number', value: 4 }],
  },
  {
    question: { answer: 'choice', subject: { kind: 'admin' }, points: 7, options: ['Home', 'Away', 'Third'] },
    solution: { kind: 'choice', option: 'Away' },
    answers: [{ kind: 'choice', option: 'Away' }, { kind: 'choice', option: 'Home' }],
  },
];

describe('bonus answers scored in SQL', () => {
  it('gives every answer the points the domain gives it, and each member the sum', async () => {
    const db = database().db;
    const [league] = await db.insert(leagues).values({ name: 'Scoring Cup', season: '2026', kind: 'tournament', provider: 'test', externalId: 'scoring-cup' }).returning();
    const people = Array.from({ length: 5 }, (_, i) => ({ id: `bonus-member-${i}`, name: `m${i}`, email: `m${i}@example.com` }));
    await db.insert(user).values(people);
    const [group] = await db.insert(groups).values({ name: 'Scoring', leagueId: league!.id, color: 'green', inviteCode: 'SCORING2', ownerId: people[0]!.id }).returning();
    await db.insert(groupMembers).values(people.map((p) => ({ groupId: group!.id, userId: p.id })));

    const expected = new Map<string, number>();
    const answered: { questionId: string; userId: string; points: number }[] = [];
    for (const [index, { question, solution, answers }] of CASES.entries()) {
      const [row] = rowsOf<{ id: string }>(await db.execute(sql`
        insert into bonus_questions (group_id, league_id, position, text, answer, subject, points, picks, near_points, near_within, options, closes_at, solution, resolution)
        values (${group!.id}::uuid, ${league!.id}::uuid, ${index}, 'Case', ${question.answer}, ${JSON.stringify(question.subject)}::jsonb, ${question.points},
                ${question.picks ?? null}, ${question.nearPoints ?? null}, ${question.nearWithin ?? null},
                ${question.options ? JSON.stringify(question.options) : null}::jsonb, now(), ${JSON.stringify(solution)}::jsonb, 'admin')
        returning id`));
      for (const [i, answer] of answers.entries()) {
        const userId = people[i]!.id;
        await db.execute(sql`insert into bonus_answers (question_id, user_id, group_id, answer) values (${row!.id}::uuid, ${userId}, ${group!.id}::uuid, ${JSON.stringify(answer)}::jsonb)`);
        const points = scoreBonusAnswer(question, answer, solution);
        answered.push({ questionId: row!.id, userId, points });
        expected.set(userId, (expected.get(userId) ?? 0) + points);
      }
    }
    // The cases reach every branch: full, partial, near and no points.
    expect(new Set(answered.map((a) => a.points))).toEqual(new Set([15, 0, 8, 20, 10, 5, 4, 7]));

    await scoreBonusAnswers(db, [...new Set(answered.map((a) => a.questionId))]);
    const scored = rowsOf<{ question_id: string; user_id: string; points: number }>(await db.execute(sql`select question_id, user_id, points from bonus_answers`));
    const key = (a: { questionId?: string; question_id?: string; userId?: string; user_id?: string }) => `${a.questionId ?? a.question_id} ${a.userId ?? a.user_id}`;
    expect(Object.fromEntries(scored.map((row) => [key(row), row.points]))).toEqual(Object.fromEntries(answered.map((a) => [key(a), a.points])));
    const totals = rowsOf<{ user_id: string; points: number }>(await db.execute(sql`select user_id, points from member_bonus_totals where group_id = ${group!.id}::uuid`));
    expect(Object.fromEntries(totals.map((row) => [row.user_id, row.points]))).toEqual(Object.fromEntries([...expected].filter(([, points]) => points !== 0)));
    expect(await bonusMismatches(db)).toEqual([]);
    // The check finds a total that drifted, and an answer scored while its question is undecided.
    await db.execute(sql`update member_bonus_totals set points = points + 1 where user_id = ${people[0]!.id}`);
    expect(await bonusMismatches(db)).toEqual([{ groupId: group!.id, userId: people[0]!.id, stored: expected.get(people[0]!.id)! + 1, recomputed: expected.get(people[0]!.id)! }]);
    await db.execute(sql`update member_bonus_totals set points = points - 1 where user_id = ${people[0]!.id}`);

    // Undecided again: no points, no totals.
    await db.execute(sql`update bonus_questions set solution = null, resolution = null`);
    await scoreBonusAnswers(db, [...new Set(answered.map((a) => a.questionId))]);
    expect(rowsOf<{ points: number | null }>(await db.execute(sql`select points from bonus_answers`)).every((row) => row.points === null)).toBe(true);
    expect(rowsOf(await db.execute(sql`select 1 from member_bonus_totals`))).toEqual([]);
    expect(await bonusMismatches(db)).toEqual([]);
    await db.execute(sql`update bonus_answers set points = 3 where user_id = ${people[1]!.id}`);
    expect((await bonusMismatches(db)).filter((m) => m.stored === -1).length).toBe(CASES.filter((c) => c.answers.length > 1).length);
  });
});
