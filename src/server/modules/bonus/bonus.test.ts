/**
 * Bonus questions over HTTP on a small knockout tournament (two semi-finals and a final): added by the
 * owner (presets or one question) and refused to members, validated against the league, answered by
 * members until the close (409 after, by the server's clock), hidden from the others until then, decided
 * by the results (the final on penalties, corrected later) or by the owner, and counted in the ranking.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { leagues, matches, teams } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { bonusMismatches } from '../scoring/consistency';

const DAY = 86_400_000;

describe(`bonus questions (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let outsider: TestUser;
  let leagueId: string;
  const fixture: Record<'semi1' | 'semi2' | 'final', string> = { semi1: '', semi2: '', final: '' };
  let firstKickoff: Date;

  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  /** Closes every question of the group now (as the clock passing their close would). */
  const closeQuestions = (groupId: string) => t.database.db.execute(sql`
    update bonus_questions set closes_at = now() - interval '1 minute' where group_id = ${groupId}::uuid`);
  const questionsOf = async (who: TestUser, groupId: string) => (await as(who, 'GET', `/api/groups/${groupId}/bonus`)).json();
  /** A new group of the tournament owned by ana with bruno and carla, and the tournament presets. */
  const groupWithPresets = async (name: string) => {
    const group = (await as(ana, 'POST', '/api/groups', { name, leagueId })).json().group;
    for (const who of [bruno, carla]) expect((await as(who, 'POST', '/api/groups/join', { inviteCode: group.inviteCode })).statusCode).toBe(200);
    const presets = await as(ana, 'POST', `/api/groups/${group.id}/bonus/presets`, { set: 'tournament' });
    expect(presets.statusCode).toBe(201);
    const { questions } = await questionsOf(ana, group.id);
    const byPreset = Object.fromEntries(questions.map((q: { preset: string; id: string }) => [q.preset, q.id]));
    return { groupId: group.id as string, byPreset };
  };

  beforeAll(async () => {
    t = await createTestApp();
    [ana, bruno, carla, outsider] = await Promise.all([
      createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }), createUser(t, { username: 'carla' }), createUser(t, { username: 'otto' }),
    ]);
    const db = t.database.db;
    const [league] = await db.insert(leagues).values({ name: 'Bonus Cup', season: '2026', kind: 'tournament', provider: 'test', externalId: 'bonus-cup' }).returning();
    leagueId = league!.id;
    const teamRows = await db.insert(teams).values(['Argentina', 'France', 'Croatia', 'Morocco'].map((name) => ({ name: `${name} (bonus)` }))).returning();
    const id = (name: string) => teamRows.find((team) => team.name === `${name} (bonus)`)!.id;
    firstKickoff = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000);
    const rows = await db.insert(matches).values([
      { leagueId, externalId: 'semi1', roundName: 'Semi-finals', roundOrder: 1, stage: 'knockout', kickoff: firstKickoff, homeTeamId: id('Argentina'), awayTeamId: id('Croatia') },
      { leagueId, externalId: 'semi2', roundName: 'Semi-finals', roundOrder: 1, stage: 'knockout', kickoff: new Date(firstKickoff.getTime() + DAY), homeTeamId: id('France'), awayTeamId: id('Morocco') },
      { leagueId, externalId: 'final', roundName: 'Final', roundOrder: 2, stage: 'knockout', kickoff: new Date(firstKickoff.getTime() + 3 * DAY), homeTeamId: id('Argentina'), awayTeamId: id('France') },
    ]).returning();
    for (const row of rows) fixture[row.externalId as keyof typeof fixture] = row.id;
  });
  // After every test: the bonus points the ranking reads equal the scored answers.
  afterEach(async () => expect(await bonusMismatches(t.database.db)).toEqual([]));
  afterAll(async () => t?.close());

  it('lets the owner add the tournament presets, closing at the first kickoff − 15 minutes; not a member or an outsider', async () => {
    const { groupId } = await groupWithPresets('Presets');
    const owner = await questionsOf(ana, groupId);
    expect(owner.canManage).toBe(true);
    expect(owner.teams).toEqual(['Argentina (bonus)', 'Croatia (bonus)', 'France (bonus)', 'Morocco (bonus)']);
    expect(owner.questions.map((q: { preset: string; points: number }) => [q.preset, q.points])).toEqual([
      ['champion', 15], ['runner_up', 10], ['semi_finalists', 5], ['top_scoring_team', 8], ['total_goals', 10],
    ]);
    expect(owner.questions[4]).toMatchObject({ answer: 'number', nearPoints: 5, nearWithin: 5, closed: false, solution: null, mine: null, answers: null });
    for (const q of owner.questions) expect(q.closesAt).toBe(new Date(firstKickoff.getTime() - 15 * 60_000).toISOString());
    expect((await questionsOf(bruno, groupId)).canManage).toBe(false);

    const byMember = await as(bruno, 'POST', `/api/groups/${groupId}/bonus/presets`, { set: 'tournament' });
    expect(byMember.statusCode).toBe(403);
    const question = { text: 'Who scores first?', answer: 'team', subject: { kind: 'admin' }, points: 3 };
    expect((await as(bruno, 'POST', `/api/groups/${groupId}/bonus/questions`, question)).statusCode).toBe(403);
    // A private group: an outsider learns nothing of it.
    expect((await as(outsider, 'GET', `/api/groups/${groupId}/bonus`)).statusCode).toBe(404);
    expect((await as(outsider, 'PUT', `/api/groups/${groupId}/bonus/questions/${owner.questions[0].id}/answer`, { answer: { kind: 'team', team: 'France (bonus)' } })).statusCode).toBe(404);
  });

  it('refuses questions that do not fit the league or close too late, with a clear message', async () => {
    const group = (await as(ana, 'POST', '/api/groups', { name: 'Bad questions', leagueId })).json().group;
    const add = (question: object) => as(ana, 'POST', `/api/groups/${group.id}/bonus/questions`, question);
    const cases: [object, RegExp][] = [
      [{ text: 'Champion?', answer: 'number', subject: { kind: 'champion' }, points: 5 }, /takes team as its answer/],
      [{ text: 'Who reaches the quarter-finals?', answer: 'team', subject: { kind: 'reaches_round', round: 'Quarter-finals' }, points: 5 }, /no round named Quarter-finals/],
      [{ text: 'Champion?', answer: 'team', subject: { kind: 'champion' }, points: 5, closesAt: new Date(Date.now() + 30 * DAY).toISOString() }, /must close by/],
      [{ text: 'Champion?', answer: 'team', subject: { kind: 'champion' }, points: 5, closesAt: new Date(Date.now() - 60_000).toISOString() }, /in the future/],
      [{ text: 'Best shirt?', answer: 'choice', subject: { kind: 'admin' }, points: 5 }, /options/],
      [{ text: 'Best shirt?', answer: 'choice', subject: { kind: 'admin' }, points: 5, options: ['Blue', 'blue'] }, /Each option once/],
      [{ text: 'Finalists?', answer: 'teams', subject: { kind: 'reaches_round', round: 'Final' }, points: 5, picks: 9 }, /has 4 teams/],
      [{ answer: 'team', subject: { kind: 'champion' }, points: 5 }, /wording/],
      [{ text: 'Champion?', answer: 'team', subject: { kind: 'champion' }, points: 500 }, /points/],
    ];
    for (const [question, message] of cases) {
      const response = await add(question);
      expect(response.statusCode, JSON.stringify(question)).toBe(400);
      expect(response.json().error.id).toBe('validation_failed');
      expect(response.json().error.message).toMatch(message);
    }
    expect((await questionsOf(ana, group.id)).questions).toEqual([]);
    // The final's kickoff − 15 min is the latest close of a champion question.
    const latest = new Date(firstKickoff.getTime() + 3 * DAY - 15 * 60_000).toISOString();
    const ok = await add({ text: 'Champion?', answer: 'team', subject: { kind: 'champion' }, points: 5, closesAt: latest });
    expect(ok.statusCode).toBe(201);
  });

  it("keeps answers to themselves until the close, then shows everyone's; answering after the close is a 409", async () => {
    const { groupId, byPreset } = await groupWithPresets('Hidden answers');
    const answer = (who: TestUser, question: string, body: object) => as(who, 'PUT', `/api/groups/${groupId}/bonus/questions/${question}/answer`, { answer: body });
    expect((await answer(bruno, byPreset.champion, { kind: 'team', team: 'France (bonus)' })).statusCode).toBe(204);
    expect((await answer(carla, byPreset.champion, { kind: 'team', team: 'Argentina (bonus)' })).statusCode).toBe(204);
    // Changed while open: the last answer stands.
    expect((await answer(carla, byPreset.champion, { kind: 'team', team: 'Morocco (bonus)' })).statusCode).toBe(204);

    // Wrong answers: a team not in the league, the wrong number of teams, a team twice, the wrong kind.
    for (const [question, body, message] of [
      [byPreset.champion, { kind: 'team', team: 'Brazil' }, /Brazil is not a team of this league/],
      [byPreset.semi_finalists, { kind: 'teams', teams: ['France (bonus)', 'Croatia (bonus)'] }, /Name 4 different teams/],
      [byPreset.semi_finalists, { kind: 'teams', teams: ['France (bonus)', 'France (bonus)', 'Croatia (bonus)', 'Morocco (bonus)'] }, /each team once/],
      [byPreset.total_goals, { kind: 'team', team: 'France (bonus)' }, /takes a number/],
      [byPreset.total_goals, { kind: 'number', value: -1 }, /value/],
    ] as const) {
      const response = await answer(bruno, question, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
    expect((await answer(bruno, '00000000-0000-4000-8000-000000000000', { kind: 'number', value: 3 })).json().error.id).toBe('bonus_question_not_found');

    const open = await questionsOf(bruno, groupId);
    const champion = open.questions.find((q: { id: string }) => q.id === byPreset.champion);
    expect(champion.mine).toEqual({ answer: { kind: 'team', team: 'France (bonus)' }, points: null });
    expect(champion.answers).toBeNull();
    expect(JSON.stringify(open)).not.toContain('Morocco (bonus)"}');

    await closeQuestions(groupId);
    const late = await answer(bruno, byPreset.champion, { kind: 'team', team: 'Argentina (bonus)' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.id).toBe('bonus_closed');
    const closed = (await questionsOf(bruno, groupId)).questions.find((q: { id: string }) => q.id === byPreset.champion);
    expect(closed.closed).toBe(true);
    expect(closed.answers.map((a: { username: string; answer: object }) => [a.username, a.answer])).toEqual([
      ['bruno', { kind: 'team', team: 'France (bonus)' }], ['carla', { kind: 'team', team: 'Morocco (bonus)' }],
    ]);
  });

  it('decides questions from the results (a final on penalties, a correction) and counts them in the ranking', async () => {
    const { groupId, byPreset } = await groupWithPresets('Decided by results');
    const answer = (who: TestUser, question: string, body: object) => as(who, 'PUT', `/api/groups/${groupId}/bonus/questions/${question}/answer`, { answer: body });
    await answer(bruno, byPreset.champion, { kind: 'team', team: 'Argentina (bonus)' });
    await answer(carla, byPreset.champion, { kind: 'team', team: 'France (bonus)' });
    await answer(bruno, byPreset.runner_up, { kind: 'team', team: 'France (bonus)' });
    await answer(bruno, byPreset.semi_finalists, { kind: 'teams', teams: ['Argentina (bonus)', 'France (bonus)', 'Croatia (bonus)', 'Morocco (bonus)'] });
    await answer(carla, byPreset.total_goals, { kind: 'number', value: 12 });
    await answer(bruno, byPreset.total_goals, { kind: 'number', value: 20 });
    await closeQuestions(groupId);

    const db = t.database.db;
    await setMatchResult(db, fixture.semi1, { status: 'finished', homeGoals: 3, awayGoals: 0 });
    await setMatchResult(db, fixture.semi2, { status: 'finished', homeGoals: 2, awayGoals: 0 });
    let questions = (await questionsOf(ana, groupId)).questions;
    const byId = (id: string) => questions.find((q: { id: string }) => q.id === id);
    // The semi-finalists are known from the start; the champion only once the final is played.
    expect(byId(byPreset.semi_finalists)).toMatchObject({ resolution: 'data', solution: { kind: 'teams', teams: ['Argentina (bonus)', 'Croatia (bonus)', 'France (bonus)', 'Morocco (bonus)'] } });
    expect(byId(byPreset.champion)).toMatchObject({ resolution: null, solution: null });

    // 3–3 after extra time, 4–2 on penalties: Argentina.
    await setMatchResult(db, fixture.final, { status: 'finished', homeGoals: 2, awayGoals: 2, homeGoalsExtraTime: 3, awayGoalsExtraTime: 3, homePenalties: 4, awayPenalties: 2 });
    questions = (await questionsOf(ana, groupId)).questions;
    expect(byId(byPreset.champion).solution).toEqual({ kind: 'teams', teams: ['Argentina (bonus)'] });
    expect(byId(byPreset.runner_up).solution).toEqual({ kind: 'teams', teams: ['France (bonus)'] });
    // Goals with extra time, never the shoot-out: 3 + 2 + 6.
    expect(byId(byPreset.total_goals).solution).toEqual({ kind: 'number', value: 11 });
    expect(byId(byPreset.top_scoring_team).solution).toEqual({ kind: 'teams', teams: ['Argentina (bonus)'] });
    const pointsOf = (question: string) => Object.fromEntries(byId(question).answers.map((a: { username: string; points: number }) => [a.username, a.points]));
    expect(pointsOf(byPreset.champion)).toEqual({ bruno: 15, carla: 0 });
    expect(pointsOf(byPreset.semi_finalists)).toEqual({ bruno: 20 });
    // carla 12 is within ±5 of 11 (5 points); bruno's 20 is not.
    expect(pointsOf(byPreset.total_goals)).toEqual({ bruno: 0, carla: 5 });

    const ranking = (await as(ana, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking;
    const row = (name: string) => ranking.find((r: { username: string }) => r.username === name);
    expect(row('bruno')).toMatchObject({ rank: 1, points: 15 + 10 + 20, bonus: 45 });
    expect(row('carla')).toMatchObject({ rank: 2, points: 5, bonus: 5 });
    expect(row('ana')).toMatchObject({ rank: 3, points: 0, bonus: 0 });
    expect((await questionsOf(bruno, groupId)).points).toBe(45);
    // The stats count them too: the Oracle card, and the podium on the same totals as the ranking.
    const stats = (await as(ana, 'GET', `/api/groups/${groupId}/stats`)).json();
    const usernameOf = new Map(stats.members.map((m: { userId: string; username: string }) => [m.userId, m.username]));
    const oracle = stats.cards.find((card: { kind: string }) => card.kind === 'oracle');
    expect({ leaders: oracle.userIds.map((id: string) => usernameOf.get(id)), value: oracle.value }).toEqual({ leaders: ['bruno'], value: 45 });
    expect(stats.podium.map((row: { userId: string; points: number }) => [usernameOf.get(row.userId), row.points])).toEqual([['bruno', 45], ['carla', 5], ['ana', 0]]);

    // The final corrected: France won the shoot-out. Decided again, the points follow.
    await setMatchResult(db, fixture.final, { status: 'finished', homeGoals: 2, awayGoals: 2, homeGoalsExtraTime: 3, awayGoalsExtraTime: 3, homePenalties: 2, awayPenalties: 4 });
    questions = (await questionsOf(ana, groupId)).questions;
    expect(byId(byPreset.champion).solution).toEqual({ kind: 'teams', teams: ['France (bonus)'] });
    expect(pointsOf(byPreset.champion)).toEqual({ bruno: 0, carla: 15 });
    const corrected = (await as(ana, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking;
    expect(corrected.find((r: { username: string }) => r.username === 'carla')).toMatchObject({ points: 20, bonus: 20 });
    expect(corrected.find((r: { username: string }) => r.username === 'bruno')).toMatchObject({ points: 20, bonus: 20 });

    // A result taken back: the questions it decided are undecided again, their points gone.
    await setMatchResult(db, fixture.final, { status: 'scheduled' });
    questions = (await questionsOf(ana, groupId)).questions;
    expect(byId(byPreset.champion)).toMatchObject({ solution: null, resolution: null });
    expect(pointsOf(byPreset.champion)).toEqual({ bruno: null, carla: null });
    expect((await questionsOf(carla, groupId)).points).toBe(0);
    // Back to where the tests after this one expect the tournament.
    await db.update(matches).set({ status: 'scheduled', homeGoals: null, awayGoals: null }).where(eq(matches.leagueId, leagueId));
  });

  it("lets the owner decide a choice question once closed, not a question the results decided, and records it", async () => {
    const group = (await as(ana, 'POST', '/api/groups', { name: 'Decided by hand', leagueId })).json().group;
    await as(bruno, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });
    const created = await as(ana, 'POST', `/api/groups/${group.id}/bonus/questions`, {
      text: 'Which kit wins the fans’ vote?', answer: 'choice', subject: { kind: 'admin' }, points: 7, options: ['Home', 'Away', 'Third'],
    });
    expect(created.statusCode).toBe(201);
    const [questionId] = created.json().ids;
    const base = `/api/groups/${group.id}/bonus/questions/${questionId}`;
    expect((await as(bruno, 'PUT', `${base}/answer`, { answer: { kind: 'choice', option: 'Fourth' } })).json().error.message).toMatch(/not one of this question's options/);
    expect((await as(bruno, 'PUT', `${base}/answer`, { answer: { kind: 'choice', option: 'Away' } })).statusCode).toBe(204);

    const early = await as(ana, 'POST', `${base}/resolve`, { solution: { kind: 'choice', option: 'Away' } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.id).toBe('bonus_open');
    // Points change while open; a member may not change them.
    expect((await as(bruno, 'PATCH', base, { points: 50 })).statusCode).toBe(403);
    expect((await as(ana, 'PATCH', base, { points: 8 })).statusCode).toBe(204);

    await closeQuestions(group.id);
    expect((await as(ana, 'PATCH', base, { points: 9 })).json().error.id).toBe('bonus_closed');
    expect((await as(bruno, 'POST', `${base}/resolve`, { solution: { kind: 'choice', option: 'Away' } })).statusCode).toBe(403);
    expect((await as(ana, 'POST', `${base}/resolve`, { solution: { kind: 'number', value: 3 } })).statusCode).toBe(400);
    expect((await as(ana, 'POST', `${base}/resolve`, { solution: { kind: 'choice', option: 'Fourth' } })).statusCode).toBe(400);
    expect((await as(ana, 'POST', `${base}/resolve`, { solution: { kind: 'choice', option: 'Away' } })).statusCode).toBe(204);
    const question = (await questionsOf(bruno, group.id)).questions[0];
    expect(question).toMatchObject({ points: 8, resolution: 'admin', solution: { kind: 'choice', option: 'Away' }, mine: { points: 8 } });
    const activity = (await as(ana, 'GET', `/api/groups/${group.id}/activity`)).json().activity.map((entry: { action: string }) => entry.action);
    expect(activity).toEqual(expect.arrayContaining(['bonus_question_added', 'bonus_question_changed', 'bonus_question_resolved']));

    // Closed, it stays: its answers are everyone's to see and count.
    expect((await as(ana, 'DELETE', base)).json().error.id).toBe('bonus_closed');
    const ranking = (await as(ana, 'GET', `/api/groups/${group.id}/ranking`)).json().ranking;
    expect(ranking.find((r: { username: string }) => r.username === 'bruno')).toMatchObject({ points: 8, bonus: 8 });

    // An open question is deleted with its answers.
    const [openId] = (await as(ana, 'POST', `/api/groups/${group.id}/bonus/questions`, {
      text: 'Goals in the final?', answer: 'number', subject: { kind: 'admin' }, points: 4, closesAt: new Date(Date.now() + 86_400_000).toISOString(),
    })).json().ids;
    expect((await as(bruno, 'PUT', `/api/groups/${group.id}/bonus/questions/${openId}/answer`, { answer: { kind: 'number', value: 3 } })).statusCode).toBe(204);
    expect((await as(ana, 'DELETE', `/api/groups/${group.id}/bonus/questions/${openId}`)).statusCode).toBe(204);
    expect((await questionsOf(bruno, group.id)).questions.map((q: { id: string }) => q.id)).toEqual([questionId]);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from bonus_answers where question_id = ${openId}::uuid`))).toEqual([]);
  });

  it('adds a preset set once, refuses a preset key on a question of one’s own, and leaves to the results what they will decide', async () => {
    const { groupId, byPreset } = await groupWithPresets('Presets once');
    const again = await as(ana, 'POST', `/api/groups/${groupId}/bonus/presets`, { set: 'tournament' });
    expect(again.statusCode).toBe(201);
    expect(again.json().ids).toEqual([]);
    expect((await questionsOf(ana, groupId)).questions).toHaveLength(5);
    const preset = await as(ana, 'POST', `/api/groups/${groupId}/bonus/questions`, { preset: 'champion', answer: 'number', subject: { kind: 'admin' }, points: 5 });
    expect(preset.statusCode).toBe(400);
    expect(preset.json().error.message).toMatch(/added as a set/);
    const picks = await as(ana, 'POST', `/api/groups/${groupId}/bonus/questions`, { text: 'Semi-finalists?', answer: 'teams', subject: { kind: 'semi_finalists' }, points: 5, picks: 4 });
    expect(picks.statusCode).toBe(201);
    expect((await as(ana, 'POST', `/api/groups/${groupId}/bonus/questions`, { text: 'Semi-finalists?', answer: 'teams', subject: { kind: 'semi_finalists' }, points: 5, picks: 5 })).json().error.message).toMatch(/4 teams/);

    // Closed, with the final still to play: the champion is the results' to decide, not the owner's.
    await closeQuestions(groupId);
    const early = await as(ana, 'POST', `/api/groups/${groupId}/bonus/questions/${byPreset.champion}/resolve`, { solution: { kind: 'teams', teams: ['Morocco (bonus)'] } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.id).toBe('bonus_awaiting_results');
  });

  it('takes a removed member’s answers and bonus points with them', async () => {
    const { groupId, byPreset } = await groupWithPresets('Removal');
    await as(carla, 'PUT', `/api/groups/${groupId}/bonus/questions/${byPreset.champion}/answer`, { answer: { kind: 'team', team: 'Croatia (bonus)' } });
    const members = (await as(ana, 'GET', `/api/groups/${groupId}/members`)).json().members;
    const carlaId = members.find((m: { username: string }) => m.username === 'carla').userId;
    expect((await as(ana, 'DELETE', `/api/groups/${groupId}/members/${carlaId}`)).statusCode).toBe(204);
    const left = rowsOf<{ user_id: string }>(await t.database.db.execute(sql`select user_id from bonus_answers where group_id = ${groupId}::uuid`));
    expect(left).toEqual([]);
  });
});
