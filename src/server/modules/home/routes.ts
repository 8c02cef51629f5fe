/** GET /api/home: the signed-in home page's next matches to predict and recent results across my groups. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeResponse } from '../../../contracts/home';
import type { AppContext } from '../../context';
import { requireViewer } from '../../auth/viewer';
import { homeFeed } from './service';

/** Registers GET /home (signed-in only: 401 for guests); see service.ts for what it returns. */
export async function homeRoutes(app: FastifyInstance, { db, auth }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/home',
    { schema: { tags: ['home'], response: { 200: homeResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return homeFeed(db, viewer, new Date());
    },
  );
}
