/** GET /api/me: the signed-in person's profile. 401 when signed out. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meResponse } from '../../../contracts/me';
import type { AppContext } from '../../context';
import { optionalViewer } from '../../auth/viewer';
import { errors } from '../../errors';

/** Registers GET /me: the signed-in person (401 unauthenticated otherwise). */
export async function meRoutes(app: FastifyInstance, { auth, db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/me',
    { schema: { tags: ['accounts'], response: { 200: meResponse } } },
    async (request, reply) => {
      // Also for a session whose address is not confirmed: the app needs to know who it is to say so.
      const viewer = await optionalViewer(request, reply, auth, db);
      if (!viewer) throw errors.unauthenticated();
      return {
        user: {
          id: viewer.userId, email: viewer.email, username: viewer.username, fullName: viewer.fullName, role: viewer.role,
          language: viewer.language, avatarUrl: viewer.avatarUrl,
        },
      };
    },
  );
}
