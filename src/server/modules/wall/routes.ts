/**
 * A group's wall: GET /api/groups/:groupId/wall (a page; `matchId` for a match's thread, `before` for older),
 * POST …/wall (write), PATCH and DELETE …/wall/:postId, PUT and DELETE …/wall/:postId/reactions/:reaction,
 * POST …/wall/:postId/report, POST …/wall/seen. Members only; see service.ts and reports.ts. None of them moves a ranking.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { groupParams } from '../../../contracts/groups';
import { wallEditRequest, wallParams, wallPostRequest, wallPostResponse, wallQuery, wallReactionParams, wallResponse } from '../../../contracts/wall';
import type { AppContext } from '../../context';
import { requireViewer } from '../../auth/viewer';
import { deletePost, editPost, markWallSeen, react, wallPage, writePost } from './service';
import { reportPost } from './reports';

/** Registers the wall routes. */
export async function wallRoutes(app: FastifyInstance, { db, auth }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const neutral = { rankingNeutral: true };
  api.get(
    '/groups/:groupId/wall',
    { schema: { tags: ['wall'], params: groupParams, querystring: wallQuery, response: { 200: wallResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return wallPage(db, viewer, request.params.groupId, request.query);
    },
  );
  api.post(
    '/groups/:groupId/wall',
    { config: neutral, schema: { tags: ['wall'], params: groupParams, body: wallPostRequest, response: { 201: wallPostResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return reply.status(201).send({ post: await writePost(db, viewer, request.params.groupId, request.body) });
    },
  );
  api.patch(
    '/groups/:groupId/wall/:postId',
    { config: neutral, schema: { tags: ['wall'], params: wallParams, body: wallEditRequest, response: { 200: wallPostResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { post: await editPost(db, viewer, request.params.groupId, request.params.postId, request.body.body) };
    },
  );
  api.delete(
    '/groups/:groupId/wall/:postId',
    { config: neutral, schema: { tags: ['wall'], params: wallParams } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await deletePost(db, viewer, request.params.groupId, request.params.postId);
      return reply.status(204).send();
    },
  );
  for (const [method, on] of [['put', true], ['delete', false]] as const) {
    api[method](
      '/groups/:groupId/wall/:postId/reactions/:reaction',
      { config: neutral, schema: { tags: ['wall'], params: wallReactionParams, response: { 200: wallPostResponse } } },
      async (request, reply) => {
        const viewer = await requireViewer(request, reply, auth, db);
        const { groupId, postId, reaction } = request.params;
        return { post: await react(db, viewer, groupId, postId, reaction, on) };
      },
    );
  }
  api.post(
    '/groups/:groupId/wall/:postId/report',
    { config: neutral, schema: { tags: ['wall'], params: wallParams } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await reportPost(db, viewer, request.params.groupId, request.params.postId);
      return reply.status(204).send();
    },
  );
  api.post(
    '/groups/:groupId/wall/seen',
    { config: neutral, schema: { tags: ['wall'], params: groupParams } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await markWallSeen(db, viewer, request.params.groupId);
      return reply.status(204).send();
    },
  );
}
