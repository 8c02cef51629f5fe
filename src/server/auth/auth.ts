/**
 * Accounts and sessions with Better Auth (https://www.better-auth.com), mounted at /api/auth/*.
 * Email + password sign-up sends a verification mail; sign-in is refused until the address is
 * confirmed; the session lives in an httpOnly cookie. A profile (username, full name, role) is created
 * with each user; addresses listed in ADMIN_EMAILS get the 'Platform Administrator' role.
 */
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { USERNAME_PATTERN } from '../../contracts/me';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { mailLocale, verificationMail } from '../mail/templates';

export interface AuthOptions {
  db: Db;
  baseURL: string;
  secret: string;
  mailer: Mailer;
  adminEmails: readonly string[];
  /** True when APP_URL was configured: then it is the only trusted origin. */
  fixedOrigin: boolean;
  rateLimit: boolean;
  logger: FastifyBaseLogger;
}

/** Builds the Better Auth instance. */
export function createAuth(options: AuthOptions) {
  const { db } = options;
  return betterAuth({
    appName: 'Palpite',
    baseURL: options.baseURL,
    basePath: '/api/auth',
    secret: options.secret,
    // With APP_URL set, only it is trusted. Without it (a newcomer's `npm start`), the app may be opened
    // as localhost, 127.0.0.1 or a LAN address: trust the origin equal to the request's own Host, which a
    // cross-site request can never match, so the CSRF protection stays.
    trustedOrigins: options.fixedOrigin
      ? [options.baseURL]
      : (request) => {
          const host = request?.headers.get('host');
          return [options.baseURL, host ? `http://${host}` : null, host ? `https://${host}` : null];
        },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url }, request) {
        const locale = mailLocale(request?.headers.get('accept-language'));
        await options.mailer.send({ to: user.email, ...verificationMail(locale, user.name, url) });
      },
    },
    rateLimit: {
      enabled: options.rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 3 },
      },
    },
    advanced: {
      // Better Auth skips its origin (CSRF) check when NODE_ENV=test; keep it on so tests see production.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    logger: {
      log: (level, message) => {
        // Better Auth messages may name an address; keep them at debug, never at info.
        options.logger[level === 'error' ? 'error' : 'debug']({ component: 'auth' }, message);
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user, context) {
            const requested = requestedUsername(context);
            if (requested === undefined) return;
            if (typeof requested !== 'string' || !USERNAME_PATTERN.test(requested.trim())) {
              throw new APIError('BAD_REQUEST', {
                code: 'USERNAME_INVALID',
                message: 'Username must be 3–30 letters, digits, dots, dashes or underscores.',
              });
            }
            if (await usernameTaken(db, requested.trim())) {
              throw new APIError('BAD_REQUEST', { code: 'USERNAME_TAKEN', message: 'This username is taken.' });
            }
            return { data: user };
          },
          async after(user, context) {
            const requested = requestedUsername(context);
            const base = typeof requested === 'string' && USERNAME_PATTERN.test(requested.trim())
              ? requested.trim()
              : usernameFromEmail(user.email);
            await createProfile(db, {
              userId: user.id,
              username: base,
              fullName: user.name,
              role: options.adminEmails.includes(user.email.toLowerCase()) ? 'Platform Administrator' : 'Regular User',
            });
          },
        },
      },
    },
  });
}

/** The `username` a sign-up request carried (any type: the hooks validate it), if any. */
function requestedUsername(context: { body?: unknown } | null): unknown {
  return (context?.body as { username?: unknown } | undefined)?.username;
}

/** The Better Auth instance type. */
export type Auth = ReturnType<typeof createAuth>;

async function usernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .select({ userId: schema.profiles.userId })
    .from(schema.profiles)
    .where(and(
      eq(sql`lower(${schema.profiles.username})`, username.toLowerCase()),
      exceptUserId ? ne(schema.profiles.userId, exceptUserId) : undefined,
    ))
    .limit(1);
  return rows.length > 0;
}

/** "Maria.Silva+x@example.com" → "Maria.Silva_x" (made to fit USERNAME_PATTERN). */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^a-zA-Z0-9_.-]/g, '_').slice(0, 24);
  return local.length >= 3 ? local : `${local}${'_'.repeat(3 - local.length)}`;
}

/**
 * Creates a profile, adding a numeric suffix when the username is taken (a race between two
 * sign-ups choosing the same name, or a name derived from an email).
 */
export async function createProfile(
  db: Db,
  profile: { userId: string; username: string; fullName: string; role: 'Regular User' | 'Platform Administrator' },
): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const username = attempt === 0 ? profile.username : `${profile.username.slice(0, 24)}${attempt + 1}`;
    const inserted = await db
      .insert(schema.profiles)
      .values({ ...profile, username })
      .onConflictDoNothing()
      .returning({ userId: schema.profiles.userId });
    if (inserted.length > 0) return;
    const existing = await db.select().from(schema.profiles).where(eq(schema.profiles.userId, profile.userId));
    if (existing.length > 0) return;
  }
  throw new Error('could not find a free username');
}
