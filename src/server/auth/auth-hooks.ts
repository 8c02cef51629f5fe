/**
 * Better Auth hooks for what the specification asks beyond Better Auth's own behaviour:
 * - sign-up: username, full name and phone are checked (and the username's uniqueness) before Better
 *   Auth looks the address up, so the answer is the same for a registered and an unregistered email
 *   (no account enumeration through sign-up);
 * - update-user: the name obeys the same bounds (1–100 characters, no control characters); the image
 *   is not set here (avatars are the profile's);
 * - send-verification-email: the per-address limit (VERIFICATION_EMAIL_RATE_LIMITED, 429, counted for any
 *   address) — specification section 8. A stranger gets the same answer, in the same time, for a
 *   confirmed, an unconfirmed and an unknown address (Better Auth's 500 ms floor); 'Your email has
 *   already been verified.' only answers a signed-in person about their own address (Better Auth's own);
 * - sign-in: a per-account limit on failures (sign-in-throttle.ts: 429 while held, the owner mailed once),
 *   and the right password to an unconfirmed account answered exactly as a wrong one (401
 *   INVALID_EMAIL_OR_PASSWORD; the new confirmation link goes to the owner's inbox only) — decision 005;
 * - verify-email: a link of an already confirmed address answers `{status: true, alreadyVerified: true}`
 *   so the page can say the link was used;
 * - revoke-session: a token that is not one of the caller's sessions answers 404 SESSION_NOT_FOUND;
 * - change-password: always revokes the person's other sessions, then mails a notice.
 */
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { emailField, fullNameField, signUpExtras } from '../../contracts/auth';
import type { Db } from '../db/client';
import { session as sessions, user as users } from '../db/schema';
import { usernameTaken } from './profiles';
import { SIGN_IN_FAILURE_LIMIT, type SignInThrottle } from './sign-in-throttle';

/** What the hooks need from the app. */
export interface AuthHookOptions {
  db: Db;
  now: () => Date;
  sendPasswordChanged: (user: { id: string; name: string; email: string }, request?: Request | null) => Promise<void>;
  /** Reserves a resent verification mail to an address (verification-mail-quota.ts); false over the limit. */
  reserveResend: (email: string) => Promise<boolean>;
  /** Failed sign-ins by account (sign-in-throttle.ts). */
  signInThrottle: SignInThrottle;
  /** Tells the owner of `email`, if it has an account, that its sign-ins are held (never awaited by the answer). */
  signInsHeld: (email: string, request?: Request | null) => void;
}

/** The answer to a wrong password and to an unknown address (Better Auth's own), and now to an unconfirmed account's right one. */
const INVALID_CREDENTIALS = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };

/** Error codes of the sign-up checks, by the field that failed. */
const SIGN_UP_CODES: Record<string, { code: string; message: string }> = {
  username: { code: 'USERNAME_INVALID', message: 'Username must be 3–30 letters, digits, dots, dashes or underscores.' },
  name: { code: 'NAME_INVALID', message: 'The full name must be 1–100 characters, without control characters.' },
  phone: { code: 'PHONE_INVALID', message: 'The phone number must be 6–20 digits, spaces, +, -, dots or parentheses.' },
};

/** The `hooks` option of Better Auth. */
export function authHooks(options: AuthHookOptions) {
  const { db } = options;

  /**
   * After a sign-in (its attempt was counted before it, as a failure): a success clears the address's
   * count, and an unconfirmed account's refusal becomes the wrong password's.
   */
  const afterSignIn = async (ctx: { body?: unknown; context: { returned?: unknown } }) => {
    const body = (ctx.body && typeof ctx.body === 'object' ? ctx.body : {}) as Record<string, unknown>;
    const email = emailField.safeParse(body.email);
    if (!email.success) return;
    const returned = ctx.context.returned;
    if (!isAPIError(returned)) {
      await options.signInThrottle.succeeded(email.data);
      return;
    }
    if ((returned.body as { code?: unknown } | undefined)?.code === 'EMAIL_NOT_VERIFIED') throw new APIError('UNAUTHORIZED', INVALID_CREDENTIALS);
  };

  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = (ctx.body && typeof ctx.body === 'object' && !Array.isArray(ctx.body) ? ctx.body : {}) as Record<string, unknown>;
      switch (ctx.path) {
        case '/sign-up/email': {
          // Every text field bounded here: Better Auth itself takes any length (an image URL of 900 KB, an address of 500 KB).
          if ('image' in body) throw new APIError('BAD_REQUEST', { code: 'IMAGE_NOT_ALLOWED', message: 'Avatars are added on the profile.' });
          if (!emailField.safeParse(body.email).success) throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Invalid email address' });
          const extras = signUpExtras.safeParse({ name: body.name, username: body.username, phone: body.phone || undefined });
          if (!extras.success) {
            const field = String(extras.error.issues[0]?.path[0] ?? 'name');
            throw new APIError('BAD_REQUEST', SIGN_UP_CODES[field] ?? SIGN_UP_CODES.name);
          }
          if (await usernameTaken(db, extras.data.username)) {
            throw new APIError('BAD_REQUEST', { code: 'USERNAME_TAKEN', message: 'This username is taken.' });
          }
          return { context: { body: { ...body, name: extras.data.name, username: extras.data.username, phone: extras.data.phone } } };
        }
        case '/update-user': {
          if ('image' in body) throw new APIError('BAD_REQUEST', { code: 'IMAGE_NOT_ALLOWED', message: 'Avatars are changed through the profile.' });
          if (!('name' in body)) return;
          const name = fullNameField.safeParse(body.name);
          if (!name.success) throw new APIError('BAD_REQUEST', SIGN_UP_CODES.name!);
          return { context: { body: { ...body, name: name.data } } };
        }
        case '/sign-in/email': {
          const email = emailField.safeParse(body.email);
          if (!email.success) return; // Better Auth refuses it
          const attempt = await options.signInThrottle.attempt(email.data);
          if (attempt.notify) options.signInsHeld(email.data, ctx.request);
          if (attempt.count > SIGN_IN_FAILURE_LIMIT.max) {
            throw new APIError('TOO_MANY_REQUESTS', {
              code: 'ACCOUNT_SIGN_IN_HELD',
              message: 'Too many failed sign-ins to this account. Wait a few minutes, or choose a new password.',
            });
          }
          return;
        }
        case '/send-verification-email': {
          const email = emailField.safeParse(body.email);
          if (!email.success) return; // Better Auth refuses it
          // Counted for any address (an unknown one too), so the limit tells nothing about accounts.
          if (!(await options.reserveResend(email.data))) {
            throw new APIError('TOO_MANY_REQUESTS', {
              code: 'VERIFICATION_EMAIL_RATE_LIMITED',
              message: 'Too many verification emails have been sent to this email address. Please wait a few minutes before trying again.',
            });
          }
          return;
        }
        case '/verify-email': {
          const token = typeof ctx.query?.token === 'string' ? ctx.query.token : '';
          const payload = token ? await verifyJWT<{ email?: string; updateTo?: string }>(token, ctx.context.secret) : null;
          if (!payload?.email || payload.updateTo) return;
          const [found] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.email, payload.email.toLowerCase()));
          if (found?.emailVerified) return ctx.json({ status: true, alreadyVerified: true });
          return;
        }
        case '/revoke-session': {
          // Better Auth answers {status: true} for any token, revoking only the caller's own: a token that is
          // not one of the caller's sessions is not found, whether it is someone else's or nobody's.
          const token = typeof body.token === 'string' ? body.token : null;
          const current = await getSessionFromCtx(ctx, { disableCookieCache: true });
          if (!token || !current) return; // Better Auth refuses it
          const [found] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.token, token));
          if (found?.userId !== current.user.id) throw new APIError('NOT_FOUND', { code: 'SESSION_NOT_FOUND', message: 'No session of yours has this token.' });
          return;
        }
        case '/change-password':
          return { context: { body: { ...body, revokeOtherSessions: true } } };
        default:
          return;
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path === '/sign-in/email') return afterSignIn(ctx);
      if (ctx.path === '/send-verification-email') {
        // Better Auth's own refusal to a signed-in owner, in the specification's words (section 8).
        const returned = ctx.context.returned;
        if (isAPIError(returned) && (returned.body as { code?: unknown } | undefined)?.code === 'EMAIL_ALREADY_VERIFIED') {
          throw new APIError('BAD_REQUEST', { code: 'EMAIL_ALREADY_VERIFIED', message: 'Your email has already been verified.' });
        }
        return;
      }
      if (ctx.path !== '/change-password') return;
      const returned = ctx.context.returned as { user?: { id: string; name: string; email: string } } | undefined;
      if (!returned || isAPIError(returned) || !returned.user) return;
      await options.sendPasswordChanged(returned.user, ctx.request);
    }),
  };
}
