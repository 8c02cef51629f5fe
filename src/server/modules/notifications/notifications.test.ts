/**
 * Reminders and notifications on a real database, with a fixed clock: who gets which deadline
 * reminder and results notice, by which channel, nobody twice and nobody who unsubscribed; the mails (in
 * the person's language, with a signed one-click unsubscribe link that works without signing in); the
 * pushes as a push service receives them (a local stand-in; payloads decrypted as a browser would); a
 * device the push service says is gone is forgotten; goal pushes only for those who opted in, once per
 * score however many instances hear it; and the settings routes.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { startPushService, type FakeDevice } from '../../../../tests/helpers/push-service';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { matches } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { seedDemoIfEmpty } from '../demo/seed';
import { foldPending } from '../scoring/fold';
import { sendDueReminders, sendGoalNotices, type DeliveryContext } from './deliver';
import { dropDeadMessages, recordOutcomes, renewLeases } from './delivery-record';
import { createPushSender } from './push-sender';
import { isAllowedPushEndpoint } from './push-endpoint';
import { claimDeadlineReminders, pruneSentNotifications } from './reminders';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';
import { resolveVapidKeys } from './vapid';
import { startReminderJob } from '../../jobs/reminder-job';

const NOW = new Date('2030-06-01T12:00:00.000Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const SECRET = 'test-secret-test-secret-test-secret-123'; // createTestApp's BETTER_AUTH_SECRET

describe(`reminders and notifications (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let push: Awaited<ReturnType<typeof startPushService>>;
  let delivery: DeliveryContext;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let ids: Record<'ana' | 'bruno' | 'carla', string>;
  let groupId: string;
  let soon: { id: string }[]; // round A: two matches closing within 2 h, one later
  let over: { id: string }[]; // round B: every match of a round, played
  const devices: Record<string, FakeDevice> = {};

  const inject = (who: TestUser | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
  const predict = async (who: TestUser, matchId: string, homeGoals: number, awayGoals: number) => {
    const response = await inject(who, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId, homeGoals, awayGoals }] });
    expect(response.json().results[0].status).toBe('saved');
  };
  const subscribe = async (who: TestUser, name: string) => {
    devices[name] = push.device(name);
    expect((await inject(who, 'POST', '/api/me/push-subscriptions', devices[name]!.subscription)).statusCode).toBe(204);
  };
  const pushesTo = (name: string) => push.messages.filter((message) => message.device === name).map((message) => devices[name]!.read(message));

  beforeAll(async () => {
    push = await startPushService((device) => (device === 'gone' ? 410 : 201));
    // The app's own push sender reaches the local push service too (goal pushes from live events).
    t = await createTestApp({}, { pushAgent: push.agent });
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno, carla] = await Promise.all(['ana', 'bruno', 'carla'].map((username) => createUser(t, { username, email: `${username}@example.com` }))) as [TestUser, TestUser, TestUser];
    ids = Object.fromEntries(rowsOf<{ id: string; email: string }>(await t.database.db.execute(sql`select id, email from "user"`))
      .map((row) => [row.email.split('@')[0], row.id])) as typeof ids;
    await t.database.db.execute(sql`update profiles set language = 'pt-BR' where user_id = ${ids.bruno}`);
    const leagueId = (await inject(null, 'GET', '/api/leagues')).json().leagues[0].id as string;
    const created = (await inject(ana, 'POST', '/api/groups', { name: 'Office Pool', leagueId })).json().group;
    groupId = created.id;
    for (const who of [bruno, carla]) expect((await inject(who, 'POST', '/api/groups/join', { inviteCode: created.inviteCode })).statusCode).toBe(200);

    // Two open rounds of the demo league, moved to the fixed clock's day (every other match is years before it).
    // Rounds with every match still scheduled: today's round has played some of its matches by the afternoon.
    const rounds = rowsOf<{ round_order: number }>(await t.database.db.execute(sql`
      select round_order from matches where league_id = ${leagueId}::uuid
       group by round_order having bool_and(status = 'scheduled') order by round_order limit 2`));
    const roundMatches = (order: number) => t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.leagueId, leagueId), eq(matches.roundOrder, order))).orderBy(asc(matches.kickoff));
    soon = await roundMatches(Number(rounds[0]!.round_order));
    over = await roundMatches(Number(rounds[1]!.round_order));
    // Round A closes at +45 min, +105 min (within 2 h) and +185 min (not yet), the rest later still.
    for (const [index, match] of soon.entries()) {
      await t.database.db.update(matches).set({ kickoff: minutes([60, 120, 200][index] ?? 600 + index * 60) }).where(eq(matches.id, match.id));
    }
    for (const [index, match] of over.entries()) {
      await t.database.db.update(matches).set({ kickoff: minutes(-300 + index * 30) }).where(eq(matches.id, match.id));
    }
    delivery = {
      mailer: { mode: 'outbox', send: async (mail) => void t.outbox.push(mail) },
      push: createPushSender(await resolveVapidKeys(t.database.db, {}), 'mailto:test@example.com', t.app.log, { agent: push.agent }),
      appUrl: 'http://palpite.test', secret: SECRET, log: t.app.log,
    };
  });
  afterAll(async () => {
    await push?.close();
    await t?.close();
  });

  it('keeps my preferences and devices; push endpoints outside the push services are refused in production', async () => {
    expect((await inject(null, 'GET', '/api/me/notifications')).statusCode).toBe(401);
    const defaults = (await inject(carla, 'GET', '/api/me/notifications')).json();
    expect(defaults).toMatchObject({
      preferences: { email: { deadline: true, results: false }, push: { deadline: true, results: true, goals: false } }, pushDevices: 0,
    });
    expect(defaults.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    // The same key pair on every start (kept in the database), unless both VAPID_* variables name another.
    expect((await resolveVapidKeys(t.database.db, {})).publicKey).toBe(defaults.vapidPublicKey);
    const own = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    expect(await resolveVapidKeys(t.database.db, own)).toEqual({ publicKey: own.VAPID_PUBLIC_KEY, privateKey: own.VAPID_PRIVATE_KEY });
    await expect(resolveVapidKeys(t.database.db, { VAPID_PUBLIC_KEY: own.VAPID_PUBLIC_KEY })).rejects.toThrow(/both/);
    expect((await resolveVapidKeys(t.database.db, {})).publicKey).toBe(defaults.vapidPublicKey);

    const saved = await inject(ana, 'PUT', '/api/me/notifications', { email: { deadline: true, results: true }, push: { deadline: true, results: true, goals: true } });
    expect(saved.json().preferences).toEqual({ email: { deadline: true, results: true }, push: { deadline: true, results: true, goals: true } });
    expect((await inject(ana, 'PUT', '/api/me/notifications', { email: { deadline: 'yes' } })).statusCode).toBe(400);
    await subscribe(ana, 'ana-phone');
    await subscribe(bruno, 'bruno-phone');
    await subscribe(bruno, 'gone');
    await subscribe(carla, 'carla-phone');
    expect((await inject(bruno, 'GET', '/api/me/notifications')).json().pushDevices).toBe(2);
    expect((await inject(bruno, 'POST', '/api/me/push-subscriptions', { endpoint: 'not a url', keys: { p256dh: 'x', auth: 'y' } })).statusCode).toBe(400);

    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', [], false)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QGx', [], false)).toBe(true);
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', [], false)).toBe(true);
    for (const bad of ['http://fcm.googleapis.com/x', 'https://169.254.169.254/latest', 'https://localhost/x', 'https://fcm.googleapis.com.evil.test/x',
      'https://evilfcm.googleapis.com.test/x', 'https://fcm.googleapis.com:8443/x', 'https://user:pw@fcm.googleapis.com/x',
      // Addresses Node's legacy parser (web-push's) reads with another host than the URL standard.
      'https://localhost{.fcm.googleapis.com/x', 'https://example.com`.web.push.apple.com/x', 'https://example.com\\.fcm.googleapis.com/x',
      'https://fcm.googleapis.com./x', 'https://[::1]/x', 'https://FCM.googleapis.com\t/x']) {
      expect(isAllowedPushEndpoint(bad, [], false), bad).toBe(false);
    }
    expect(isAllowedPushEndpoint('https://push.example.org/x', ['push.example.org'], false)).toBe(true);
    // In tests any host goes, but never an address the two parsers read differently.
    expect(isAllowedPushEndpoint('https://127.0.0.1:8443/push/a', [], true)).toBe(true);
    expect(isAllowedPushEndpoint('https://localhost{.x/push/a', [], true)).toBe(false);
  });

  it('reminds each member once of the matches closing within 2 hours that they have not predicted, by their channels', async () => {
    await predict(ana, soon[0]!.id, 2, 1); // ana: one of the two left
    await predict(carla, soon[0]!.id, 1, 1);
    await predict(carla, soon[1]!.id, 0, 0); // carla: nothing left to predict in the window
    // Before the window opens: nothing.
    expect(await sendDueReminders(t.database.db, delivery, minutes(-120))).toEqual({ deadline: 0, results: 0, retried: 0 });

    const sent = await sendDueReminders(t.database.db, delivery, NOW);
    // ana: mail + push; bruno: mail (Portuguese) + 1 of 2 pushes accepted (the other device is gone).
    expect(sent.deadline).toBe(4);
    const mails = t.outbox.filter((mail) => /close|fecha/.test(mail.subject));
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ana@example.com', 'bruno@example.com']);
    const toAna = mails.find((mail) => mail.to === 'ana@example.com')!;
    expect(toAna.subject).toBe("Office Pool: 1 match closes in 2 hours and you haven't predicted it.");
    expect(toAna.text).toContain(`http://palpite.test/group/${groupId}/predictions`);
    const toBruno = mails.find((mail) => mail.to === 'bruno@example.com')!;
    expect(toBruno.text).toContain('2 jogos fecham em 2 horas e você ainda não deu seus palpites.');
    expect(toBruno.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(pushesTo('ana-phone')).toEqual([{
      kind: 'deadline', title: 'Office Pool', body: "1 match closes in 2 hours and you haven't predicted it.", url: `/group/${groupId}/predictions`, tag: expect.stringMatching(/^deadline:/),
    }]);
    expect(pushesTo('bruno-phone')).toMatchObject([{ kind: 'deadline', body: '2 jogos fecham em 2 horas e você ainda não deu seus palpites.' }]);
    expect(pushesTo('carla-phone')).toEqual([]);
    // The push service said the device is gone: it is forgotten.
    expect((await inject(bruno, 'GET', '/api/me/notifications')).json().pushDevices).toBe(1);
    const message = push.messages.find((m) => m.device === 'ana-phone')!;
    expect(message.headers.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(message.headers['content-encoding']).toBe('aes128gcm');

    // Later in the window, and from another instance at once: nothing is sent twice.
    const again = await Promise.all([sendDueReminders(t.database.db, delivery, minutes(20)), claimDeadlineReminders(t.database.db, minutes(30))]);
    expect(again).toEqual([{ deadline: 0, results: 0, retried: 0 }, []]);
    expect(t.outbox.filter((mail) => /close|fecha/.test(mail.subject))).toHaveLength(2);
  });

  it('turns a kind of mail off from the link, without signing in, and sends that person none after', async () => {
    const toBruno = t.outbox.find((mail) => mail.to === 'bruno@example.com' && /fecha/.test(mail.subject))!;
    const link = toBruno.text.match(/http:\/\/palpite\.test\/unsubscribe\?token=(\S+)/);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId: ids.bruno, kind: 'deadline' });
    expect(readUnsubscribeToken('another-secret-another-secret-1234', token)).toBeNull();
    // A forged token (someone else's id with a made-up signature) is refused and changes nothing.
    const forged = `${Buffer.from(`${ids.ana}.deadline`).toString('base64url')}.${token.split('.')[1]}`;
    const refused = await inject(null, 'POST', '/api/notifications/unsubscribe', { token: forged });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.id).toBe('invalid_unsubscribe_token');
    // The mail program's one-click POST (RFC 8058): a form body, the token in the address.
    const oneClick = await t.app.inject({
      method: 'POST', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ kind: 'deadline' });
    // The same as multipart, with no body at all, and from a mail program's web page on another origin.
    const boundary = 'xYz';
    for (const [headers, payload] of [
      [{ 'content-type': `multipart/form-data; boundary=${boundary}` }, `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`],
      [{}, undefined],
      [{ 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' }, 'List-Unsubscribe=One-Click'],
    ] as const) {
      const again = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, headers, payload });
      expect(again.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // Other write routes still refuse another origin.
    expect((await t.app.inject({ method: 'PUT', url: '/api/me/notifications', headers: { cookie: bruno.cookie, origin: 'https://mail.example.com' },
      payload: { email: { deadline: true, results: true }, push: { deadline: true, results: true, goals: true } } })).statusCode).toBe(403);
    expect((await inject(bruno, 'GET', '/api/me/notifications')).json().preferences.email).toEqual({ deadline: false, results: false });
    expect((await inject(ana, 'GET', '/api/me/notifications')).json().preferences.email.deadline).toBe(true);
    // The page's POST works the same.
    const results = unsubscribeToken(SECRET, ids.ana, 'results');
    expect((await inject(null, 'POST', '/api/notifications/unsubscribe', { token: results })).json()).toEqual({ kind: 'results' });
    await inject(ana, 'PUT', '/api/me/notifications', { email: { deadline: true, results: true }, push: { deadline: true, results: true, goals: true } });

    // 90 minutes on, round A's third match closes within 2 h too: carla, who had nothing due before, is
    // reminded now (mail and push); ana and bruno were reminded of this round already.
    expect(await sendDueReminders(t.database.db, delivery, minutes(90))).toEqual({ deadline: 2, results: 0, retried: 0 });
    expect(t.outbox.filter((mail) => /close|fecha/.test(mail.subject)).map((mail) => mail.to).sort()).toEqual(['ana@example.com', 'bruno@example.com', 'carla@example.com']);
  });

  it('tells each member who predicted a finished round their points and place, once it is all played and counted', async () => {
    await predict(ana, over[0]!.id, 2, 0);
    await predict(bruno, over[0]!.id, 1, 0);
    const pushesBefore = push.messages.length;
    // All but the last match played: not yet.
    for (const match of over.slice(0, -1)) await setMatchResult(t.database.db, match.id, { status: 'finished', homeGoals: 2, awayGoals: 0 });
    await foldPending(t.database.db);
    expect(await sendDueReminders(t.database.db, delivery, NOW)).toEqual({ deadline: 0, results: 0, retried: 0 });
    // The last one cancelled: the round is over. Results wait for the totals to be folded.
    await setMatchResult(t.database.db, over.at(-1)!.id, { status: 'cancelled' });
    const queued = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from scoring_queue`))[0]!.n;
    if (Number(queued) > 0) expect(await sendDueReminders(t.database.db, delivery, NOW)).toEqual({ deadline: 0, results: 0, retried: 0 });
    await foldPending(t.database.db);

    const sent = await sendDueReminders(t.database.db, delivery, NOW);
    expect(sent.results).toBe(3); // ana: mail + push; bruno: push (results by mail are off by default); carla predicted nothing in it
    const mail = t.outbox.find((m) => m.to === 'ana@example.com' && m.subject.startsWith('Results'))!;
    expect(mail.subject).toBe('Results are in: you scored 10 points, now 1st in Office Pool.');
    expect(mail.text).toContain(`http://palpite.test/group/${groupId}?tab=ranking`);
    expect(pushesTo('bruno-phone').at(-1)).toMatchObject({ kind: 'results', body: 'Resultados: você fez 3 pontos e agora está em 2º no Office Pool.' });
    expect(push.messages.length - pushesBefore).toBe(2);
    expect(await sendDueReminders(t.database.db, delivery, minutes(60))).toEqual({ deadline: 0, results: 0, retried: 0 });
    // The group's round was worked out once: later runs do not read its standings again, even where a claim
    // is missing (taken away here to tell the two apart).
    const worked = rowsOf<{ group_id: string; round_order: number }>(await t.database.db.execute(sql`select group_id, round_order from results_notice_rounds`));
    const [round] = rowsOf<{ round_order: number }>(await t.database.db.execute(sql`select round_order from matches where id = ${over[0]!.id}::uuid`));
    expect(worked).toContainEqual({ group_id: groupId, round_order: round!.round_order });
    const anaResults = async () => Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`
      select count(*)::int as n from sent_notifications where kind = 'results' and user_id = ${ids.ana}`))[0]!.n);
    await t.database.db.execute(sql`delete from sent_notifications where kind = 'results' and user_id = ${ids.ana}`);
    expect(await sendDueReminders(t.database.db, delivery, minutes(61))).toEqual({ deadline: 0, results: 0, retried: 0 });
    expect(await anaResults()).toBe(0);
    // A match of the round marked finished before its score came: not over until the score is in.
    await t.database.db.execute(sql`update matches set home_goals = null, away_goals = null, result_version = result_version + 1 where id = ${over[1]!.id}::uuid`);
    expect(await sendDueReminders(t.database.db, delivery, minutes(62))).toEqual({ deadline: 0, results: 0, retried: 0 });
    // A result of the round changed (the score in, ana's match corrected): worked out again, and ana, whose
    // claim is gone, is told (mail and push); bruno and the rest already were.
    await setMatchResult(t.database.db, over[1]!.id, { status: 'finished', homeGoals: 2, awayGoals: 0 });
    await setMatchResult(t.database.db, over[0]!.id, { status: 'finished', homeGoals: 3, awayGoals: 0 });
    await foldPending(t.database.db);
    expect((await sendDueReminders(t.database.db, delivery, minutes(63))).results).toBe(2);
    expect(await anaResults()).toBe(2);
    expect(await sendDueReminders(t.database.db, delivery, minutes(64))).toEqual({ deadline: 0, results: 0, retried: 0 });
  });

  it('pushes a goal to those who predicted the match and asked for goals, once per score across instances', async () => {
    const event = { matchId: soon[0]!.id, leagueId: 'x', status: 'live' as const, homeGoals: 1, awayGoals: 0, homeGoalsExtraTime: null, awayGoalsExtraTime: null, kickoff: NOW.toISOString() };
    const before = push.messages.length;
    // Two instances hear the same event.
    const counts = await Promise.all([sendGoalNotices(t.database.db, delivery, event), sendGoalNotices(t.database.db, delivery, event)]);
    expect(counts.sort()).toEqual([0, 1]); // ana only: carla predicted it but never asked for goals
    expect(pushesTo('ana-phone').at(-1)).toMatchObject({ kind: 'goals', title: 'Goal!', body: expect.stringMatching(/ 1–0 .*Your prediction: 2–1\.$/), tag: `goals:${soon[0]!.id}` });
    expect(push.messages.length - before).toBe(1);
    expect(await sendGoalNotices(t.database.db, delivery, { ...event, homeGoals: 0 })).toBe(0); // 0–0: no goal
    expect(await sendGoalNotices(t.database.db, delivery, { ...event, awayGoals: 1 })).toBe(1); // 1–1
    // Extra time: its score is the one announced, once.
    const extra = { ...event, awayGoals: 1, homeGoalsExtraTime: 2, awayGoalsExtraTime: 1 };
    expect(await sendGoalNotices(t.database.db, delivery, extra)).toBe(1);
    expect(pushesTo('ana-phone').at(-1)).toMatchObject({ body: expect.stringMatching(/ 2–1 .*Your prediction: 2–1\.$/) });
    expect(await sendGoalNotices(t.database.db, delivery, extra)).toBe(0);
  });

  it('pushes a live score entered by an administrator to those who asked for goals, through the app\'s own event path', async () => {
    const before = push.messages.length;
    // As the admin route does: the score and its live event in one transaction; every instance hears it.
    await setMatchResult(t.database.db, soon[0]!.id, { status: 'live', homeGoals: 4, awayGoals: 4 });
    await expect.poll(() => pushesTo('ana-phone').some((payload) => /4–4/.test((payload as { body: string }).body)), { timeout: 5_000 }).toBe(true);
    expect(pushesTo('ana-phone').at(-1)).toMatchObject({ kind: 'goals', tag: `goals:${soon[0]!.id}`, body: expect.stringMatching(/ 4–4 .*Your prediction: 2–1\.$/) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(push.messages.length - before).toBe(1); // ana only, once
  });

  it('tries a failed send again until it is delivered, takes over a claim whose sender died, never sends twice or late, and never to someone unsubscribed, before or after the claim', async () => {
    const join = async (username: string) => {
      const who = await createUser(t, { username, email: `${username}@example.com` });
      const inviteCode = (await inject(ana, 'GET', `/api/groups/${groupId}`)).json().group.inviteCode;
      expect((await inject(who, 'POST', '/api/groups/join', { inviteCode })).statusCode).toBe(200);
      return rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from "user" where email = ${`${username}@example.com`}`))[0]!.id;
    };
    const mailsTo = (username: string) => t.outbox.filter((mail) => mail.to === `${username}@example.com` && /close/.test(mail.subject));
    const failing: DeliveryContext = { ...delivery, mailer: { mode: 'smtp', send: async () => { throw new Error('SMTP server down'); } } };
    const row = async (userId: string) => rowsOf<{ attempts: number; delivered: boolean; has_message: boolean }>(await t.database.db.execute(sql`
      select attempts, delivered_at is not null as delivered, message is not null as has_message from sent_notifications where user_id = ${userId} and kind = 'deadline'`));

    // eva's mail fails; hal unsubscribed from deadline mails before anything was sent to him.
    const eva = await join('eva');
    const hal = await join('hal');
    expect((await inject(null, 'POST', '/api/notifications/unsubscribe', { token: unsubscribeToken(SECRET, hal, 'deadline') })).statusCode).toBe(200);
    expect(await sendDueReminders(t.database.db, failing, minutes(96))).toEqual({ deadline: 0, results: 0, retried: 0 });
    expect(await row(eva)).toEqual([{ attempts: 1, delivered: false, has_message: true }]);
    expect(await row(hal)).toEqual([]);
    // Not before its backoff (1 minute), then once.
    expect(await sendDueReminders(t.database.db, delivery, minutes(96.5))).toEqual({ deadline: 0, results: 0, retried: 0 });
    expect(mailsTo('eva')).toHaveLength(0);
    expect(await sendDueReminders(t.database.db, delivery, minutes(97.5))).toEqual({ deadline: 0, results: 0, retried: 1 });
    expect(mailsTo('eva').map((mail) => mail.subject)).toEqual(["Office Pool: 2 matches close in 2 hours and you haven't predicted them."]);
    expect(mailsTo('eva')[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await row(eva)).toEqual([{ attempts: 2, delivered: true, has_message: false }]);
    expect(await sendDueReminders(t.database.db, delivery, minutes(99))).toEqual({ deadline: 0, results: 0, retried: 0 });
    expect(mailsTo('eva')).toHaveLength(1);
    expect(mailsTo('hal')).toHaveLength(0);

    // fay's claimer dies while sending (its mail never returns): after the lease, another run sends it, once.
    const fay = await join('fay');
    const dying: DeliveryContext = { ...delivery, mailer: { mode: 'smtp', send: () => new Promise<void>(() => {}) } };
    void sendDueReminders(t.database.db, dying, minutes(99));
    await expect.poll(async () => (await row(fay)).length).toBe(1);
    expect(await sendDueReminders(t.database.db, delivery, minutes(100))).toEqual({ deadline: 0, results: 0, retried: 0 }); // its lease holds
    expect(await sendDueReminders(t.database.db, delivery, minutes(101.5))).toEqual({ deadline: 0, results: 0, retried: 1 });
    expect(mailsTo('fay')).toHaveLength(1);
    // The overtaken claimer, were it to wake up, neither renews nor overwrites the taker's record.
    const [fayRow] = rowsOf<{ subject: string }>(await t.database.db.execute(sql`select subject from sent_notifications where user_id = ${fay} and kind = 'deadline'`));
    const stale = { key: { kind: 'deadline' as const, userId: fay, subject: fayRow!.subject, channel: 'email' as const }, attempts: 1, message: { mail: mailsTo('fay')[0]! } };
    expect(await renewLeases(t.database.db, [stale], minutes(102))).toEqual([]);
    await recordOutcomes(t.database.db, [{ ...stale, outcome: 'failed' }], minutes(102));
    expect(await row(fay)).toEqual([{ attempts: 2, delivered: true, has_message: false }]);

    // ivo's mail fails, then he unsubscribes with the link: the next try drops it.
    const ivo = await join('ivo');
    expect(await sendDueReminders(t.database.db, failing, minutes(102))).toEqual({ deadline: 0, results: 0, retried: 0 });
    expect(await row(ivo)).toEqual([{ attempts: 1, delivered: false, has_message: true }]);
    expect((await inject(null, 'POST', '/api/notifications/unsubscribe', { token: unsubscribeToken(SECRET, ivo, 'deadline') })).statusCode).toBe(200);
    expect(await sendDueReminders(t.database.db, delivery, minutes(103.5))).toEqual({ deadline: 0, results: 0, retried: 0 });
    expect(mailsTo('ivo')).toHaveLength(0);
    expect(await row(ivo)).toEqual([{ attempts: 1, delivered: false, has_message: false }]);

    // gus's mail fails; by its next try the first of his matches has closed (+105 min): never sent.
    const gus = await join('gus');
    expect(await sendDueReminders(t.database.db, failing, minutes(104.5))).toEqual({ deadline: 0, results: 0, retried: 0 });
    expect(await sendDueReminders(t.database.db, delivery, minutes(106))).toEqual({ deadline: 0, results: 0, retried: 0 });
    expect(mailsTo('gus')).toHaveLength(0);
    expect(await row(gus)).toEqual([{ attempts: 1, delivered: false, has_message: true }]);
    // The hourly clean-up drops the message of what will never be sent (it holds an address and a link).
    expect(await dropDeadMessages(t.database.db, minutes(106))).toBe(1);
    expect(await row(gus)).toEqual([{ attempts: 1, delivered: false, has_message: false }]);
  });

  it('tries a failed push again after its backoff until a push service accepts it; a message one device got is not tried again', async () => {
    let down = true;
    const flaky = await startPushService((device) => (device === 'ana-tablet' && down ? 503 : 201));
    const endpointOf = (device: FakeDevice) => ({ endpoint: device.subscription.endpoint });
    try {
      const context: DeliveryContext = {
        ...delivery, push: createPushSender(await resolveVapidKeys(t.database.db, {}), 'mailto:test@example.com', t.app.log, { agent: flaky.agent }),
      };
      const [tablet, watch] = [flaky.device('ana-tablet'), flaky.device('ana-watch')];
      expect((await inject(ana, 'DELETE', '/api/me/push-subscriptions', endpointOf(devices['ana-phone']!))).statusCode).toBe(204);
      for (const device of [tablet, watch]) expect((await inject(ana, 'POST', '/api/me/push-subscriptions', device.subscription)).statusCode).toBe(204);
      const event = { matchId: soon[0]!.id, leagueId: 'x', status: 'live' as const, homeGoals: 3, awayGoals: 0, homeGoalsExtraTime: null, awayGoalsExtraTime: null, kickoff: NOW.toISOString() };
      // A week before the fixed clock: no reminder or results notice is due then, only the retries.
      const heard = minutes(-7 * 24 * 60);
      const at = (m: number) => new Date(heard.getTime() + m * 60_000);

      // The watch accepts the 3–0 push, the tablet's service fails: delivered, and not tried again.
      expect(await sendGoalNotices(t.database.db, context, event, heard)).toBe(1);
      expect((await sendDueReminders(t.database.db, context, at(1.5))).retried).toBe(0);
      expect(flaky.messages).toHaveLength(2);
      // With the tablet alone, the 4–0 push fails: tried again after 1 minute (failing again), then 5 more.
      expect((await inject(ana, 'DELETE', '/api/me/push-subscriptions', endpointOf(watch))).statusCode).toBe(204);
      expect(await sendGoalNotices(t.database.db, context, { ...event, homeGoals: 4 }, heard)).toBe(0);
      expect(flaky.messages).toHaveLength(3);
      expect((await sendDueReminders(t.database.db, context, at(0.5))).retried).toBe(0);
      expect(flaky.messages).toHaveLength(3);
      expect((await sendDueReminders(t.database.db, context, at(1.5))).retried).toBe(0);
      expect(flaky.messages).toHaveLength(4);
      down = false;
      expect((await sendDueReminders(t.database.db, context, at(5))).retried).toBe(0);
      expect(flaky.messages).toHaveLength(4);
      expect((await sendDueReminders(t.database.db, context, at(7))).retried).toBe(1);
      expect(flaky.messages).toHaveLength(5);
      expect(tablet.read(flaky.messages.at(-1)!)).toMatchObject({ kind: 'goals', body: expect.stringMatching(/ 4–0 /) });
      expect((await sendDueReminders(t.database.db, context, at(30))).retried).toBe(0);
      expect(flaky.messages).toHaveLength(5);
      expect((await inject(ana, 'DELETE', '/api/me/push-subscriptions', endpointOf(tablet))).statusCode).toBe(204);
      await subscribe(ana, 'ana-phone');
    } finally {
      await flaky.close();
    }
  });

  it('forgets what it sent two weeks on (the record stays small), and not before', async () => {
    const count = async () => Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from sent_notifications`))[0]!.n);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect(await pruneSentNotifications(t.database.db, new Date(Date.now() + 13 * 86_400_000))).toBe(0);
    const rounds = async () => Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from results_notice_rounds`))[0]!.n);
    expect(await rounds()).toBeGreaterThan(0);
    expect(await pruneSentNotifications(t.database.db, new Date(Date.now() + 15 * 86_400_000))).toBe(before);
    expect(await count()).toBe(0);
    expect(await rounds()).toBe(0);
  });

  it('runs as a job: a newcomer is reminded on the next tick, once', async () => {
    const dora = await createUser(t, { username: 'dora', email: 'dora@example.com' });
    const inviteCode = (await inject(ana, 'GET', `/api/groups/${groupId}`)).json().group.inviteCode;
    expect((await inject(dora, 'POST', '/api/groups/join', { inviteCode })).statusCode).toBe(200);
    const job = startReminderJob(t.database.db, delivery, 50, t.app.log, () => minutes(95));
    const toDora = () => t.outbox.filter((mail) => mail.to === 'dora@example.com' && /close/.test(mail.subject));
    try {
      await expect.poll(() => toDora().length, { timeout: 5_000 }).toBe(1);
      expect(toDora()[0]!.subject).toBe("Office Pool: 2 matches close in 2 hours and you haven't predicted them.");
      await new Promise((resolve) => setTimeout(resolve, 300)); // several more ticks
      expect(toDora()).toHaveLength(1);
    } finally {
      await job.stop();
    }
  });
});
