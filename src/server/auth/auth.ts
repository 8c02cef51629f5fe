/**
 * Accounts and sessions with Better Auth (https://www.better-auth.com), mounted at /api/auth/*.
 * Email + password sign-up; with REQUIRE_EMAIL_VERIFICATION (the default) a verification mail goes
 * out and sign-in is refused until the address is confirmed, otherwise the account is confirmed at
 * once and signed in. Sessions live in an httpOnly cookie. A profile (username, full name, phone,
 * language, role) is created with each user; ADMIN_EMAILS get the 'Platform Administrator' role.
 *
 * Mail links use the specification's hash-style addresses (section 2): verification leads to
 * /#/email-verified?token=…, password reset to /#/update-password?token=…; their origin comes from
 * `mailOrigin`. Sending never blocks the answer (no timing difference between known and unknown
 * addresses); failures are logged. The behaviour the specification asks for beyond Better Auth's own
 * (sign-up checks before the address is looked up, resend messages, forced revocation of other
 * sessions on a password change) lives in ./auth-hooks.ts.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { signUpExtras } from '../../contracts/auth';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { mailLocale, passwordChangedMail, passwordResetMail, storedLocale, verificationMail, type MailLocale, type RenderedMail } from '../mail/templates';
import { authHooks } from './auth-hooks';
import { recentVerificationMails, recordVerificationMail, VERIFICATION_MAIL_LIMIT } from './verification-mail-quota';
import { scrubEmails } from './scrub';
import { createProfile, usernameFromEmail } from './profiles';

export interface AuthOptions {
  db: Db;
  /** Where Better Auth believes it is served (APP_URL or http://localhost:PORT). */
  baseURL: string;
  secret: string;
  mailer: Mailer;
  adminEmails: readonly string[];
  /** True when APP_URL was configured: then it is the only trusted origin. */
  fixedOrigin: boolean;
  rateLimit: boolean;
  logger: FastifyBaseLogger;
  /** REQUIRE_EMAIL_VERIFICATION: confirm the address before the first sign-in. */
  requireEmailVerification: boolean;
  /** The origin links in a mail caused by `request` point at (see mail-origin.ts). */
  mailOrigin: (request?: Request | null) => string;
  /** The clock (tests pass their own). */
  now?: () => Date;
}

/** Builds the Better Auth instance. */
export function createAuth(options: AuthOptions) {
  const { db, logger } = options;
  const now = options.now ?? (() => new Date());

  /** Sends without making the caller wait (an answer's timing must not tell whether a mail went out). */
  const deliver = (to: string, mail: RenderedMail) => {
    options.mailer.send({ to, ...mail }).catch((error: unknown) => {
      logger.error({ err: error, subject: mail.subject }, 'mail could not be sent');
    });
  };

  /** The person's language (profile) or the request's, and the name to greet them with. */
  const recipient = async (user: { id: string; name: string }, request?: Request | null): Promise<{ locale: MailLocale; name: string }> => {
    const [profile] = await db
      .select({ language: schema.profiles.language, fullName: schema.profiles.fullName })
      .from(schema.profiles)
      .where(eq(schema.profiles.userId, user.id));
    return {
      locale: storedLocale(profile?.language) ?? mailLocale(request?.headers.get('accept-language')),
      name: profile?.fullName ?? user.name,
    };
  };

  const sendPasswordChanged = async (user: { id: string; name: string; email: string }, request?: Request | null) => {
    const { locale, name } = await recipient(user, request);
    deliver(user.email, passwordChangedMail(locale, name, `${options.mailOrigin(request)}/#/login`));
  };

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
      requireEmailVerification: options.requireEmailVerification,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }, request) {
        const { locale, name } = await recipient(user, request);
        deliver(user.email, passwordResetMail(locale, name, `${options.mailOrigin(request)}/#/update-password?token=${encodeURIComponent(token)}`));
      },
      async onPasswordReset({ user }, request) {
        await sendPasswordChanged(user, request);
      },
    },
    emailVerification: {
      sendOnSignUp: options.requireEmailVerification,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url, token }, request) {
        const at = now();
        const sent = await recentVerificationMails(db, user.id, at);
        // A sign-in attempt sends a new link only when none went out lately; nothing ever exceeds the limit.
        const fromSignIn = request ? new URL(request.url).pathname.endsWith('/sign-in/email') : false;
        if (sent >= VERIFICATION_MAIL_LIMIT.max || (fromSignIn && sent > 0)) {
          logger.debug({ component: 'auth' }, 'verification mail skipped: one was sent recently');
          return;
        }
        await recordVerificationMail(db, user.id, at);
        const redirect = safeRedirect(new URL(url).searchParams.get('callbackURL'));
        const link = `${options.mailOrigin(request)}/#/email-verified?token=${encodeURIComponent(token)}` +
          (redirect ? `&redirect=${encodeURIComponent(redirect)}` : '');
        const { locale, name } = await recipient(user, request);
        deliver(user.email, verificationMail(locale, name, link));
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
        '/send-verification-email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 10 },
        '/verify-email': { window: 60, max: 20 },
      },
    },
    hooks: authHooks({ db, requireEmailVerification: options.requireEmailVerification, now, sendPasswordChanged }),
    // Unexpected failures (a database error…) reach Fastify's error handler: logged through pino with its
    // redaction, answered as {error: {id: 'internal'}} — never Better Auth's own dump to stdout.
    onAPIError: { throw: true },
    advanced: {
      // Better Auth skips its origin (CSRF) check when NODE_ENV=test; keep it on so tests see production.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    logger: {
      level: 'warn',
      log: (level, message) => {
        // Its warnings are routine ("User not found", "Invalid password" on every failed sign-in): debug.
        // Its messages may name an address ("Sign-up attempt for existing email: …"): scrubbed.
        logger[level === 'error' ? 'error' : 'debug']({ component: 'auth' }, scrubEmails(message));
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            // Without required verification the address is taken as confirmed (the specification's
            // "signed in directly" outcome of sign-up).
            return { data: options.requireEmailVerification ? user : { ...user, emailVerified: true } };
          },
          async after(user, context) {
            const body = (context?.body ?? {}) as Record<string, unknown>;
            const extras = signUpExtras.safeParse({ name: user.name, username: body.username, phone: body.phone || undefined });
            await createProfile(db, {
              userId: user.id,
              username: extras.success ? extras.data.username : usernameFromEmail(user.email),
              fullName: user.name,
              phone: extras.success ? (extras.data.phone ?? null) : null,
              language: storedLocale(typeof body.language === 'string' ? body.language : null),
              role: options.adminEmails.includes(user.email.toLowerCase()) ? 'Platform Administrator' : 'Regular User',
            });
          },
        },
      },
    },
  });
}

/** A path of this app to go to after confirming ("/join-group?code=…"), or null for none, home or anything unsafe. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || value === '/' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.length > 500) return null;
  return value;
}

/** The Better Auth instance type. */
export type Auth = ReturnType<typeof createAuth>;
