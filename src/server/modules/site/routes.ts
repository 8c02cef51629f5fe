/** Public facts about this installation that the public pages show (the contact address). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteResponse } from '../../../contracts/site';
import type { AppContext } from '../../context';

/** Registers GET /site: `{contactEmail}` (the CONTACT_EMAIL environment variable), no sign-in needed. */
export async function siteRoutes(app: FastifyInstance, context: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/site',
    { schema: { tags: ['system'], response: { 200: siteResponse } } },
    async () => ({ contactEmail: context.env.CONTACT_EMAIL }),
  );
}
