/**
 * GET/PUT /api/me/notifications (my preferences), POST/DELETE /api/me/push-subscriptions (this device),
 * and POST /api/notifications/unsubscribe (a reminder mail's signed link or its List-Unsubscribe
 * one-click POST; no sign-in).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationSettingsResponse, pushSubscriptionRequest, removePushSubscriptionRequest, unsubscribeRequest, unsubscribeResponse, updateNotificationsRequest,
} from '../../../contracts/notifications';
import type { AppContext } from '../../context';
import { requireViewer } from '../../auth/viewer';
import { AppError, errors } from '../../errors';
import { isAllowedPushEndpoint } from './push-endpoint';
import { addPushSubscription, notificationSettings, removePushSubscription, savePreferences, unsubscribeByToken } from './settings';

/** Registers the notification routes; `vapidPublicKey` null when push is off on this server. */
export async function notificationRoutes(app: FastifyInstance, { db, auth, env, notifications }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const publicKey = notifications.vapidPublicKey;
  api.get(
    '/me/notifications',
    { schema: { tags: ['notifications'], response: { 200: notificationSettingsResponse } }, config: { rankingNeutral: true } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return notificationSettings(db, viewer.userId, publicKey);
    },
  );
  api.put(
    '/me/notifications',
    { schema: { tags: ['notifications'], body: updateNotificationsRequest, response: { 200: notificationSettingsResponse } }, config: { rankingNeutral: true } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await savePreferences(db, viewer.userId, request.body);
      return notificationSettings(db, viewer.userId, publicKey);
    },
  );
  api.post(
    '/me/push-subscriptions',
    { schema: { tags: ['notifications'], body: pushSubscriptionRequest }, config: { rankingNeutral: true } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      if (!isAllowedPushEndpoint(request.body.endpoint, env.PUSH_ENDPOINT_HOSTS, env.NODE_ENV === 'test')) {
        throw new AppError(400, 'validation_failed', 'This push endpoint is not a known push service.');
      }
      await addPushSubscription(db, viewer.userId, request.body);
      return reply.status(204).send();
    },
  );
  api.delete(
    '/me/push-subscriptions',
    { schema: { tags: ['notifications'], body: removePushSubscriptionRequest }, config: { rankingNeutral: true } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await removePushSubscription(db, viewer.userId, request.body.endpoint);
      return reply.status(204).send();
    },
  );

  // The one-click POST of RFC 8058 (a mail program, from anywhere) sends "List-Unsubscribe=One-Click" as
  // a form, urlencoded or multipart, with the token in the address; the web page sends JSON {token}. The
  // token is the authorisation, so no cross-site check, and a form's body is not read.
  await app.register(async (scope) => {
    const ignoreBody = (_request: unknown, _body: unknown, done: (error: null, body: object) => void) => done(null, {});
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, ignoreBody);
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4_096 }, ignoreBody);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/notifications/unsubscribe',
      {
        schema: { tags: ['notifications'], querystring: z.object({ token: z.string().max(500).optional() }), response: { 200: unsubscribeResponse } },
        config: { rankingNeutral: true, crossSite: true },
      },
      async (request) => {
        const fromBody = unsubscribeRequest.safeParse(request.body);
        const token = fromBody.success ? fromBody.data.token : request.query.token;
        if (!token) throw errors.invalidUnsubscribeToken();
        return unsubscribeByToken(db, notifications.secret, token);
      },
    );
  });
}
