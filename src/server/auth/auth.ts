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
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, like, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { signUpExtras } from '../../contracts/auth';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { failedSignInsMail, mailLocale, passwordChangedMail, passwordResetMail, storedLocale, verificationMail, type MailLocale, type RenderedMail } from '../mail/templates';
import { authHooks } from './auth-hooks';
import { reserveVerificationMail } from './verification-mail-quota';
import { escapeControls, scrubEmails } from './scrub';
import { createProfile, usernameFromEmail } from './profiles';
import { createRevokedSessions } from './revoked-sessions';
import { createSignInThrottle } from './sign-in-throttle';
import { SESSION_COOKIE_CACHE_SECONDS } from './session-cache-age';

export { SESSION_COOKIE_CACHE_SECONDS };

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
  /** How passwords are hashed and checked; default Better Auth's scrypt (tests pass a cheaper one). */
  passwordHashing?: PasswordHashing;
}

/**
 * Better Auth's password hashing hooks: `hash` takes a password and returns the text stored on the
 * account; `verify` says whether a password matches that text (it may throw on a malformed one).
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
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

  /** The person's language: their profile's, else the request's. */
  const localeOf = async (user: { id: string }, request?: Request | null): Promise<MailLocale> => {
    const [profile] = await db.select({ language: schema.profiles.language }).from(schema.profiles).where(eq(schema.profiles.userId, user.id));
    return storedLocale(profile?.language) ?? mailLocale(request?.headers.get('accept-language'));
  };

  /** After a password changed (reset or profile): no other reset link of the person works any more, and they are told. */
  const sendPasswordChanged = async (user: { id: string; name: string; email: string }, request?: Request | null) => {
    await db.delete(schema.verification).where(and(like(schema.verification.identifier, 'reset-password:%'), eq(schema.verification.value, user.id)));
    deliver(user.email, passwordChangedMail(await localeOf(user, request), `${options.mailOrigin(request)}/#/login`));
  };

  // Resend requests reserve their mail in the hook (to answer 429 over the limit); the mail callback of the
  // same request then takes the reservation. Kept a minute at most (the callback runs within the request).
  const reservations = new Map<string, number>();
  const reserveResend = async (email: string): Promise<boolean> => {
    // Reservations of addresses that never took theirs (unknown, already confirmed) go after their minute.
    for (const [address, until] of reservations) if (until < Date.now()) reservations.delete(address);
    const reserved = await reserveVerificationMail(db, email, now(), 'resend');
    if (reserved) reservations.set(email.trim().toLowerCase(), Date.now() + 60_000);
    return reserved;
  };
  const takeReservation = (email: string): boolean => {
    for (const [address, until] of reservations) if (until < Date.now()) reservations.delete(address);
    return reservations.delete(email.trim().toLowerCase());
  };

  const signInThrottle = createSignInThrottle(db, options.secret, now);
  /** Mails the owner of `email` (when it has an account) that its sign-ins are held; never awaited by an answer. */
  const signInsHeld = (email: string, request?: Request | null) => {
    void (async () => {
      const [found] = await db.select({ id: schema.user.id, email: schema.user.email }).from(schema.user).where(eq(schema.user.email, email.trim().toLowerCase()));
      if (found) deliver(found.email, failedSignInsMail(await localeOf(found, request), `${options.mailOrigin(request)}/#/request-password-reset`));
    })().catch((error: unknown) => logger.error({ err: error }, 'the failed sign-ins notice could not be prepared'));
  };

  const instance = betterAuth({
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
    session: {
      // The hot routes (viewer.ts requireSessionUser) trust this signed cookie for its lifetime instead of
      // reading the session row; every other route reads the row (decision 006).
      cookieCache: { enabled: true, maxAge: SESSION_COOKIE_CACHE_SECONDS },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: options.requireEmailVerification,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      ...(options.passwordHashing ? { password: options.passwordHashing } : {}),
      // Prepared after the answer (the language is a query): a known address must not answer later than an unknown one.
      async sendResetPassword({ user, token }, request) {
        const link = `${options.mailOrigin(request)}/#/update-password?token=${encodeURIComponent(token)}`;
        void localeOf(user, request).then((locale) => deliver(user.email, passwordResetMail(locale, link)))
          .catch((error: unknown) => logger.error({ err: error }, 'the password reset mail could not be prepared'));
      },
      async onPasswordReset({ user }, request) {
        // A new password is the way out of a hold on failed sign-ins (sign-in-throttle.ts).
        await signInThrottle.succeeded(user.email);
        await sendPasswordChanged(user, request);
      },
    },
    emailVerification: {
      sendOnSignUp: options.requireEmailVerification,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      async sendVerificationEmail({ user, url, token }, request) {
        const path = request ? new URL(request.url).pathname : '';
        const prepare = async () => {
          // A resend request reserved its mail in the hook (answering 429 over the limit); sign-up and sign-in
          // attempts reserve here — a sign-in only when none went out lately. Nothing ever exceeds the limit.
          const reserved = path.endsWith('/send-verification-email')
            ? takeReservation(user.email)
            : await reserveVerificationMail(db, user.email, now(), path.endsWith('/sign-in/email') ? 'sign-in' : 'sign-up');
          if (!reserved) {
            logger.debug({ component: 'auth' }, 'verification mail skipped: the address had one lately');
            return;
          }
          const redirect = safeRedirect(new URL(url).searchParams.get('callbackURL'));
          const link = `${options.mailOrigin(request)}/#/email-verified?token=${encodeURIComponent(token)}` +
            (redirect ? `&redirect=${encodeURIComponent(redirect)}` : '');
          deliver(user.email, verificationMail(await localeOf(user, request), link));
        };
        // A sign-in's mail is prepared after the answer: the right password to an unconfirmed account must
        // answer as fast as a wrong one (decision 005).
        if (!path.endsWith('/sign-in/email')) return prepare();
        void prepare().catch((error: unknown) => logger.error({ err: error }, 'the verification mail could not be prepared'));
      },
    },
    rateLimit: {
      enabled: options.rateLimit,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Every page load and every open tab (each 30 s) reads the session: counted by this per-address
        // limiter, people behind one router were soon shown as signed out. The API's limit counts it per
        // session instead (app.ts, http/rate-limit-key.ts).
        '/get-session': false,
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
        '/change-password': { window: 60, max: 10 },
        '/verify-email': { window: 60, max: 20 },
      },
    },
    hooks: authHooks({ db, now, sendPasswordChanged, reserveResend, signInThrottle, signInsHeld }),
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
        // Unexpected failures reach our error handler (onAPIError.throw) and are logged there. What Better
        // Auth writes itself is mostly a client's doing ("Invalid callbackURL", "User not found" on a failed
        // sign-in): debug, except its "Failed to …" lines. Messages may carry client input and addresses:
        // control characters escaped (no forged log lines), emails scrubbed.
        const text = escapeControls(scrubEmails(String(message)));
        logger[level === 'error' && /^Failed/i.test(text) ? 'warn' : 'debug']({ component: 'auth' }, text);
      },
    },
    databaseHooks: {
      session: {
        create: {
          async before(session) {
            // A person disabled by a Platform Administrator cannot sign in (their sessions were ended then).
            const [profile] = await db.select({ disabledAt: schema.profiles.disabledAt }).from(schema.profiles).where(eq(schema.profiles.userId, session.userId));
            if (profile?.disabledAt) throw new APIError('FORBIDDEN', { message: 'This account is disabled.', code: 'ACCOUNT_DISABLED' });
            // Kept for administrators (a session row disappears at sign-out).
            await db.update(schema.profiles).set({ lastSignInAt: new Date() }).where(eq(schema.profiles.userId, session.userId));
            return { data: session };
          },
        },
      },
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
              // Only where the address must be confirmed before the account is any use: without that, anyone
              // could sign up first with a listed address (see admin-roles.ts for accounts already there).
              role: options.requireEmailVerification && options.adminEmails.includes(user.email.toLowerCase()) ? 'Platform Administrator' : 'Regular User',
            });
          },
        },
        update: {
          async after(user) {
            // The name set through Better Auth (update-user) is the profile's full name too.
            await db.update(schema.profiles).set({ fullName: user.name, updatedAt: new Date() })
              .where(and(eq(schema.profiles.userId, user.id), ne(schema.profiles.fullName, user.name)));
          },
        },
      },
    },
  });
  // Sessions ended lately, refused by the hot routes and Better Auth's routes despite their signed copy
  // (revoked-sessions.ts); app.ts starts listening for them.
  return Object.assign(instance, { revokedSessions: createRevokedSessions(db) });
}

/**
 * A path of this app to go to after confirming ("/join-group?code=…"), or null for none, home or
 * anything unsafe (another site, a backslash, control characters a browser would drop: "/\t/evil").
 */
export function safeRedirect(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  if (!value || value === '/' || !value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value) || value.length > 500) return null;
  return value;
}

/** The Better Auth instance type. */
export type Auth = ReturnType<typeof createAuth>;
