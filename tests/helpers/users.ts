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

/** The link of the last mail to `email` (verification: …/#/email-verified?token=…). */
export function verificationLink(testApp: TestApp, email: string): string {
  const mail = [...testApp.outbox].reverse().find((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no verification mail for ${email}`);
  return link;
}

/** The query of a hash-style link ("http://x/#/email-verified?token=…&redirect=…"). */
export function hashQuery(link: string): URLSearchParams {
  const hash = new URL(link).hash;
  return new URLSearchParams(hash.includes('?') ? hash.slice(hash.indexOf('?') + 1) : '');
}

/** What the EmailVerified page does with a verification link: GET /api/auth/verify-email?token=…. */
export async function followVerificationLink(testApp: TestApp, link: string) {
  const token = hashQuery(link).get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return testApp.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });
}

/** Signs up (without verifying). */
export async function signUp(testApp: TestApp, overrides: Partial<{ email: string; username: string; password: string; name: string }> = {}) {
  const tag = randomBytes(4).toString('hex');
  const body = {
    email: overrides.email ?? `player-${tag}@example.com`,
    username: overrides.username ?? `player_${tag}`,
    password: overrides.password ?? 'correct horse battery',
    name: overrides.name ?? `Player ${tag}`,
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
  const verified = await followVerificationLink(testApp, verificationLink(testApp, email));
  if (verified.statusCode >= 400) throw new Error(`verification failed: ${verified.statusCode} ${verified.body}`);
  const { response: signedIn, cookie } = await signIn(testApp, email, password);
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
  return { email, username, password, cookie };
}
