/**
 * Accounts over HTTP as the specification describes them (sections 4, 5 and 8), with mail sent through
 * the app's real SMTP transport to a test SMTP server and its links followed: sign-up (both outcomes,
 * no enumeration), verification (fresh, used, expired, invalid), resend (alike for any address to a
 * stranger, sent, limit), sign-in (unverified, wrong, unknown — identical in status, body and time; the
 * per-account limit), revoking a session, password reset (identical answers and times, once, other
 * sessions revoked, notice mailed), password change, and the origin of mail links.
 */
import { signJWT } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { startSmtpSink, type SmtpSink } from '../../../tests/helpers/smtp-sink';
import { cookieFrom, followVerificationLink, hashQuery } from '../../../tests/helpers/users';
import { profiles, user as users } from '../db/schema';
import { VERIFICATION_MAIL_LIMIT } from './verification-mail-quota';

const SECRET = 'test-secret-test-secret-test-secret-123';
let counter = 0;
const fresh = () => {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { email: `acc-${tag}@example.com`, username: `acc_${tag}`, password: 'correct horse battery', name: `Account ${counter}` };
};

/**
 * The fastest answer time, in ms, of `request` for each of `inputs`, asked `rounds` times in turn
 * (alternating, so a slower moment of the machine weighs on every input alike). The fastest, not the
 * median: a busy machine only adds time (late timers, other processes), so the fastest answer is the
 * closest to what the route itself takes, and a difference in work between inputs still shows there.
 */
async function alternatingTimes<T>(inputs: T[], rounds: number, request: (input: T) => Promise<unknown>): Promise<number[]> {
  const samples = inputs.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, input] of inputs.entries()) {
      const started = performance.now();
      await request(input);
      samples[index]!.push(performance.now() - started);
    }
  }
  return samples.map((times) => Math.min(...times));
}

describe(`accounts over SMTP (${TEST_DB_KIND})`, () => {
  let sink: SmtpSink;
  let t: TestApp;

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/auth${url}`, payload, headers: { origin: 'http://palpite.test', ...headers } });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  /** Signs up, confirms through the mailed link and signs in; returns the account and its cookie. */
  async function verifiedAccount(extra: Record<string, string> = {}) {
    const account = { ...fresh(), ...extra };
    expect((await post('/sign-up/email', account)).statusCode).toBe(200);
    const mail = await sink.waitFor(account.email);
    expect((await followVerificationLink(t, mail.link!)).statusCode).toBe(200);
    const signedIn = await post('/sign-in/email', { email: account.email, password: account.password });
    expect(signedIn.statusCode).toBe(200);
    return { ...account, cookie: cookieFrom(signedIn.headers['set-cookie']) };
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ APP_URL: 'http://palpite.test', SMTP_URL: sink.url }, { realMail: true });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  describe('sign-up needing confirmation', () => {
    it('answers without a session and mails a hash-style confirmation link in the chosen language, text and HTML', async () => {
      const account = fresh();
      const response = await post('/sign-up/email', { ...account, language: 'es', callbackURL: '/join-group?code=ABCD-EFGH' });
      expect(response.statusCode).toBe(200);
      expect(response.json().token).toBeNull();
      expect(response.headers['set-cookie'] ?? []).toHaveLength(0);
      const mail = await sink.waitFor(account.email);
      expect(mail.subject).toBe('Confirma tu correo en Palpite');
      expect(mail.link).toMatch(/^http:\/\/palpite\.test\/#\/email-verified\?token=[\w.-]+&redirect=%2Fjoin-group%3Fcode%3DABCD-EFGH$/);
      expect(mail.html).toContain('Confirmar mi correo');
      // Whoever signs up chooses the name and may not own the address: mails never repeat it.
      expect(`${mail.text}${mail.html}`).not.toContain(account.name);
      const [profile] = await t.database.db.select().from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(users.email, account.email));
      expect(profile!.profiles).toMatchObject({ username: account.username, language: 'es', fullName: account.name, role: 'Regular User' });
    });

    it('gives the same answer for a registered and an unregistered address, whatever the username', async () => {
      const registered = await verifiedAccount();
      const taken = registered.username;
      const expected = { fresh: [200, null], 'a b': [400, 'USERNAME_INVALID'], [taken]: [400, 'USERNAME_TAKEN'] } as Record<string, [number, string | null]>;
      for (const username of [`new_${Date.now().toString(36)}`, 'a b', taken]) {
        const answers = [];
        for (const email of [registered.email, fresh().email]) {
          const response = await post('/sign-up/email', { email, password: 'another secret 1', name: 'Someone', username });
          const body = response.json();
          answers.push({ status: response.statusCode, code: body.code ?? null, keys: Object.keys(body).sort(), userKeys: Object.keys(body.user ?? {}).sort(), cookie: Boolean(response.headers['set-cookie']) });
        }
        expect(answers[0], `username ${username}`).toEqual(answers[1]);
        const [status, code] = expected[username] ?? expected.fresh!;
        expect(answers[0]).toMatchObject({ status, code });
      }
      // …and the registered address received nothing.
      expect(sink.to(registered.email)).toHaveLength(1);
    });

    it('bounds every text field at the contract with a 400 in our error shape', async () => {
      const cases = [
        { name: 'x'.repeat(101) }, { name: 'A\u0000B' }, { name: '' }, { username: 'ab' }, { username: 'x'.repeat(31) },
        { phone: 'call me maybe' }, { password: 'short' }, { password: 'p'.repeat(129) },
      ];
      for (const change of cases) {
        const response = await post('/sign-up/email', { ...fresh(), ...change });
        expect(response.statusCode, JSON.stringify(change).slice(0, 40)).toBe(400);
        expect(response.json().error).toEqual({ id: expect.any(String), message: expect.any(String) });
      }
      const long = await post('/sign-up/email', { ...fresh(), name: 'n'.repeat(500_000) });
      expect(long.statusCode).toBe(400);
    });
  });

  describe('verification', () => {
    it('verifies on open, signs the person in, and says so when the link is used again', async () => {
      const account = fresh();
      await post('/sign-up/email', account);
      const mail = await sink.waitFor(account.email);
      const first = await followVerificationLink(t, mail.link!);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ status: true });
      expect(first.json().alreadyVerified).toBeUndefined();
      expect((await me(cookieFrom(first.headers['set-cookie']))).json().user.email).toBe(account.email);
      const again = await followVerificationLink(t, mail.link!);
      expect(again.json()).toEqual({ status: true, alreadyVerified: true });
    });

    it('refuses an expired link and a forged one with their own codes', async () => {
      const account = fresh();
      await post('/sign-up/email', account);
      const expired = await signJWT({ email: account.email }, SECRET, -60);
      const late = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${expired}` });
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe('TOKEN_EXPIRED');
      const forged = await signJWT({ email: account.email }, 'another-secret-another-secret-1234', 3600);
      const invalid = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${forged}` });
      expect(invalid.statusCode).toBe(401);
      expect(invalid.json().code).toBe('INVALID_TOKEN');
    });
  });

  describe('resending the verification mail', () => {
    it("answers a stranger alike, in status, body and time, for a confirmed, an unconfirmed and an unknown address; 'Your email has already been verified.' only to its signed-in owner", async () => {
      const confirmed = await verifiedAccount();
      const unconfirmed = fresh();
      await post('/sign-up/email', unconfirmed);
      await sink.waitFor(unconfirmed.email);
      const addresses = [confirmed.email, unconfirmed.email, `nobody-${Date.now()}@example.com`];
      const answers = await Promise.all(addresses.map(async (email) => {
        const response = await post('/send-verification-email', { email });
        return { status: response.statusCode, body: response.json() };
      }));
      expect(answers[0]).toEqual({ status: 200, body: { status: true } });
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
      // Time: one request per address (each address may have 3 mails in 15 minutes, counted for any
      // address, so the same address soon answers 429), confirmed, unconfirmed and unknown in turn, 5 of
      // each. Compared by their fastest: a busy machine only ever adds time (a timer fires late), so the
      // fastest of each kind is the kind's own cost, and a kind that is faster or slower by its work shows there.
      const kinds = 5;
      const moreConfirmed: string[] = [];
      for (let n = 0; n < kinds; n++) moreConfirmed.push((await verifiedAccount()).email);
      const moreUnconfirmed = Array.from({ length: kinds }, () => fresh());
      for (const account of moreUnconfirmed) await post('/sign-up/email', account);
      const moreUnknown = moreUnconfirmed.map((_, n) => `nobody-${n}-${Date.now()}@example.com`);
      const inputs = moreConfirmed.flatMap((email, n) => [email, moreUnconfirmed[n]!.email, moreUnknown[n]!]);
      const times = await alternatingTimes(inputs, 1, (email) => post('/send-verification-email', { email }));
      const [confirmedMs, unconfirmedMs, unknownMs] = [0, 1, 2].map((kind) => Math.min(...times.filter((_, i) => i % 3 === kind)));
      console.log(`resend answered in ${confirmedMs!.toFixed(1)} ms (confirmed), ${unconfirmedMs!.toFixed(1)} ms (unconfirmed) and ${unknownMs!.toFixed(1)} ms (unknown), fastest of ${kinds}`);
      expect(Math.max(confirmedMs!, unconfirmedMs!, unknownMs!) - Math.min(confirmedMs!, unconfirmedMs!, unknownMs!)).toBeLessThan(30);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sink.to(confirmed.email)).toHaveLength(1); // the sign-up's only
      // Signed in, the owner of a confirmed address is told.
      const own = await post('/send-verification-email', { email: confirmed.email }, { cookie: confirmed.cookie });
      expect(own.statusCode).toBe(400);
      expect(own.json()).toMatchObject({ code: 'EMAIL_ALREADY_VERIFIED', message: 'Your email has already been verified.' });
    });

    it('sends up to the limit, then answers 429 with the specification message', async () => {
      const account = fresh();
      await post('/sign-up/email', account);
      await sink.waitFor(account.email);
      for (let sent = 1; sent < VERIFICATION_MAIL_LIMIT.max; sent++) {
        const response = await post('/send-verification-email', { email: account.email, callbackURL: '/groups' });
        expect(response.statusCode).toBe(200);
        const mail = await sink.waitFor(account.email, sent + 1);
        expect(hashQuery(mail.link!).get('redirect')).toBe('/groups');
      }
      const over = await post('/send-verification-email', { email: account.email });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({
        code: 'VERIFICATION_EMAIL_RATE_LIMITED',
        message: 'Too many verification emails have been sent to this email address. Please wait a few minutes before trying again.',
      });
      expect(sink.to(account.email)).toHaveLength(VERIFICATION_MAIL_LIMIT.max);
    });

    it('answers an unknown address as if it sent, and sends nothing', async () => {
      const response = await post('/send-verification-email', { email: 'nobody-here@example.com' });
      expect(response.statusCode).toBe(200);
      expect(sink.to('nobody-here@example.com')).toHaveLength(0);
    });
  });

  describe('sign-in', () => {
    it('answers the right password to an unconfirmed account as a wrong one, in status, body and time (no session, no flood of mail)', async () => {
      const account = fresh();
      await post('/sign-up/email', account);
      await sink.waitFor(account.email);
      const wrong = await post('/sign-in/email', { email: account.email, password: 'not the password' });
      for (let attempt = 0; attempt < 5; attempt++) {
        const right = await post('/sign-in/email', { email: account.email, password: account.password });
        expect({ status: right.statusCode, body: right.json() }).toEqual({ status: wrong.statusCode, body: wrong.json() });
        expect(right.statusCode).toBe(401);
        expect(right.headers['set-cookie'] ?? []).toHaveLength(0);
      }
      // The sign-up's link went out moments ago: sign-ins add none (a new one only when none went out in
      // the window, decision 005: no flood).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.to(account.email)).toHaveLength(1);
      // In the same time as a wrong password (both hash the password; the mail is prepared after the answer).
      const other = fresh();
      await post('/sign-up/email', other);
      const times = await alternatingTimes(['not the password', other.password], 8, (password) => post('/sign-in/email', { email: other.email, password }));
      console.log(`sign-in answered in ${times[0]!.toFixed(1)} ms (wrong password) and ${times[1]!.toFixed(1)} ms (right, unconfirmed), fastest of 8`);
      expect(Math.abs(times[0]! - times[1]!)).toBeLessThan(Math.max(80, times[0]! * 0.5)); // both hash a password; the margin is a loaded machine's noise
    });

    it('holds sign-ins to an address after 10 failures in 15 minutes, from any address, known or not, and tells the owner once', async () => {
      const account = await verifiedAccount();
      const unknown = `nobody-guessed-${Date.now()}@example.com`;
      for (const email of [account.email, unknown]) {
        for (let attempt = 1; attempt <= 10; attempt++) {
          const response = await post('/sign-in/email', { email, password: `guess number ${attempt}` });
          expect(response.statusCode, `${email} attempt ${attempt}`).toBe(401);
        }
      }
      for (const email of [account.email, unknown]) {
        const held = await post('/sign-in/email', { email, password: email === unknown ? 'anything at all' : account.password });
        expect(held.statusCode).toBe(429);
        expect(held.json().code).toBe('ACCOUNT_SIGN_IN_HELD');
      }
      const notice = await sink.waitFor(account.email, 2);
      expect(notice.subject).toBe('Failed sign-ins to your Palpite account');
      expect(notice.link).toBe('http://palpite.test/#/request-password-reset');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(sink.to(account.email)).toHaveLength(2); // once
      expect(sink.to(unknown)).toHaveLength(0);
      // Parallel guesses count too: of 20 sent at once to a fresh address, exactly 10 are judged.
      const target = `parallel-${Date.now()}@example.com`;
      const parallel = await Promise.all(Array.from({ length: 20 }, (_, n) => post('/sign-in/email', { email: target, password: `parallel guess ${n}` })));
      expect(parallel.filter((response) => response.statusCode === 401)).toHaveLength(10);
      expect(parallel.filter((response) => response.statusCode === 429)).toHaveLength(10);
      // Another account is not affected; once the window has slid past the failures, the owner signs in again.
      expect((await verifiedAccount()).cookie).toMatch(/session_token=/);
      await t.database.db.execute(sql`update sign_in_failures set failed_at = failed_at - interval '15 minutes'`);
      expect((await post('/sign-in/email', { email: account.email, password: account.password })).statusCode).toBe(200);
    });

    it('answers a wrong password (confirmed or not) and an unknown email identically', async () => {
      const verified = await verifiedAccount();
      const unverified = fresh();
      await post('/sign-up/email', unverified);
      const answers = await Promise.all([
        post('/sign-in/email', { email: verified.email, password: 'not the password' }),
        post('/sign-in/email', { email: unverified.email, password: 'not the password' }),
        post('/sign-in/email', { email: 'no-account@example.com', password: 'not the password' }),
      ]);
      const shapes = answers.map((r) => ({ status: r.statusCode, body: r.json() }));
      expect(shapes[0]).toEqual({ status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', error: { id: 'invalid_email_or_password', message: 'Invalid email or password' } } });
      expect(shapes[1]).toEqual(shapes[0]);
      expect(shapes[2]).toEqual(shapes[0]);
    });
  });

  describe('revoking a session', () => {
    it("answers 404 for a token that is not one of the caller's sessions, someone else's or nobody's, and revokes only one's own", async () => {
      const [alice, bob] = [await verifiedAccount(), await verifiedAccount()];
      const tokenOf = (cookie: string) => decodeURIComponent(cookie.match(/session_token=([^;]+)/)![1]!).replace(/\.[^.]*$/, '');
      for (const token of [tokenOf(bob.cookie), 'no-such-token-at-all']) {
        const refused = await post('/revoke-session', { token }, { cookie: alice.cookie });
        expect(refused.statusCode, token).toBe(404);
        expect(refused.json().code).toBe('SESSION_NOT_FOUND');
      }
      expect((await me(bob.cookie)).statusCode).toBe(200);
      const second = cookieFrom((await post('/sign-in/email', { email: alice.email, password: alice.password })).headers['set-cookie']);
      expect((await post('/revoke-session', { token: tokenOf(second) }, { cookie: alice.cookie })).json()).toEqual({ status: true });
      expect((await me(second)).statusCode).toBe(401);
      expect((await me(alice.cookie)).statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    it('answers a known and an unknown address identically and mails only the known one', async () => {
      const account = await verifiedAccount();
      const known = await post('/request-password-reset', { email: account.email, redirectTo: '/update-password' });
      const unknown = await post('/request-password-reset', { email: 'nobody-at-all@example.com', redirectTo: '/update-password' });
      expect({ status: known.statusCode, body: known.json() }).toEqual({ status: unknown.statusCode, body: unknown.json() });
      const times = await alternatingTimes([account.email, 'nobody-at-all@example.com'], 4, (email) => post('/request-password-reset', { email }));
      console.log(`password reset answered in ${times[0]!.toFixed(1)} ms (known) and ${times[1]!.toFixed(1)} ms (unknown), fastest of 4`);
      expect(Math.abs(times[0]! - times[1]!)).toBeLessThan(30);
      const mail = await sink.waitFor(account.email, 2);
      expect(mail.subject).toBe('Reset your Palpite password');
      expect(mail.link).toMatch(/^http:\/\/palpite\.test\/#\/update-password\?token=\w+$/);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sink.to('nobody-at-all@example.com')).toHaveLength(0);
    });

    it('sets a new password once, revokes every session and every other reset link, and mails a notice', async () => {
      const account = await verifiedAccount();
      const other = await post('/sign-in/email', { email: account.email, password: account.password });
      const otherCookie = cookieFrom(other.headers['set-cookie']);
      await post('/request-password-reset', { email: account.email });
      const older = hashQuery((await sink.waitFor(account.email, 2)).link!).get('token')!;
      await post('/request-password-reset', { email: account.email });
      const token = hashQuery((await sink.waitFor(account.email, 3)).link!).get('token')!;
      expect(token).not.toBe(older);
      const reset = await post('/reset-password', { token, newPassword: 'a brand new secret' });
      expect(reset.statusCode).toBe(200);
      expect((await me(account.cookie)).statusCode).toBe(401);
      expect((await me(otherCookie)).statusCode).toBe(401);
      for (const used of [token, older]) {
        const again = await post('/reset-password', { token: used, newPassword: 'yet another secret' });
        expect(again.statusCode).toBe(400);
        expect(again.json().code).toBe('INVALID_TOKEN');
      }
      const notice = await sink.waitFor(account.email, 4);
      expect(notice.subject).toBe('Your Palpite password was changed');
      expect((await post('/sign-in/email', { email: account.email, password: 'a brand new secret' })).statusCode).toBe(200);
      expect((await post('/sign-in/email', { email: account.email, password: account.password })).statusCode).toBe(401);
    });

    it('writes the reset mail in the language of the profile, whatever the browser says', async () => {
      const account = await verifiedAccount({ language: 'pt-BR' });
      await post('/request-password-reset', { email: account.email }, { 'accept-language': 'es' });
      expect((await sink.waitFor(account.email, 2)).subject).toBe('Redefina sua senha do Palpite');
    });
  });

  describe('changing the password (profile)', () => {
    it('needs the current password, keeps this session, revokes the others and pending reset links, and mails a notice', async () => {
      const account = await verifiedAccount();
      await post('/request-password-reset', { email: account.email });
      const pending = hashQuery((await sink.waitFor(account.email, 2)).link!).get('token')!;
      const other = cookieFrom((await post('/sign-in/email', { email: account.email, password: account.password })).headers['set-cookie']);
      const wrong = await post('/change-password', { currentPassword: 'not it at all', newPassword: 'new secret here' }, { cookie: account.cookie });
      expect(wrong.statusCode).toBe(400);
      // The client asks to keep the other sessions; the server revokes them anyway.
      const changed = await post('/change-password', { currentPassword: account.password, newPassword: 'new secret here', revokeOtherSessions: false }, { cookie: account.cookie });
      expect(changed.statusCode).toBe(200);
      const current = cookieFrom(changed.headers['set-cookie']) || account.cookie;
      expect((await me(current)).statusCode).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect((await sink.waitFor(account.email, 3)).subject).toBe('Your Palpite password was changed');
      expect((await post('/reset-password', { token: pending, newPassword: 'an attacker secret' })).statusCode).toBe(400);
    });
  });
});

describe(`mail links without APP_URL (${TEST_DB_KIND})`, () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PORT: '3999' }, { realMail: true });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const signUpFrom = async (host: string) => {
    const account = fresh();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { host, origin: `http://${host}` }, payload: account });
    expect(response.statusCode).toBe(200);
    return (await sink.waitFor(account.email)).link!;
  };

  it('point at the address the app was opened on when it is this machine', async () => {
    expect(await signUpFrom('127.0.0.1:3999')).toMatch(/^http:\/\/127\.0\.0\.1:3999\/#\/email-verified\?token=/);
  });

  it('never at a host the request made up (host-header poisoning)', async () => {
    expect(await signUpFrom('evil.example')).toMatch(/^http:\/\/localhost:3999\/#\/email-verified\?token=/);
    expect(await signUpFrom('127.attacker.example:3999')).toMatch(/^http:\/\/localhost:3999\/#\/email-verified\?token=/);
    expect(await signUpFrom('127.0.0.1:6666')).toMatch(/^http:\/\/localhost:3999\/#\/email-verified\?token=/);
  });
});

describe(`sign-up without required verification (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'false' });
  });
  afterAll(async () => t?.close());

  it('signs the person in at once, with a confirmed address and no mail', async () => {
    const account = fresh();
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: account });
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toEqual(expect.any(String));
    const cookie = cookieFrom(response.headers['set-cookie']);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ email: account.email, emailVerified: true });
    expect(t.outbox).toHaveLength(0);
  });
});
