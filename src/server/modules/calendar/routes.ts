/**
 * Calendar feed routes: GET and POST /api/me/calendar (the signed-in person's feed address; POST makes a
 * new one, the old stops at once) and GET /api/calendar.ics?token=… (the feed, for calendar apps: no
 * session, the token is the key; 404 for an unknown one). The token travels in the query, which the logs
 * never keep (logger.ts). See service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedResponse, calendarQuery } from '../../../contracts/calendar';
import type { AppContext } from '../../context';
import { requireViewer } from '../../auth/viewer';
import { errors } from '../../errors';
import { siteOrigin } from '../../http/site-origin';
import { calendarFeedText, myCalendarFeed, regenerateCalendarFeed } from './service';

/** Registers the calendar feed routes. */
export async function calendarRoutes(app: FastifyInstance, { db, auth, env }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/me/calendar',
    { schema: { tags: ['calendar'], response: { 200: calendarFeedResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      reply.header('cache-control', 'private, no-store');
      return { calendar: await myCalendarFeed(db, viewer.userId) };
    },
  );
  api.post(
    '/me/calendar',
    { config: { rankingNeutral: true }, schema: { tags: ['calendar'], response: { 200: calendarFeedResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      reply.header('cache-control', 'private, no-store');
      return { calendar: await regenerateCalendarFeed(db, viewer.userId) };
    },
  );
  api.get(
    '/calendar.ics',
    { schema: { tags: ['calendar'], querystring: calendarQuery, response: { 200: z.string().describe('An iCalendar (RFC 5545) feed.') } } },
    async (request, reply) => {
      const origin = siteOrigin(env.APP_URL, request);
      // The primary, not a replica: a regenerated address must stop at once.
      const text = await calendarFeedText(db, request.query.token, origin, new Date());
      if (text === null) throw errors.notFound('Calendar feed');
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
    },
  );
}
