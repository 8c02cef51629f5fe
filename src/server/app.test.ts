import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../tests/helpers/app';

describe(`app basics (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('GET /api/health answers ok with version and build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), build: expect.any(String) });
  });

  it('serves an OpenAPI document listing the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/health', '/api/leagues', '/api/leagues/{leagueId}/matches', '/api/groups', '/api/groups/join',
      '/api/groups/{groupId}', '/api/groups/{groupId}/matches', '/api/groups/{groupId}/predictions/{matchId}',
      '/api/groups/{groupId}/ranking', '/api/admin/matches/{matchId}/result',
    ]));
  });

  it('answers unknown API paths with a 404 error body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { id: 'not_found', message: expect.any(String) } });
  });

  it('answers a malformed id with 400 validation_failed', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/leagues/not-a-uuid/matches' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.id).toBe('validation_failed');
  });

  it('answers a well-formed unknown league with 404 league_not_found', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/leagues/00000000-0000-4000-8000-000000000000/matches' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.id).toBe('league_not_found');
  });

  it('answers broken JSON with 400 validation_failed', async () => {
    const response = await t.app.inject({
      method: 'POST', url: '/api/groups', headers: { 'content-type': 'application/json' }, payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.id).toBe('validation_failed');
  });

  it('needs a session for groups', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/groups' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.id).toBe('unauthenticated');
  });
});
