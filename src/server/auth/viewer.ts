/**
 * Who is calling: the signed-in user (from the Better Auth session cookie) and their profile.
 * Routes call `requireViewer` (401 when signed out) or `optionalViewer`.
 */
import { eq } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { errors } from '../errors';
import type { Auth } from './auth';
import { createProfile, usernameFromEmail } from './profiles';
import { storedLocale } from '../mail/templates';
import { avatarUrl } from '../modules/profile/avatar-url';

/** The signed-in person. */
export interface Viewer {
  userId: string;
  email: string;
  username: string;
  fullName: string;
  role: 'Regular User' | 'Platform Administrator';
  /** The language chosen in the profile, or null. */
  language: 'en' | 'pt-BR' | 'es' | null;
  /** The avatar's address (uploaded image or generated SVG). */
  avatarUrl: string;
}

/**
 * Reads the session; returns null when signed out or the session expired. When Better Auth extends
 * the session (daily, for active users), the renewed cookie is passed on through `reply`, so active
 * people stay signed in.
 */
export async function optionalViewer(request: FastifyRequest, reply: FastifyReply, auth: Auth, db: Db): Promise<Viewer | null> {
  const { headers, response: session } = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!session) return null;
  const { user } = session;
  let [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  if (!profile) {
    // A user created before profiles existed, or whose profile hook failed: repair it.
    await createProfile(db, { userId: user.id, username: usernameFromEmail(user.email), fullName: user.name, role: 'Regular User' });
    [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  }
  if (!profile) throw errors.internal();
  return {
    userId: user.id, email: user.email, username: profile.username, fullName: profile.fullName, role: profile.role,
    language: storedLocale(profile.language), avatarUrl: profile.avatarUrl ?? avatarUrl(user.id, null),
  };
}

/**
 * The signed-in person.
 * @throws AppError 401 unauthenticated when signed out.
 */
export async function requireViewer(request: FastifyRequest, reply: FastifyReply, auth: Auth, db: Db): Promise<Viewer> {
  const viewer = await optionalViewer(request, reply, auth, db);
  if (!viewer) throw errors.unauthenticated();
  return viewer;
}
