import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/schema';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { cookieFrom, createUser, followVerificationLink, signIn, signUp, verificationLink } from '../../../tests/helpers/users';

describe(`accounts (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'http://palpite.test' });
  });
  afterAll(async () => t?.close());

  it('sends a verification mail on sign-up and refuses sign-in until the email is confirmed', async () => {
    const { response, email, password } = await signUp(t, { name: 'Maria Silva' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie'] ?? []).toHaveLength(0); // no session before verification
    const link = verificationLink(t, email);
    expect(link).toMatch(/^http:\/\/palpite\.test\/#\/email-verified\?token=[\w.-]+$/);
    const mail = t.outbox.find((m) => m.to === email)!;
    expect(mail.subject).toBe('Confirm your email for Palpite');
    expect(mail.html).not.toContain('Maria Silva');

    // Refused as a wrong password is (decision 005: a stranger cannot tell the right one).
    const refused = await signIn(t, email, password);
    expect(refused.response.statusCode).toBe(401);
    expect(refused.cookie).toBe('');

    const verified = await followVerificationLink(t, link);
    expect(verified.statusCode).toBe(200);
    const session = cookieFrom(verified.headers['set-cookie']);
    expect(session).toMatch(/session_token=/);
    expect(verified.headers['set-cookie']!.toString()).toMatch(/HttpOnly/i);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: session } });
    expect(me.json().user).toMatchObject({ email, fullName: 'Maria Silva', role: 'Regular User' });

    const allowed = await signIn(t, email, password);
    expect(allowed.response.statusCode).toBe(200);
  });

  it('writes the verification mail in the language of the browser', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/auth/sign-up/email', headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
      payload: { email: 'joao@example.com', password: 'senha secreta 1', name: 'João', username: 'joao' },
    });
    expect(response.statusCode).toBe(200);
    expect(t.outbox.find((m) => m.to === 'joao@example.com')?.subject).toBe('Confirme seu e-mail no Palpite');
  });

  it('refuses a taken or malformed username', async () => {
    await createUser(t, { username: 'Striker' });
    const taken = await signUp(t, { username: 'striker' });
    expect(taken.response.statusCode).toBe(400);
    expect(taken.response.json().code).toBe('USERNAME_TAKEN');
    const malformed = await signUp(t, { username: 'a b' });
    expect(malformed.response.statusCode).toBe(400);
    expect(malformed.response.json().code).toBe('USERNAME_INVALID');
  });

  it('refuses a short password and a wrong one', async () => {
    const short = await signUp(t, { password: 'short' });
    expect(short.response.statusCode).toBe(400);
    const user = await createUser(t);
    const wrong = await signIn(t, user.email, 'not the password');
    expect(wrong.response.statusCode).toBe(401);
  });

  it('keeps an active person signed in: a session near its end is renewed, with a new cookie', async () => {
    const user = await createUser(t);
    const token = decodeURIComponent(user.cookie.split('session_token=')[1]!.split(';')[0]!).split('.')[0]!;
    const soon = new Date(Date.now() + 60 * 60_000);
    await t.database.db.update(session).set({ expiresAt: soon }).where(eq(session.token, token));
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    expect(String(me.headers['set-cookie'])).toMatch(/session_token=.*Max-Age=\d{6}/);
    const [renewed] = await t.database.db.select().from(session).where(eq(session.token, token));
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('ends the session on sign-out', async () => {
    const user = await createUser(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: user.cookie, origin: 'http://palpite.test' }, payload: {} });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('trusted origins', () => {
  const attempt = (t: TestApp, origin: string, host: string) =>
    t.app.inject({
      method: 'POST', url: '/api/auth/sign-up/email', headers: { origin, host },
      payload: { email: `o-${Math.random().toString(36).slice(2)}@example.com`, password: 'password 123', name: 'O', username: `o_${Math.random().toString(36).slice(2, 10)}` },
    });

  it('without APP_URL, accepts the origin the app is opened on and refuses foreign ones', async () => {
    const t = await createTestApp();
    try {
      expect((await attempt(t, 'http://127.0.0.1:3000', '127.0.0.1:3000')).statusCode).toBe(200);
      expect((await attempt(t, 'http://192.168.1.20:3000', '192.168.1.20:3000')).statusCode).toBe(200);
      const foreign = await attempt(t, 'https://evil.example', '127.0.0.1:3000');
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe('INVALID_ORIGIN');
    } finally {
      await t.close();
    }
  });

  it('with APP_URL, trusts only it', async () => {
    const t = await createTestApp({ APP_URL: 'https://palpite.example.com' });
    try {
      expect((await attempt(t, 'https://palpite.example.com', 'palpite.example.com')).statusCode).toBe(200);
      expect((await attempt(t, 'http://127.0.0.1:3000', '127.0.0.1:3000')).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});

describe('auth rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'true' });
  });
  afterAll(async () => t?.close());

  it('cannot be dodged by faking X-Forwarded-For when no proxy is trusted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await t.app.inject({
        method: 'POST', url: '/api/auth/sign-in/email', headers: { 'x-forwarded-for': `198.51.100.${i}` }, remoteAddress: '192.0.2.77',
        payload: { email: 'nobody@example.com', password: 'wrong password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits repeated sign-in attempts from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await t.app.inject({
        method: 'POST', url: '/api/auth/sign-in/email', headers: { 'x-forwarded-for': '203.0.113.9' },
        // A new address each time: the per-account limit (10 failures) is not what this tests.
        payload: { email: `nobody-${i}@example.com`, password: 'wrong password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
