/**
 * Jokers over HTTP on a small league of two rounds: turned on by the owner (not a member) until the
 * group's first predictions close, placed on a member's own prediction, moved while both matches are open,
 * refused with a 409 past the allowance or the close, hidden from the others until the close and marked
 * after, and counted doubled (the −2 too, or only points above 0) in the ranking, its jokers played, the
 * stats' Best joker card and the member's page — with the totals and allowances consistent after each test.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { leagues, matches, teams } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { jokerMismatches, totalsMismatches } from '../scoring/consistency';
import { foldPending } from '../scoring/fold';
import { groupRankings } from '../groups/ranking';
import { seasonTotalsMismatches } from '../scoring/season-totals';
import { scoreMatches } from '../scoring/score-matches';

describe(`jokers (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let outsider: TestUser;
  let leagueId: string;
  /** A user's id, from the database (by username). */
  const idOf = async (who: TestUser) => rowsOf<{ user_id: string }>(await t.database.db.execute(sql`select user_id from profiles where username = ${who.username}`))[0]!.user_id;
  /** Round 1: r1a, r1b; round 2: r2a, r2b; each test's group predicts them afresh (kickoffs reset per test). */
  const fixture: Record<'r1a' | 'r1b' | 'r2a' | 'r2b', string> = { r1a: '', r1b: '', r2a: '', r2b: '' };

  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  /** A new group of the league owned by ana with bruno, with the given jokers. */
  const groupWith = async (name: string, jokers: object | null) => {
    const group = (await as(ana, 'POST', '/api/groups', { name, leagueId, scoring: { preset: 'palpite', jokers } })).json().group;
    expect((await as(bruno, 'POST', '/api/groups/join', { inviteCode: group.inviteCode })).statusCode).toBe(200);
    return group.id as string;
  };
  const predict = async (who: TestUser, groupId: string, match: keyof typeof fixture, homeGoals: number, awayGoals: number) =>
    expect((await as(who, 'PUT', `/api/groups/${groupId}/predictions/${fixture[match]}`, { homeGoals, awayGoals })).statusCode).toBe(200);
  const place = (who: TestUser, groupId: string, match: keyof typeof fixture, from?: keyof typeof fixture) =>
    as(who, 'PUT', `/api/groups/${groupId}/jokers/${fixture[match]}`, from ? { from: fixture[from] } : {});
  const placedOn = (body: { jokers: { placed: { matchId: string }[] } }) =>
    body.jokers.placed.map((joker) => (Object.keys(fixture) as (keyof typeof fixture)[]).find((key) => fixture[key] === joker.matchId));
  /** Closes a match's predictions now (its kickoff 10 minutes away: inside the 15-minute close). */
  const close = (match: keyof typeof fixture) => t.database.db.execute(sql`
    update matches set kickoff = now() + interval '10 minutes' where id = ${fixture[match]}::uuid`);

  beforeAll(async () => {
    // A queued fold stays queued until a test folds it; rankings are computed on each read (a close of
    // predictions is signalled to no cache: a cached ranking counts its jokers up to 30 s later).
    t = await createTestApp({ SCORING_FOLD_INTERVAL_MS: '3600000', RANKING_CACHE_MS: '0' });
    [ana, bruno, outsider] = await Promise.all([
      createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }), createUser(t, { username: 'otto' }),
    ]);
    const db = t.database.db;
    const [league] = await db.insert(leagues).values({ name: 'Joker League', season: '2026', kind: 'league', provider: 'test', externalId: 'joker-league' }).returning();
    leagueId = league!.id;
    const teamRows = await db.insert(teams).values(['Ajax', 'Benfica', 'Celtic', 'Dortmund'].map((name) => ({ name: `${name} (joker)` }))).returning();
    const id = (name: string) => teamRows.find((team) => team.name === `${name} (joker)`)!.id;
    const rows = await db.insert(matches).values([
      { leagueId, externalId: 'r1a', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: new Date(), homeTeamId: id('Ajax'), awayTeamId: id('Benfica') },
      { leagueId, externalId: 'r1b', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: new Date(), homeTeamId: id('Celtic'), awayTeamId: id('Dortmund') },
      { leagueId, externalId: 'r2a', roundName: 'Matchday 2', roundOrder: 2, stage: 'league', kickoff: new Date(), homeTeamId: id('Benfica'), awayTeamId: id('Ajax') },
      { leagueId, externalId: 'r2b', roundName: 'Matchday 2', roundOrder: 2, stage: 'league', kickoff: new Date(), homeTeamId: id('Dortmund'), awayTeamId: id('Celtic') },
    ]).returning();
    for (const row of rows) fixture[row.externalId as keyof typeof fixture] = row.id;
  });
  beforeEach(async () => {
    // Every match open again, in the future, without a result (tests score some of them).
    const db = t.database.db;
    for (const [offset, match] of (['r1a', 'r1b', 'r2a', 'r2b'] as const).entries()) {
      await setMatchResult(db, fixture[match], { status: 'scheduled', homeGoals: null, awayGoals: null });
      await db.execute(sql`update matches set kickoff = now() + ${`${2 + offset} days`}::interval where id = ${fixture[match]}::uuid`);
    }
    await foldPending(db);
  });
  // After every test: the totals the rankings read equal the predictions scored with their jokers, and no
  // member holds more jokers than their group allows.
  afterEach(async () => {
    await foldPending(t.database.db);
    expect(await totalsMismatches(t.database.db)).toEqual([]);
    expect(await jokerMismatches(t.database.db)).toEqual([]);
  });
  afterAll(async () => t?.close());

  it('lets the owner turn jokers on, change them until the first predictions close, and nobody else', async () => {
    const groupId = await groupWith('Settings', null);
    expect((await as(bruno, 'GET', `/api/groups/${groupId}/scoring`)).json().scoring.jokers).toBeNull();
    const on = { preset: 'palpite', jokers: { mode: 'double', perSeason: 3 } };
    expect((await as(bruno, 'PUT', `/api/groups/${groupId}/scoring`, on)).statusCode).toBe(403);
    expect((await as(outsider, 'PUT', `/api/groups/${groupId}/scoring`, on)).statusCode).toBe(404);
    for (const jokers of [{ mode: 'triple', perSeason: 3 }, { mode: 'double', perSeason: 11 }, { mode: 'double', perSeason: 0 }, { mode: 'double', perSeason: 1.5 }]) {
      const response = await as(ana, 'PUT', `/api/groups/${groupId}/scoring`, { preset: 'palpite', jokers });
      expect(response.statusCode, JSON.stringify(jokers)).toBe(400);
    }
    const saved = await as(ana, 'PUT', `/api/groups/${groupId}/scoring`, on);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().scoring).toMatchObject({ jokers: { mode: 'double', perSeason: 3 }, editable: true });
    // A change of the points alone (no `jokers`) keeps them.
    const points = await as(ana, 'PUT', `/api/groups/${groupId}/scoring`, { preset: 'classic' });
    expect(points.json().scoring.jokers).toEqual({ mode: 'double', perSeason: 3 });

    // A smaller allowance takes the jokers placed off (every one sits on an open match).
    await predict(bruno, groupId, 'r1a', 1, 0);
    expect((await place(bruno, groupId, 'r1a')).statusCode).toBe(200);
    const fewer = await as(ana, 'PUT', `/api/groups/${groupId}/scoring`, { preset: 'classic', jokers: { mode: 'double_positive', perSeason: 2 } });
    expect(fewer.json().scoring.jokers).toEqual({ mode: 'double_positive', perSeason: 2 });
    expect((await as(bruno, 'GET', `/api/groups/${groupId}/jokers`)).json().jokers).toMatchObject({ placed: [], used: 0, left: 2 });

    await close('r1a');
    const locked = await as(ana, 'PUT', `/api/groups/${groupId}/scoring`, { preset: 'classic', jokers: null });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.id).toBe('scoring_locked');
    expect((await as(ana, 'GET', `/api/groups/${groupId}/scoring`)).json().scoring).toMatchObject({ jokers: { mode: 'double_positive', perSeason: 2 }, editable: false });
  });

  it('places a joker on an own prediction, moves it while both matches are open, and refuses the rest with a 409', async () => {
    const off = await groupWith('No jokers', null);
    await predict(bruno, off, 'r1a', 1, 0);
    expect((await place(bruno, off, 'r1a')).json().error.id).toBe('jokers_off');

    const groupId = await groupWith('Two jokers', { mode: 'double', perSeason: 2 });
    expect((await place(bruno, groupId, 'r1a')).json().error.id).toBe('joker_needs_prediction');
    for (const match of ['r1a', 'r1b', 'r2a'] as const) await predict(bruno, groupId, match, 2, 1);
    const first = await place(bruno, groupId, 'r1a');
    expect(first.statusCode).toBe(200);
    expect(first.json().jokers).toMatchObject({ settings: { mode: 'double', perSeason: 2 }, used: 0, left: 1 });
    expect(placedOn(first.json())).toEqual(['r1a']);
    // Placing it again where it is changes nothing.
    expect(placedOn((await place(bruno, groupId, 'r1a')).json())).toEqual(['r1a']);
    expect(placedOn((await place(bruno, groupId, 'r2a')).json())).toEqual(['r1a', 'r2a']);
    const tooMany = await place(bruno, groupId, 'r1b');
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({ id: 'no_joker_left', message: expect.stringMatching(/move one instead/) });
    const moved = await place(bruno, groupId, 'r1b', 'r1a');
    expect(placedOn(moved.json())).toEqual(['r1b', 'r2a']);
    expect(moved.json().jokers.left).toBe(0);
    // My prediction carries its joker, kept through a change of score.
    await predict(bruno, groupId, 'r1b', 3, 1);
    const mine = (await as(bruno, 'GET', `/api/groups/${groupId}/matches`)).json().matches;
    expect(mine.filter((match: { myPrediction: { joker: boolean } | null }) => match.myPrediction?.joker).map((match: { id: string }) => match.id))
      .toEqual([fixture.r1b, fixture.r2a]);

    expect((await place(bruno, groupId, 'r1a', 'r2b')).json().error.id).toBe('joker_not_placed');
    await close('r1b');
    expect((await place(bruno, groupId, 'r1a', 'r1b')).json().error.id).toBe('joker_closed');
    expect((await as(bruno, 'DELETE', `/api/groups/${groupId}/jokers/${fixture.r1b}`)).json().error.id).toBe('joker_closed');
    await close('r1a');
    expect((await place(bruno, groupId, 'r1a', 'r2a')).json().error.id).toBe('joker_match_closed');
    // Taken back from an open match: one left again.
    const back = await as(bruno, 'DELETE', `/api/groups/${groupId}/jokers/${fixture.r2a}`);
    expect(back.json().jokers).toMatchObject({ used: 1, left: 1 });
    expect(placedOn(back.json())).toEqual(['r1b']);
    expect((await as(bruno, 'DELETE', `/api/groups/${groupId}/jokers/${fixture.r2a}`)).json().error.id).toBe('joker_not_placed');

    // Unknown match, another member's group, an outsider.
    expect((await as(bruno, 'PUT', `/api/groups/${groupId}/jokers/00000000-0000-4000-8000-000000000000`, {})).statusCode).toBe(404);
    expect((await as(bruno, 'PUT', `/api/groups/${groupId}/jokers/not-a-uuid`, {})).statusCode).toBe(400);
    expect((await as(outsider, 'GET', `/api/groups/${groupId}/jokers`)).statusCode).toBe(404);
    expect((await as(outsider, 'PUT', `/api/groups/${groupId}/jokers/${fixture.r2a}`, {})).statusCode).toBe(404);
  });

  it('keeps a joker where it is while its match is being folded (a cancellation queued), and takes no more than the allowance at once', async () => {
    const db = t.database.db;
    const groupId = await groupWith('Queued', { mode: 'double', perSeason: 2 });
    await predict(bruno, groupId, 'r1a', 2, 0);
    // A bare PUT (no body) places a joker.
    expect((await as(bruno, 'PUT', `/api/groups/${groupId}/jokers/${fixture.r1a}`)).statusCode).toBe(200);
    await setMatchResult(db, fixture.r1a, { status: 'finished', homeGoals: 2, awayGoals: 0 });
    await foldPending(db);
    // Cancelled, its fold left queued (as for a match with more predictions than a request folds at once).
    await db.transaction(async (tx) => {
      await tx.execute(sql`update matches set status = 'cancelled' where id = ${fixture.r1a}::uuid`);
      await scoreMatches(tx, [fixture.r1a], { syncLimit: 0 });
    });
    const back = await as(bruno, 'DELETE', `/api/groups/${groupId}/jokers/${fixture.r1a}`);
    expect(back.json().error?.id).toBe('joker_closed');
    await foldPending(db);
    expect(await totalsMismatches(db)).toEqual([]);
    // Folded: a joker may leave a cancelled match (its points are void).
    expect((await as(bruno, 'DELETE', `/api/groups/${groupId}/jokers/${fixture.r1a}`)).json().jokers).toMatchObject({ placed: [], left: 2 });

    for (const match of ['r1b', 'r2a', 'r2b'] as const) await predict(bruno, groupId, match, 1, 0);
    const at = await Promise.all((['r1b', 'r2a', 'r2b'] as const).map((match) => place(bruno, groupId, match)));
    expect(at.map((response) => response.statusCode).sort()).toEqual([200, 200, 409]);
    expect((await as(bruno, 'GET', `/api/groups/${groupId}/jokers`)).json().jokers.placed).toHaveLength(2);
  });

  it('with one per round, moves the round\'s joker to another open match of the round by itself', async () => {
    const groupId = await groupWith('Per round', { mode: 'double', perSeason: null });
    for (const match of ['r1a', 'r1b', 'r2a'] as const) await predict(bruno, groupId, match, 1, 1);
    expect((await place(bruno, groupId, 'r1a')).json().jokers).toMatchObject({ left: null });
    expect(placedOn((await place(bruno, groupId, 'r1b')).json())).toEqual(['r1b']);
    expect(placedOn((await place(bruno, groupId, 'r2a')).json())).toEqual(['r1b', 'r2a']);
    // Across rounds a joker does not move.
    expect((await place(bruno, groupId, 'r1a', 'r2a')).json().error.id).toBe('no_joker_left');
    await close('r1b');
    // The round's joker has played: the round has none left to place.
    expect((await place(bruno, groupId, 'r1a')).json().error).toMatchObject({ id: 'joker_closed', message: expect.stringMatching(/stays where it is/) });
  });

  it("keeps a joker hidden from the others until the match closes, then marks it on the prediction", async () => {
    const groupId = await groupWith('Hidden', { mode: 'double', perSeason: 2 });
    await predict(ana, groupId, 'r1a', 2, 0);
    await predict(bruno, groupId, 'r1a', 1, 0);
    expect((await place(ana, groupId, 'r1a')).statusCode).toBe(200);
    const before = (await as(bruno, 'GET', `/api/groups/${groupId}/matches/${fixture.r1a}/predictions`)).json();
    expect(before).toMatchObject({ revealed: false, predictions: [] });
    const page = (await as(bruno, 'GET', `/api/groups/${groupId}/members/${await idOf(ana)}/predictions`)).json();
    expect(page).toMatchObject({ predictions: [], jokers: { used: 0, left: 2 } });
    expect(JSON.stringify((await as(bruno, 'GET', `/api/groups/${groupId}/ranking`)).json())).toContain('"jokers":0');
    // Ana's own page counts the joker she placed in what is left.
    expect((await as(ana, 'GET', `/api/groups/${groupId}/members/${await idOf(ana)}/predictions`)).json().jokers).toEqual({ used: 0, left: 1 });

    await close('r1a');
    const after = (await as(bruno, 'GET', `/api/groups/${groupId}/matches/${fixture.r1a}/predictions`)).json();
    expect(after.revealed).toBe(true);
    expect(after.predictions.map((p: { username: string; joker: boolean }) => [p.username, p.joker])).toEqual([['ana', true], ['bruno', false]]);
    expect((await as(bruno, 'GET', `/api/groups/${groupId}/members/${await idOf(ana)}/predictions`)).json().jokers).toEqual({ used: 1, left: 1 });
    // Played once closed, before any result (read from the predictions: the totals hold finished matches').
    const played = async () => Object.fromEntries((await as(bruno, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking
      .map((r: { username: string; jokers: number }) => [r.username, r.jokers]));
    expect(await played()).toEqual({ ana: 1, bruno: 0 });
    // A postponed match gives its jokers back, folded or not.
    await setMatchResult(t.database.db, fixture.r1a, { status: 'postponed', homeGoals: null, awayGoals: null });
    expect(await played()).toEqual({ ana: 0, bruno: 0 });
    await foldPending(t.database.db);
    expect(await played()).toEqual({ ana: 0, bruno: 0 });
  });

  it('counts jokers played on closed matches, postponed and cancelled aside, whatever the totals have folded or queued', async () => {
    const groupId = await groupWith('Played', { mode: 'double', perSeason: 4 });
    for (const match of ['r1a', 'r1b', 'r2a'] as const) {
      await predict(ana, groupId, match, 1, 0);
      await predict(bruno, groupId, match, 0, 0);
      expect((await place(ana, groupId, match)).statusCode).toBe(200);
    }
    expect((await place(bruno, groupId, 'r2a')).statusCode).toBe(200);
    const db = t.database.db;
    /** The definition itself, from the predictions: jokers on matches closed by the database's clock, not void. */
    const defined = async () => Object.fromEntries(rowsOf<{ username: string; n: number }>(await db.execute(sql`
      select pr.username, count(p.match_id) filter (where m.status not in ('postponed', 'cancelled')
               and (m.status <> 'scheduled' or m.kickoff - interval '15 minutes' <= now()))::int as n
        from group_members gm join profiles pr on pr.user_id = gm.user_id
        left join predictions p on p.group_id = gm.group_id and p.user_id = gm.user_id and p.joker
        left join matches m on m.id = p.match_id
       where gm.group_id = ${groupId}::uuid group by pr.username`)).map((row) => [row.username, row.n]));
    /** Jokers played as the group's ranking reads them, alone and among many groups (the refresher's statement). */
    const read = async () => {
      const alone = Object.fromEntries((await as(ana, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking
        .map((r: { username: string; jokers: number }) => [r.username, r.jokers]));
      const many = (await groupRankings(db, leagueId, [groupId])).get(groupId)!.rows;
      const names = Object.fromEntries(rowsOf<{ user_id: string; username: string }>(await db.execute(sql`select user_id, username from profiles`)).map((r) => [r.user_id, r.username]));
      expect(Object.fromEntries(many.map((r) => [names[r.userId], r.jokers])), 'among many groups').toEqual(alone);
      expect(alone, 'the definition').toEqual(await defined());
      return alone;
    };
    /** A result written as an import would, queued for folding without folding it (as a big match is). */
    const queue = async (match: keyof typeof fixture, set: ReturnType<typeof sql>) => {
      await db.execute(sql`update matches set ${set} where id = ${fixture[match]}::uuid`);
      await scoreMatches(db, [fixture[match]], { syncLimit: 0 });
    };
    expect(await read()).toEqual({ ana: 0, bruno: 0 });
    await close('r1a');
    expect(await read()).toEqual({ ana: 1, bruno: 0 });
    // Finished without a score yet, then with one: queued, then folded.
    await queue('r1a', sql`status = 'finished'`);
    expect(await read()).toEqual({ ana: 1, bruno: 0 });
    await queue('r1a', sql`home_goals = 1, away_goals = 0`);
    expect(await read()).toEqual({ ana: 1, bruno: 0 });
    await foldPending(db);
    expect(await read()).toEqual({ ana: 1, bruno: 0 });
    // Taken back to scheduled, its kickoff past: still closed, still played; queued, then folded.
    await queue('r1a', sql`status = 'scheduled', home_goals = null, away_goals = null, kickoff = now() - interval '1 hour'`);
    expect(await read()).toEqual({ ana: 1, bruno: 0 });
    await foldPending(db);
    expect(await read()).toEqual({ ana: 1, bruno: 0 });
    // Another match in play, queued with its score, then cancelled; round 2's match finished.
    await queue('r1b', sql`status = 'live', home_goals = 0, away_goals = 0, kickoff = now() - interval '30 minutes'`);
    expect(await read()).toEqual({ ana: 2, bruno: 0 });
    await queue('r2a', sql`status = 'finished', home_goals = 2, away_goals = 2, kickoff = now() - interval '2 hours'`);
    expect(await read()).toEqual({ ana: 3, bruno: 1 });
    await queue('r1b', sql`status = 'cancelled', home_goals = null, away_goals = null`);
    expect(await read()).toEqual({ ana: 2, bruno: 1 });
    await foldPending(db);
    expect(await read()).toEqual({ ana: 2, bruno: 1 });
  });

  it('doubles the points in the ranking (the −2 too, or only points above 0), counts jokers played and the Best joker card', async () => {
    const double = await groupWith('Double', { mode: 'double', perSeason: 2 });
    const positive = await groupWith('Double above 0', { mode: 'double_positive', perSeason: 2 });
    for (const groupId of [double, positive]) {
      await predict(ana, groupId, 'r1a', 2, 0); // exact: 10
      await predict(ana, groupId, 'r1b', 0, 1); // opposite: −2
      await predict(bruno, groupId, 'r1a', 1, 0); // winner: 3
      await predict(bruno, groupId, 'r1b', 1, 0); // exact: 10
      for (const match of ['r1a', 'r1b'] as const) expect((await place(ana, groupId, match)).statusCode).toBe(200);
      expect((await place(bruno, groupId, 'r1a')).statusCode).toBe(200);
    }
    await setMatchResult(t.database.db, fixture.r1a, { status: 'finished', homeGoals: 2, awayGoals: 0 });
    await setMatchResult(t.database.db, fixture.r1b, { status: 'finished', homeGoals: 1, awayGoals: 0 });
    const rows = async (groupId: string) => Object.fromEntries(
      (await as(ana, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking.map((r: { username: string; points: number; jokers: number; exact: number }) => [r.username, [r.points, r.jokers, r.exact]]));
    // Counted on read before folding, and the same once folded.
    for (const fold of [false, true]) {
      if (fold) await foldPending(t.database.db);
      expect(await rows(double)).toEqual({ ana: [20 - 4, 2, 1], bruno: [6 + 10, 1, 1] });
      expect(await rows(positive)).toEqual({ ana: [20 - 2, 2, 1], bruno: [6 + 10, 1, 1] });
    }
    // A match in play counts its jokers in the provisional ranking ("if it ended now"), doubled alike.
    await predict(ana, double, 'r2a', 1, 1);
    expect((await place(ana, double, 'r2a')).json().error.id).toBe('no_joker_left');
    expect((await place(ana, double, 'r2a', 'r1a')).json().error.id).toBe('joker_closed');
    await predict(bruno, double, 'r2a', 1, 0);
    expect((await place(bruno, double, 'r2a')).statusCode).toBe(200);
    await setMatchResult(t.database.db, fixture.r2a, { status: 'live', homeGoals: 1, awayGoals: 0 });
    const live = (await as(ana, 'GET', `/api/groups/${double}/ranking`)).json();
    expect(live.liveMatches).toBe(1);
    expect(Object.fromEntries(live.ranking.map((r: { username: string; points: number; jokers: number }) => [r.username, [r.points, r.jokers]])))
      .toEqual({ ana: [16, 2], bruno: [16 + 20, 2] });
    const mine = (await as(ana, 'GET', `/api/groups/${double}/matches`)).json().matches;
    expect(mine.filter((m: { id: string }) => m.id === fixture.r1b)[0].myPrediction).toMatchObject({ points: -4, outcome: 'opposite', joker: true });
    const stats = (await as(ana, 'GET', `/api/groups/${double}/stats`)).json();
    expect(stats.cards.find((card: { kind: string }) => card.kind === 'bestJoker')).toEqual({ kind: 'bestJoker', userIds: [await idOf(ana)], value: 20 });
    const noJokers = await groupWith('Plain', null);
    await predict(ana, noJokers, 'r2b', 1, 0);
    expect((await as(ana, 'GET', `/api/groups/${noJokers}/stats`)).json().cards.some((card: { kind: string }) => card.kind === 'bestJoker')).toBe(false);
    // Both rounds finished and folded: they go into the season rows (the league's mark on round 2, played),
    // jokers with them.
    await setMatchResult(t.database.db, fixture.r2a, { status: 'finished', homeGoals: 1, awayGoals: 0 });
    await setMatchResult(t.database.db, fixture.r2b, { status: 'finished', homeGoals: 0, awayGoals: 0 });
    await foldPending(t.database.db);
    const season = rowsOf<{ jokers: number }>(await t.database.db.execute(sql`
      select coalesce(sum(jokers), 0)::int as jokers from member_season_totals where group_id = ${double}::uuid`));
    expect(season[0]!.jokers).toBe(4);
    expect(await seasonTotalsMismatches(t.database.db)).toEqual([]);
    expect(await rows(double)).toEqual({ ana: [16, 2, 1], bruno: [16 + 20, 2, 2] });
  });
});
