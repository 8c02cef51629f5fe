/**
 * verifySessionCopy (node:crypto) against Better Auth's own getCookieCache on real session copies from a
 * sign-in and on altered ones: it must vouch only for copies Better Auth accepts, with the same user and
 * session token, and must vouch for the genuine ones (else the hot routes would pay WebCrypto again).
 */
import { createHmac } from 'node:crypto';
import { getCookieCache, parseCookies } from 'better-auth/cookies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { createUser } from '../../../tests/helpers/users';
import { verifySessionCopy } from './session-copy';

const SECRET = 'test-secret-test-secret-test-secret-123';

type Copy = { session: Record<string, unknown> & { session: Record<string, unknown>; user: Record<string, unknown> }; expiresAt: number; signature: string };

const decode = (value: string): Copy => JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
const encode = (copy: object) => Buffer.from(JSON.stringify(copy)).toString('base64url');
/** Signs a copy as Better Auth's setCookieCache does (HMAC-SHA256, base64url without padding). */
const signed = (session: Copy['session'], expiresAt: number, secret = SECRET) => encode({
  session, expiresAt, signature: createHmac('sha256', secret).update(JSON.stringify({ ...session, expiresAt })).digest('base64url'),
});

describe(`verifySessionCopy agrees with Better Auth (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let genuine: string;
  const name = 'better-auth.session_data';
  beforeAll(async () => {
    t = await createTestApp();
    const person = await createUser(t, { username: 'copy_check' });
    genuine = parseCookies(person.cookie).get(name)!;
    expect(genuine).toBeTruthy();
  });
  afterAll(async () => t?.close());

  async function betterAuth(copy: string) {
    try {
      return await getCookieCache(new Headers({ cookie: `${name}=${copy}` }), { secret: SECRET, isSecure: false });
    } catch {
      return null;
    }
  }

  it('vouches for a genuine copy with the user and session token Better Auth reads from it', async () => {
    const ours = verifySessionCopy(genuine, SECRET);
    const theirs = await betterAuth(genuine);
    expect(ours).not.toBeNull();
    expect(theirs).not.toBeNull();
    expect(ours).toEqual({
      user: { id: theirs!.user.id, email: theirs!.user.email, name: theirs!.user.name, emailVerified: theirs!.user.emailVerified },
      sessionToken: theirs!.session.token,
    });
  });

  it('vouches for nothing Better Auth refuses: altered, re-signed, expired, wrong secret, broken', async () => {
    const copy = decode(genuine);
    const now = Date.now();
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const variants: Record<string, string> = {
      genuine,
      'user changed, old signature': encode({ ...copy, session: { ...copy.session, user: { ...copy.session.user, name: 'Mallory' } } }),
      'signature altered': encode({ ...copy, signature: flip(copy.signature, 5) }),
      'signature padded': encode({ ...copy, signature: `${copy.signature}=` }),
      'signature in base64': encode({ ...copy, signature: Buffer.from(copy.signature, 'base64url').toString('base64') }),
      'expiry moved, old signature': encode({ ...copy, expiresAt: copy.expiresAt + 60_000 }),
      're-signed with the right secret': signed({ ...copy.session, user: { ...copy.session.user, name: 'Resigned' } }, copy.expiresAt),
      're-signed with another secret': signed(copy.session, copy.expiresAt, 'another-secret-another-secret-another'),
      'copy expired': signed(copy.session, now - 1_000),
      'session expired inside': signed({ ...copy.session, session: { ...copy.session.session, expiresAt: new Date(now - 1_000).toISOString() } }, copy.expiresAt),
      'no user': signed({ ...copy.session, user: undefined } as unknown as Copy['session'], copy.expiresAt),
      'user id not a string': signed({ ...copy.session, user: { ...copy.session.user, id: 42 } }, copy.expiresAt),
      'no token': signed({ ...copy.session, session: { ...copy.session.session, token: undefined } }, copy.expiresAt),
      'array payload': encode([copy]),
      'not JSON': Buffer.from('{"session":').toString('base64url'),
      'empty': '',
      'bad characters': `${genuine}!`,
    };
    for (const [label, value] of Object.entries(variants)) {
      const ours = verifySessionCopy(value, SECRET);
      const theirs = await betterAuth(value);
      if (ours) {
        expect(theirs, label).not.toBeNull();
        expect(ours.user.id, label).toBe(theirs!.user.id);
        expect(ours.user.name, label).toBe(theirs!.user.name);
        expect(ours.sessionToken, label).toBe(theirs!.session.token);
      }
      if (label === 'genuine' || label === 're-signed with the right secret') expect(ours, label).not.toBeNull();
      else expect(ours, label).toBeNull();
    }
  });
});
