/**
 * The signed token of a reminder mail's unsubscribe link: who and which kind, signed with the app's
 * secret (HMAC-SHA256), so the link works without signing in and cannot be made for someone else. It
 * does not expire: an old mail's link keeps working, and it can only turn mails off.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_NOTIFICATION_KINDS, type EmailNotificationKind } from '../../../contracts/notifications';

function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url');
}

/** The token for `userId` and `kind`: base64url("userId.kind") + "." + signature. */
export function unsubscribeToken(secret: string, userId: string, kind: EmailNotificationKind): string {
  const body = Buffer.from(`${userId}.${kind}`).toString('base64url');
  return `${body}.${signature(secret, body)}`;
}

/** Who and which kind a token names, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: EmailNotificationKind } | null {
  const [body, signed, extra] = token.split('.');
  if (!body || !signed || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, body));
  const given = Buffer.from(signed);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const text = Buffer.from(body, 'base64url').toString();
  const dot = text.lastIndexOf('.');
  const userId = text.slice(0, dot);
  const kind = text.slice(dot + 1);
  if (dot <= 0 || !(EMAIL_NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  return { userId, kind: kind as EmailNotificationKind };
}
