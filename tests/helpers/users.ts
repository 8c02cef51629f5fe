/**
 * Test users through the real auth endpoints: sign up, follow the verification link from the captured
 * mail, and keep the session cookie. Each call makes a new, unique user.
 */
import { randomBytes } from 'node:crypto';
import type { TestApp } from './app';

export interface TestUser {
  email: string;
  username: string;
  password: string;
  cookie: string;
}

/** Joins the name=value parts of set-cookie headers into a Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((cookie) => cookie.split(';')[0]).join('; ');
}

/** The verification link in the last mail to `email`. */
export function verificationLink(testApp: TestApp, email: string): string {
  const mail = [...testApp.outbox].reverse().find((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no verification mail for ${email}`);
  return link;
}

/** Signs up (without verifying). */
export async function signUp(testApp: TestApp, overrides: Partial<{ email: string; username: string; password: string; name: string }> = {}) {
  const tag = randomBytes(4).toString('hex');
  const body = {
    email: overrides.email ?? `player-${tag}@example.com`,
    username: overrides.username ?? `player_${tag}`,
    password: overrides.password ?? 'correct horse battery',
    name: overrides.name ?? `Player ${tag}`,
    callbackURL: '/email-verified',
  };
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: body });
  return { response, ...body };
}

/** Signs in and returns the session cookie. */
export async function signIn(testApp: TestApp, email: string, password: string) {
  const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
  return { response, cookie: cookieFrom(response.headers['set-cookie']) };
}

/** A verified, signed-in user. */
export async function createUser(testApp: TestApp, overrides: Parameters<typeof signUp>[1] = {}): Promise<TestUser> {
  const { response, email, username, password } = await signUp(testApp, overrides);
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const link = new URL(verificationLink(testApp, email));
  const verified = await testApp.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  if (verified.statusCode >= 400) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  const { response: signedIn, cookie } = await signIn(testApp, email, password);
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
  return { email, username, password, cookie };
}
