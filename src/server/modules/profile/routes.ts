/**
 * A person's own profile, avatar and account:
 * - GET, PATCH /api/profiles/{userId}: read and change my profile (owner only: 403 for anyone else);
 * - DELETE /api/profiles/{userId} `{confirm: email}`: delete my account (account-deletion.ts);
 * - PUT /api/profiles/{userId}/avatar (the raw image, image/jpeg|png|webp, at most 2 MB: 413
 *   avatar_too_large, 415 avatar_invalid), DELETE /api/profiles/{userId}/avatar;
 * - GET /api/users/{userId}/avatar?v=&size=: anyone's avatar, for any signed-in person.
 * Guests get 401 everywhere.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { avatarQuery, deleteAccountRequest, profileParams, profileResponse, updateProfileRequest } from '../../../contracts/profile';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '../../../contracts/limits';
import type { AppContext } from '../../context';
import { requireViewer, type Viewer } from '../../auth/viewer';
import { errors } from '../../errors';
import { deleteAccount } from './account-deletion';
import { createAvatarStorage } from './avatar-storage';
import { requireOwnProfile } from './policy';
import { getProfile, readAvatar, removeAvatar, setAvatar, updateProfile } from './service';

/** Registers the profile, avatar and account routes. */
export async function profileRoutes(app: FastifyInstance, { auth, db, env }: AppContext) {
  const storage = createAvatarStorage(env);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  api.get(
    '/profiles/:userId',
    { schema: { tags, params: profileParams, response: { 200: profileResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { profile: await getProfile(db, viewer, request.params.userId) };
    },
  );
  api.patch(
    '/profiles/:userId',
    { schema: { tags, params: profileParams, body: updateProfileRequest, response: { 200: profileResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { profile: await updateProfile(db, viewer, request.params.userId, request.body) };
    },
  );
  api.delete(
    '/profiles/:userId',
    { schema: { tags, params: profileParams, body: deleteAccountRequest } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      await deleteAccount(db, storage, viewer, request.params.userId, request.body.confirm, request.log);
      // Every session of the account went with it: refused here at once (auth/revoked-sessions.ts).
      await auth.revokedSessions.refresh();
      // The session row is gone; tell the browser to drop its cookie too.
      reply.header('set-cookie', expiredSessionCookies(request));
      return reply.status(204).send();
    },
  );
  api.delete(
    '/profiles/:userId/avatar',
    { schema: { tags, params: profileParams, response: { 200: profileResponse } } },
    async (request, reply) => {
      const viewer = await requireViewer(request, reply, auth, db);
      return { profile: await removeAvatar(db, storage, viewer, request.params.userId) };
    },
  );
  api.get(
    '/users/:userId/avatar',
    { schema: { tags, params: profileParams, querystring: avatarQuery } },
    async (request, reply) => {
      await requireViewer(request, reply, auth, db);
      const image = await readAvatar(db, storage, request.params.userId, { version: request.query.v, size: request.query.size });
      reply.header('cache-control', image.cacheControl);
      // An SVG opened on its own is a document: let it run nothing and load nothing.
      if (image.contentType.startsWith('image/svg+xml')) reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return reply.type(image.contentType).send(image.body);
    },
  );

  // The upload takes raw image bytes: its own scope, with only the image parsers (any other type is
  // 415 avatar_invalid) and the 2 MB limit answered as 413 avatar_too_large.
  await app.register(async (upload) => {
    const viewers = new WeakMap<FastifyRequest, Viewer>();
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser([...AVATAR_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) => done(null, body));
    upload.addContentTypeParser('*', (_request, _payload, done) => done(errors.avatarInvalid()));
    upload.setErrorHandler((error: { code?: string }) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw errors.avatarTooLarge();
      throw error;
    });
    upload.withTypeProvider<ZodTypeProvider>().put(
      '/profiles/:userId/avatar',
      {
        bodyLimit: AVATAR_MAX_BYTES,
        // Who may upload is settled before the body is read: a stranger's 2 MB are never accepted.
        onRequest: async (request, reply) => {
          const viewer = await requireViewer(request, reply, auth, db);
          requireOwnProfile(viewer, (request.params as { userId: string }).userId);
          viewers.set(request, viewer);
        },
        schema: {
          tags,
          params: profileParams,
          consumes: [...AVATAR_CONTENT_TYPES],
          response: { 200: profileResponse },
        },
      },
      async (request) => {
        const viewer = viewers.get(request);
        if (!viewer) throw errors.unauthenticated();
        if (!Buffer.isBuffer(request.body)) throw errors.avatarInvalid();
        return { profile: await setAvatar(db, storage, viewer, request.params.userId, request.body) };
      },
    );
  });
}

/** Set-cookie values expiring Better Auth's session cookies (plain and __Secure- names), as sent. */
function expiredSessionCookies(request: FastifyRequest): string[] {
  const names = (request.headers.cookie ?? '').split(';').map((part) => part.split('=')[0]!.trim())
    .filter((name) => /^(__Secure-)?better-auth\.[a-z_]+$/.test(name));
  return names.map((name) => `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${name.startsWith('__Secure-') ? '; Secure' : ''}`);
}
