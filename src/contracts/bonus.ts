/**
 * Bonus questions of a group (src/domain/bonus.ts): what a group admin adds (one question, or a preset set
 * for a tournament or a league season), what a member answers, what the admin decides, and what the group
 * page reads. Answers of others are only ever sent once their question has closed.
 */
import { z } from 'zod';
import { BONUS_ANSWER_KINDS } from '../domain/bonus';
import { requestInstant, instant, uuidParam } from './common';

/** A team as the league's fixtures name it. */
const teamName = z.string().trim().min(1).max(100);

/** What decides a question (src/domain/bonus.ts BonusSubject). */
export const bonusSubject = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('champion') }),
  z.object({ kind: z.literal('runner_up') }),
  z.object({ kind: z.literal('semi_finalists') }),
  z.object({ kind: z.literal('reaches_round'), round: z.string().trim().min(1).max(100) }),
  z.object({ kind: z.literal('top_scoring_team') }),
  z.object({ kind: z.literal('best_defence') }),
  z.object({ kind: z.literal('total_goals') }),
  z.object({ kind: z.literal('relegated'), teams: z.number().int().min(1).max(10) }),
  z.object({ kind: z.literal('admin') }),
]);

/** A member's answer (src/domain/bonus.ts BonusAnswer). */
export const bonusAnswer = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('team'), team: teamName }),
  z.object({ kind: z.literal('teams'), teams: z.array(teamName).min(1).max(20) }),
  z.object({ kind: z.literal('number'), value: z.number().int().min(0).max(100_000) }),
  z.object({ kind: z.literal('choice'), option: z.string().trim().min(1).max(80) }),
]);
export type BonusAnswerBody = z.infer<typeof bonusAnswer>;

/** What is right once decided (src/domain/bonus.ts BonusSolution). */
export const bonusSolution = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('teams'), teams: z.array(teamName).min(1).max(20) }),
  z.object({ kind: z.literal('number'), value: z.number().int().min(0).max(100_000) }),
  z.object({ kind: z.literal('choice'), option: z.string().trim().min(1).max(80) }),
]);

/** The keys of the preset questions; the web app words each in three languages. */
export const BONUS_PRESET_KEYS = ['champion', 'runner_up', 'semi_finalists', 'top_scoring_team', 'total_goals', 'relegated'] as const;

const points = z.number().int().min(0).max(100);

/**
 * One question as an admin writes it: its wording (`text`; a preset's key words it when `preset` is given),
 * its kind of answer, what decides it, its points and when it closes (default: the league's first kickoff
 * − 15 minutes).
 */
export const bonusQuestionRequest = z.object({
  preset: z.enum(BONUS_PRESET_KEYS).optional(),
  text: z.string().trim().min(3).max(200).optional(),
  answer: z.enum(BONUS_ANSWER_KINDS),
  subject: bonusSubject,
  points,
  /** How many teams a 'teams' answer names. */
  picks: z.number().int().min(1).max(20).optional(),
  nearPoints: points.optional(),
  nearWithin: z.number().int().min(1).max(1000).optional(),
  /** A 'choice' question's options: 2–10 different ones. */
  options: z.array(z.string().trim().min(1).max(80)).min(2).max(10).optional(),
  closesAt: requestInstant.optional(),
}).refine((q) => q.preset !== undefined || q.text !== undefined, { message: 'A question needs its wording', path: ['text'] })
  .refine((q) => q.answer !== 'choice' || q.options !== undefined, { message: 'A choice question needs 2 to 10 options', path: ['options'] })
  .refine((q) => q.answer === 'choice' || q.options === undefined, { message: 'Only a choice question has options', path: ['options'] })
  .refine((q) => q.options === undefined || new Set(q.options.map((o) => o.toLowerCase())).size === q.options.length, { message: 'Each option once', path: ['options'] })
  .refine((q) => q.answer !== 'teams' || q.picks !== undefined, { message: 'Say how many teams the answer names', path: ['picks'] })
  .refine((q) => (q.nearPoints === undefined) === (q.nearWithin === undefined) && (q.nearPoints === undefined || q.answer === 'number'), {
    message: 'Points for a near answer need both nearPoints and nearWithin, on a number question', path: ['nearWithin'],
  })
  .refine((q) => q.answer === 'choice' ? q.subject.kind === 'admin' : true, { message: 'A choice question is decided by the group admin', path: ['subject'] });
export type BonusQuestionRequest = z.input<typeof bonusQuestionRequest>;

/** Adds a preset set at once: a tournament's, or a league season's (with how many teams go down). */
export const bonusPresetsRequest = z.object({
  set: z.enum(['tournament', 'league']),
  relegated: z.number().int().min(1).max(6).default(3),
  closesAt: requestInstant.optional(),
});

/** What may change in an open question: its own wording, its points, its close. */
export const bonusQuestionChangeRequest = z.object({
  text: z.string().trim().min(3).max(200).optional(),
  points: points.optional(),
  nearPoints: points.optional(),
  nearWithin: z.number().int().min(1).max(1000).optional(),
  closesAt: requestInstant.optional(),
}).refine((change) => Object.keys(change).length > 0, { message: 'Nothing to change' });

export const bonusAnswerRequest = z.object({ answer: bonusAnswer });
export const bonusResolveRequest = z.object({ solution: bonusSolution });
export const bonusParams = z.object({ groupId: uuidParam, questionId: uuidParam });

/** Another member's answer, once the question has closed. */
export const bonusMemberAnswer = z.object({
  userId: z.string(),
  username: z.string(),
  answer: bonusAnswer,
  /** Points once decided; null before. */
  points: z.number().int().nullable(),
});

/** A question as the group page reads it. */
export const bonusQuestion = z.object({
  id: z.uuid(),
  preset: z.enum(BONUS_PRESET_KEYS).nullable(),
  text: z.string().nullable(),
  answer: z.enum(BONUS_ANSWER_KINDS),
  subject: bonusSubject,
  points: z.number().int(),
  picks: z.number().int().nullable(),
  nearPoints: z.number().int().nullable(),
  nearWithin: z.number().int().nullable(),
  options: z.array(z.string()).nullable(),
  closesAt: instant,
  /** Whether answers have closed (by the server's clock). */
  closed: z.boolean(),
  /** What is right, once decided; and who decided ('data': the league's results). */
  solution: bonusSolution.nullable(),
  resolution: z.enum(['data', 'admin']).nullable(),
  mine: z.object({ answer: bonusAnswer, points: z.number().int().nullable() }).nullable(),
  /** Every member's answer: only once the question has closed, else null. */
  answers: z.array(bonusMemberAnswer).nullable(),
});
export type BonusQuestion = z.infer<typeof bonusQuestion>;

export const bonusResponse = z.object({
  questions: z.array(bonusQuestion),
  /** The league's teams, for answers naming teams. */
  teams: z.array(z.string()),
  /** Whether the viewer may add, change, delete and decide questions (owner or admin). */
  canManage: z.boolean(),
  /** The viewer's bonus points so far. */
  points: z.number().int(),
});
export type BonusResponse = z.infer<typeof bonusResponse>;
export const bonusQuestionResponse = z.object({ question: bonusQuestion });
