/**
 * GET /api/groups/:groupId/matches (with my prediction per match) and
 * PUT /api/groups/:groupId/predictions/:matchId {homeGoals, awayGoals}, and a round at once:
 * PUT /api/groups/:groupId/predictions {predictions: [...], applyToOtherGroups}; others' predictions once
 * closed: GET /api/groups/:groupId/matches/:matchId/predictions and
 * GET /api/groups/:groupId/members/:userId/predictions. Members only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  groupMatchesResponse, groupParams, predictionParams, predictionRequest, predictionResponse,
} from '../../../contracts/groups';
import {
  matchPredictionsParams, matchPredictionsResponse, memberPredictionsParams, memberPredictionsResponse,
  savePredictionsRequest, savePredictionsResponse,
} from '../../../contracts/predictions';
import type { AppContext } from '../../context';
import { requireSessionUser, requireViewer } from '../../auth/viewer';
import { listGroupMatches, savePrediction } from './service';
import { savePredictions } from './save-predictions';
import { matchPredictions, memberPredictions } from './revealed';

/** Registers a group's matches with my predictions, and saving a prediction (409 prediction_closed after the deadline). */
export async function predictionRoutes(app: FastifyInstance, { db, readDb, auth, metrics }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/groups/:groupId/matches',
    { schema: { tags: ['predictions'], params: groupParams, response: { 200: groupMatchesResponse } } },
    async (request, reply) => {
      const viewer = await requireSessionUser(request, reply, auth);
      return listGroupMatches(db, viewer, request.params.groupId, new Date());
    },
  );
  api.put(
    '/groups/:groupId/predictions/:matchId',
    { config: { rankingNeutral: true }, schema: { tags: ['predictions'], params: predictionParams, body: predictionRequest, response: { 200: predictionResponse } } },
    async (request, reply) => {
      const viewer = await requireSessionUser(request, reply, auth);
      const { groupId, matchId } = request.params;
      const prediction = await savePrediction(db, viewer, groupId, matchId, request.body, new Date());
      metrics.predictionsSaved(1);
      return { prediction };
    },
  );
  api.put(
    '/groups/:groupId/predictions',
    // Only open matches can be written: no ranking counts them yet.
    { config: { rankingNeutral: true }, schema: { tags: ['predictions'], params: groupParams, body: savePredictionsRequest, response: { 200: savePredictionsResponse } } },
    async (request, reply) => {
      const viewer = await requireSessionUser(request, reply, auth);
      const { predictions, applyToOtherGroups } = request.body;
      const saved = await savePredictions(db, viewer, request.params.groupId, predictions, { applyToOtherGroups }, new Date());
      metrics.predictionsSaved(saved.results.filter((result) => result.status === 'saved').length);
      return saved;
    },
  );
  api.get(
    '/groups/:groupId/matches/:matchId/predictions',
    { schema: { tags: ['predictions'], params: matchPredictionsParams, response: { 200: matchPredictionsResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return matchPredictions(readDb, viewer, request.params.groupId, request.params.matchId, new Date());
    },
  );
  api.get(
    '/groups/:groupId/members/:userId/predictions',
    { schema: { tags: ['predictions'], params: memberPredictionsParams, response: { 200: memberPredictionsResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return memberPredictions(readDb, viewer, request.params.groupId, request.params.userId, new Date());
    },
  );
}
