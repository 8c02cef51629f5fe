/**
 * Bonus questions: GET /api/groups/:groupId/bonus (members), POST …/bonus/questions and …/bonus/presets,
 * PATCH and DELETE …/bonus/questions/:questionId, POST …/bonus/questions/:questionId/resolve (owner and
 * admins), PUT …/bonus/questions/:questionId/answer (members, until the question closes). See service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bonusAnswerRequest, bonusParams, bonusPresetsRequest, bonusQuestionChangeRequest, bonusQuestionRequest, bonusResolveRequest, bonusResponse,
} from '../../../contracts/bonus';
import { groupParams } from '../../../contracts/groups';
import type { AppContext } from '../../context';
import { requireViewer } from '../../auth/viewer';
import {
  addBonusPresets, addBonusQuestion, answerBonusQuestion, changeBonusQuestion, deleteBonusQuestion, groupBonus, resolveBonusQuestion,
} from './service';

/** Registers the bonus question routes; all need a signed-in member, changes the owner or an admin. */
export async function bonusRoutes(app: FastifyInstance, { db, auth }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const created = z.object({ ids: z.array(z.uuid()) });
  api.get(
    '/groups/:groupId/bonus',
    { schema: { tags: ['bonus'], params: groupParams, response: { 200: bonusResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return groupBonus(db, viewer, request.params.groupId, new Date());
    },
  );
  api.post(
    '/groups/:groupId/bonus/questions',
    { schema: { tags: ['bonus'], params: groupParams, body: bonusQuestionRequest, response: { 201: created } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      const id = await addBonusQuestion(db, viewer, request.params.groupId, request.body, new Date());
      return reply.status(201).send({ ids: [id] });
    },
  );
  api.post(
    '/groups/:groupId/bonus/presets',
    { schema: { tags: ['bonus'], params: groupParams, body: bonusPresetsRequest, response: { 201: created } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      const ids = await addBonusPresets(db, viewer, request.params.groupId, request.body, new Date());
      return reply.status(201).send({ ids });
    },
  );
  api.patch(
    '/groups/:groupId/bonus/questions/:questionId',
    { schema: { tags: ['bonus'], params: bonusParams, body: bonusQuestionChangeRequest } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await changeBonusQuestion(db, viewer, request.params.groupId, request.params.questionId, request.body, new Date());
      return reply.status(204).send();
    },
  );
  api.delete(
    '/groups/:groupId/bonus/questions/:questionId',
    { schema: { tags: ['bonus'], params: bonusParams } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await deleteBonusQuestion(db, viewer, request.params.groupId, request.params.questionId, new Date());
      return reply.status(204).send();
    },
  );
  api.put(
    '/groups/:groupId/bonus/questions/:questionId/answer',
    // An answer moves no ranking until its question is decided (by a result or an admin: those say so).
    { config: { rankingNeutral: true }, schema: { tags: ['bonus'], params: bonusParams, body: bonusAnswerRequest } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await answerBonusQuestion(db, viewer, request.params.groupId, request.params.questionId, request.body.answer, new Date());
      return reply.status(204).send();
    },
  );
  api.post(
    '/groups/:groupId/bonus/questions/:questionId/resolve',
    { schema: { tags: ['bonus'], params: bonusParams, body: bonusResolveRequest } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await resolveBonusQuestion(db, viewer, request.params.groupId, request.params.questionId, request.body.solution, new Date());
      return reply.status(204).send();
    },
  );
}
