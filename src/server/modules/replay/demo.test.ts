/**
 * The demo that is alive: a first start's seed makes the 2022 World Cup replay (shipped with Palpite, no
 * shared data needed) starting three minutes later at speed 60, and a public demo group of twelve
 * simulated members who predicted every match with varied scores. A newcomer joins it and sees a match go
 * live and a goal arrive; simulated members are never mailed or pushed, never listed to administrators,
 * and are deleted with the group. Without the replay option (SEED_DEMO's other uses) none are made.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { seedDemoIfEmpty } from '../demo/seed';
import { claimDeadlineReminders } from '../notifications/reminders';
import { claimGoalNotices } from '../notifications/goals';
import { DEMO_GROUP_NAME, DEMO_MEMBERS, DEMO_START_DELAY_MS } from './demo';
import { tickReplay } from './service';

describe(`the live demo (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let newcomer: TestUser;
  let leagueId: string;
  let groupId: string;
  const started = new Date();
  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const simulatedIds = async () => rowsOf<{ user_id: string }>(await t.database.db.execute(sql`select user_id from profiles where simulated order by username`)).map((r) => r.user_id);

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'demo-boss@example.com', SCORING_FOLD_INTERVAL_MS: '3600000' });
    const seeded = await seedDemoIfEmpty(t.database.db, started, { replay: true });
    expect(seeded?.replay).toMatchObject({ state: 'running', speed: 60, demo: true, source: 'bundled:worldcup-2022' });
    leagueId = seeded!.replay!.leagueId;
    [admin, newcomer] = await Promise.all([createUser(t, { email: 'demo-boss@example.com', username: 'demo_boss' }), createUser(t, { username: 'newcomer' })]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts the 2022 World Cup three minutes after start-up, in a public group of twelve simulated members who predicted every match', async () => {
    const discover = (await as(newcomer, 'GET', '/api/groups/discover')).json();
    const card = JSON.stringify(discover).includes(DEMO_GROUP_NAME);
    expect(card).toBe(true);
    const [group] = rowsOf<{ id: string; invite_code: string; visibility: string }>(await t.database.db.execute(sql`
      select id, invite_code, visibility from groups where league_id = ${leagueId}::uuid`));
    expect(group!.visibility).toBe('public');
    groupId = group!.id;
    const first = rowsOf<{ kickoff: Date | string; n: number }>(await t.database.db.execute(sql`
      select min(kickoff) as kickoff, count(*)::int as n from matches where league_id = ${leagueId}::uuid`))[0]!;
    expect(new Date(first.kickoff).getTime()).toBe(started.getTime() + DEMO_START_DELAY_MS);
    expect(first.n).toBe(64);
    expect(await simulatedIds()).toHaveLength(DEMO_MEMBERS.length);
    const predictions = rowsOf<{ n: number; scores: number; ones: number }>(await t.database.db.execute(sql`
      select count(*)::int as n, count(distinct (home_goals, away_goals))::int as scores,
             count(*) filter (where home_goals = 1 and away_goals = 0)::int as ones
        from predictions where group_id = ${groupId}::uuid`))[0]!;
    expect(predictions.n).toBe(12 * 64);
    // Varied and human-looking: many different scores, 1–0 common but far from all.
    expect(predictions.scores).toBeGreaterThanOrEqual(12);
    expect(predictions.ones / predictions.n).toBeLessThan(0.3);

    // A newcomer joins with the invite code and sees the first match go live, then a goal arrive.
    const joined = await as(newcomer, 'POST', '/api/groups/join', { inviteCode: group!.invite_code });
    expect(joined.statusCode).toBe(200);
    expect(joined.json().group.league).toMatchObject({ replay: true });
    // Qatar v Ecuador, 0–2 (Valencia 16' pen, 31'): at 20 match minutes at speed 60, 20 s after kickoff.
    await tickReplay(t.database.db, leagueId, { now: new Date(started.getTime() + DEMO_START_DELAY_MS + 20_000), minIntervalMs: 0 });
    const live = (await as(newcomer, 'GET', `/api/groups/${groupId}/matches`)).json().matches
      .find((m: { status: string }) => m.status === 'live');
    expect(live).toMatchObject({ homeTeam: { name: 'Qatar' }, awayTeam: { name: 'Ecuador' }, homeGoals: 0, awayGoals: 1, goals: [{ scorer: 'Enner Valencia', minute: 16, penalty: true }] });
    // The simulated members' predictions are revealed once the match is live.
    const revealed = (await as(newcomer, 'GET', `/api/groups/${groupId}/matches/${live.id}/predictions`)).json();
    expect(revealed.predictions).toHaveLength(12);
  });

  it('never mails or pushes a simulated member, even one with a verified address and a device', async () => {
    const [someone] = await simulatedIds();
    // The strongest case: verified, subscribed, a match of the round left unpredicted.
    await t.database.db.execute(sql`update "user" set email_verified = true where id = ${someone!}`);
    await t.database.db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth) values (${someone!}, 'https://push.example/x', 'k', 'a')`);
    await t.database.db.execute(sql`insert into notification_preferences (user_id, push_goals) values (${someone!}, true)`);
    // The next match still open: its close within the reminders' window.
    await t.database.db.execute(sql`
      delete from predictions where user_id = ${someone!} and match_id = (
        select id from matches where league_id = ${leagueId}::uuid and status = 'scheduled' and kickoff > now() + interval '16 minutes' order by kickoff limit 1)`);
    const reminders = await claimDeadlineReminders(t.database.db, new Date());
    expect(reminders.map((r) => r.userId)).toContain(await idOf('newcomer'));
    expect(reminders.map((r) => r.userId)).not.toContain(someone);
    const [live] = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from matches where league_id = ${leagueId}::uuid and status = 'live'`));
    const notices = await claimGoalNotices(t.database.db, {
      matchId: live!.id, leagueId, status: 'live', homeGoals: 0, awayGoals: 1, homeGoalsExtraTime: null, awayGoalsExtraTime: null, kickoff: new Date().toISOString(),
    }, new Date());
    expect(notices.map((n) => n.userId)).not.toContain(someone);
  });

  it('keeps simulated members out of the administrators\' people and counts, and deletes them with the group', async () => {
    const people = (await as(admin, 'GET', '/api/admin/users?page=1')).json();
    expect(people.users.map((u: { username: string }) => u.username).sort()).toEqual(['demo_boss', 'newcomer']);
    expect((await as(admin, 'GET', '/api/admin/dashboard')).json()).toMatchObject({ users: { total: 2 } });
    await t.database.db.execute(sql`delete from member_round_totals where group_id = ${groupId}::uuid`);
    await t.database.db.execute(sql`delete from groups where id = ${groupId}::uuid`);
    expect(await simulatedIds()).toEqual([]);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from "user" where email like '%@demo.palpite.invalid'`))).toHaveLength(0);
    // The newcomer stays.
    expect((await as(newcomer, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('makes no replay, group or simulated member without the replay option', async () => {
    const other = await createTestApp();
    try {
      expect(await seedDemoIfEmpty(other.database.db, new Date())).toMatchObject({ leagueName: 'Palpite Demo League' });
      expect(rowsOf(await other.database.db.execute(sql`select 1 from replays`))).toHaveLength(0);
      expect(rowsOf(await other.database.db.execute(sql`select 1 from profiles where simulated`))).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  async function idOf(username: string): Promise<string> {
    return rowsOf<{ user_id: string }>(await t.database.db.execute(sql`select user_id from profiles where username = ${username}`))[0]!.user_id;
  }
});
