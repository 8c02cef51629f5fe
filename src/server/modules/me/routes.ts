/** GET /api/me: the signed-in person's profile. 401 when signed out. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meResponse } from '../../../contracts/me';
import type { AppContext } from '../../app';
import { requireViewer } from '../../auth/viewer';

/** Registers GET /me: the signed-in person (401 unauthenticated otherwise). */
export async function meRoutes(app: FastifyInstance, { auth, db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    { schema: { tags: ['accounts'], response: { 200: meResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return {
        user: {
          id: viewer.userId, email: viewer.email, username: viewer.username, fullName: viewer.fullName, role: viewer.role,
          language: viewer.language, avatarUrl: viewer.avatarUrl,
        },
      };
    },
  );
}
