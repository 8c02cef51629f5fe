/**
 * People and groups on a server running as a process (server-process.ts), through its HTTP API only:
 * sign-up (with REQUIRE_EMAIL_VERIFICATION=false the server signs people in at once; with it, the
 * verification link is read from the mail the server wrote to DATA_DIR/outbox and followed), a group of
 * the demo league created by the first member and joined by the others with its invite code.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cookieFrom, hashQuery } from './users';

/** The public address test servers are given as APP_URL, sent as Origin with every request (Better Auth and the origin check compare them). */
export const TEST_ORIGIN = 'http://palpite.test';

/** The environment a server needs for these helpers: that APP_URL, sign-in at sign-up. */
export const REMOTE_MEMBERS_ENV: Readonly<Record<string, string>> = { APP_URL: TEST_ORIGIN, REQUIRE_EMAIL_VERIFICATION: 'false' };

/** A signed-up, signed-in person. */
export interface RemoteMember { email: string; username: string; cookie: string }

/** An answer: its status and parsed JSON body (null when the body was empty or not JSON). */
export interface ApiAnswer<T> { status: number; body: T }

/**
 * One JSON request to `base` + `path` with the member's cookie (when given).
 * @throws only when the connection fails (a status is an answer, not an error).
 */
export async function callApi<T = Record<string, unknown>>(
  base: string, method: string, path: string, options: { cookie?: string; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: parseJson(text) as T };
}

/** `text` parsed as JSON; null when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) as unknown : null;
  } catch {
    return null;
  }
}

/** Like callApi, but any status other than 2xx throws with the answer. */
export async function callOk<T = Record<string, unknown>>(
  base: string, method: string, path: string, options: { cookie?: string; body?: unknown } = {},
): Promise<T> {
  const answer = await callApi<T>(base, method, path, options);
  if (answer.status < 200 || answer.status > 299) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** How a new member is signed up. */
export interface SignUpOptions {
  /** Starts the username and the email (default 'player'). */
  prefix?: string;
  /** The server's DATA_DIR when it requires a verified email: the link is read from its outbox there. */
  verifyFrom?: string;
  /** The email address to use (e.g. one named in ADMIN_EMAILS). */
  email?: string;
}

/**
 * Signs a new person up and returns their session: the one sign-up gives, or, with `verifyFrom`, the one
 * following the verification link gives (autoSignInAfterVerification; a sign-in otherwise).
 * @throws when a step is refused or no mail arrives within 10 s.
 */
export async function signUpMember(base: string, options: SignUpOptions = {}): Promise<RemoteMember> {
  const prefix = options.prefix ?? 'player';
  const tag = randomBytes(4).toString('hex');
  const email = options.email ?? `${prefix}-${tag}@example.com`;
  const account = { email, password: 'correct horse battery', username: `${prefix}_${tag}`, name: `${prefix} ${tag}` };
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: JSON.stringify(account),
  });
  if (response.status !== 200) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  if (options.verifyFrom) return { email, username: account.username, cookie: await verify(base, options.verifyFrom, account) };
  const cookie = cookieFrom(response.headers.getSetCookie());
  if (!cookie) throw new Error('sign-up gave no session cookie (is REQUIRE_EMAIL_VERIFICATION=false?)');
  return { email, username: account.username, cookie };
}

/** Follows the verification link of the mail to `account.email` in DATA_DIR/outbox; returns the session cookie. */
async function verify(base: string, dataDir: string, account: { email: string; password: string }): Promise<string> {
  const token = await verificationToken(join(dataDir, 'outbox'), account.email);
  const verified = await fetch(`${base}/api/auth/verify-email?token=${encodeURIComponent(token)}`, { headers: { origin: TEST_ORIGIN }, redirect: 'manual' });
  await verified.arrayBuffer();
  if (verified.status >= 400) throw new Error(`verification: ${verified.status}`);
  const cookie = cookieFrom(verified.headers.getSetCookie());
  if (cookie) return cookie;
  const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: JSON.stringify(account),
  });
  await signedIn.arrayBuffer();
  if (signedIn.status !== 200) throw new Error(`sign-in after verification: ${signedIn.status}`);
  return cookieFrom(signedIn.headers.getSetCookie());
}

/** The token of the verification mail to `email` in an outbox folder (.eml, quoted-printable), waited for up to 10 s. */
async function verificationToken(outbox: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    let files: string[] = [];
    try {
      files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
    } catch {
      // no mail written yet
    }
    for (const name of files) {
      const mail = readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!new RegExp(`^To: <?${email.replace(/[.+]/g, '\\$&')}>?$`, 'mi').test(mail)) continue;
      const link = mail.match(/https?:\/\/\S*token=[^\s"<>]+/)?.[0];
      const token = link ? hashQuery(link).get('token') ?? new URL(link).searchParams.get('token') : null;
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no verification mail to ${email} in ${outbox}`);
}

/** A group's match as GET /api/groups/:groupId/matches lists it (the fields these tests read). */
export interface RemoteMatch {
  id: string;
  kickoff: string;
  deadline: string;
  open: boolean;
  status: string;
  myPrediction: { homeGoals: number; awayGoals: number; updatedAt: string } | null;
}

/** The group's matches as `member` sees them. */
export async function groupMatches(base: string, groupId: string, member: RemoteMember): Promise<RemoteMatch[]> {
  return (await callOk<{ matches: RemoteMatch[] }>(base, 'GET', `/api/groups/${groupId}/matches`, { cookie: member.cookie })).matches;
}

/**
 * `count` new members (signed up a few at a time: password hashing is CPU work) in a new group of the
 * first league the server lists (the demo league), created by the first of them.
 */
export async function groupWithMembers(base: string, count: number, options: Omit<SignUpOptions, 'email'> = {}) {
  const prefix = options.prefix ?? 'player';
  const members: RemoteMember[] = [];
  for (let i = 0; i < count; i += 4) {
    members.push(...await Promise.all(Array.from({ length: Math.min(4, count - i) }, () => signUpMember(base, options))));
  }
  const leagueId = (await callOk<{ leagues: { id: string }[] }>(base, 'GET', '/api/leagues')).leagues[0]!.id;
  const { group } = await callOk<{ group: { id: string; inviteCode: string } }>(base, 'POST', '/api/groups', {
    cookie: members[0]!.cookie, body: { name: `${prefix} pool`, leagueId },
  });
  for (const member of members.slice(1)) {
    await callOk(base, 'POST', '/api/groups/join', { cookie: member.cookie, body: { inviteCode: group.inviteCode } });
  }
  return { groupId: group.id, inviteCode: group.inviteCode, leagueId, members };
}
