/**
 * GET and PATCH /api/profiles/{userId} over HTTP on a real database: only the owner reads and changes
 * it (403 for another person, 401 for a guest), usernames stay unique case-insensitively, the field
 * bounds, updated_at, and /api/me following the change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';

describe(`profile (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let anaId: string;

  const as = (who: TestUser | null, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
  const patch = (payload: object) => as(ana, 'PATCH', `/api/profiles/${anaId}`, payload);

  beforeAll(async () => {
    t = await createTestApp();
    ana = await createUser(t, { username: 'ana_souza', name: 'Ana Souza' });
    bruno = await createUser(t, { username: 'bruno' });
    anaId = (await as(ana, 'GET', '/api/me')).json().user.id;
  });
  afterAll(async () => t?.close());

  it('gives the owner their profile with the email, read-only', async () => {
    const response = await as(ana, 'GET', `/api/profiles/${anaId}`);
    expect(response.statusCode).toBe(200);
    const { profile } = response.json();
    expect(profile).toEqual({
      userId: anaId, username: 'ana_souza', fullName: 'Ana Souza', avatarUrl: `/api/users/${anaId}/avatar`, role: 'Regular User',
      language: null, phone: null, email: ana.email, updatedAt: expect.any(String),
    });
    expect(Object.keys(profile)).not.toContain('avatarKey');
  });

  it('refuses another person (403) and a guest (401), for reading and changing', async () => {
    expect((await as(bruno, 'GET', `/api/profiles/${anaId}`)).json().error.id).toBe('forbidden');
    expect((await as(bruno, 'GET', `/api/profiles/${anaId}`)).statusCode).toBe(403);
    expect((await as(bruno, 'PATCH', `/api/profiles/${anaId}`, { fullName: 'Taken over' })).statusCode).toBe(403);
    expect((await as(null, 'GET', `/api/profiles/${anaId}`)).statusCode).toBe(401);
    expect((await as(null, 'PATCH', `/api/profiles/${anaId}`, { fullName: 'Taken over' })).statusCode).toBe(401);
    expect((await as(ana, 'GET', `/api/profiles/${anaId}`)).json().profile.fullName).toBe('Ana Souza');
  });

  it('changes the given fields, sets updated_at, and /api/me follows', async () => {
    const before = (await as(ana, 'GET', `/api/profiles/${anaId}`)).json().profile.updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await patch({ username: 'Ana.S', fullName: '  Ana Paula Souza ', language: 'pt-BR', phone: '+55 (11) 98765-4321' });
    expect(response.statusCode).toBe(200);
    const { profile } = response.json();
    expect(profile).toMatchObject({ username: 'Ana.S', fullName: 'Ana Paula Souza', language: 'pt-BR', phone: '+55 (11) 98765-4321', email: ana.email });
    expect(Date.parse(profile.updatedAt)).toBeGreaterThan(Date.parse(before));
    expect((await as(ana, 'GET', '/api/me')).json().user).toMatchObject({ username: 'Ana.S', fullName: 'Ana Paula Souza', language: 'pt-BR' });

    // Only what is given changes; null clears the language and the phone.
    const cleared = (await patch({ language: null, phone: null })).json().profile;
    expect(cleared).toMatchObject({ username: 'Ana.S', fullName: 'Ana Paula Souza', language: null, phone: null });
    expect((await patch({ phone: '' })).json().profile.phone).toBeNull();
  });

  it('keeps usernames unique case-insensitively (409 username_taken), my own name in another case is fine', async () => {
    const taken = await patch({ username: 'BRUNO' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.id).toBe('username_taken');
    expect((await patch({ username: 'ana.s' })).json().profile.username).toBe('ana.s');
  });

  it.each([
    ['a 101-character full name', { fullName: 'x'.repeat(101) }],
    ['an empty full name', { fullName: '   ' }],
    ['a NUL in the full name', { fullName: 'Ana\u0000Souza' }],
    ['a line break in the full name', { fullName: 'Ana\nSouza' }],
    ['a null full name', { fullName: null }],
    ['a null username', { username: null }],
    ['a 2-character username', { username: 'ab' }],
    ['a 31-character username', { username: 'a'.repeat(31) }],
    ['a space in the username', { username: 'ana souza' }],
    ['an unknown language', { language: 'fr' }],
    ['a phone with letters', { phone: '12345abc' }],
    ['a 5-digit phone', { phone: '12345' }],
    ['a 21-character phone', { phone: '1'.repeat(21) }],
    ['nothing to change', {}],
  ])('refuses %s with 400 validation_failed', async (_label, body) => {
    const response = await patch(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.id).toBe('validation_failed');
  });

  it('accepts the bounds themselves', async () => {
    expect((await patch({ fullName: 'x'.repeat(100) })).json().profile.fullName).toHaveLength(100);
    expect((await patch({ fullName: 'Zé' })).json().profile.fullName).toBe('Zé');
    expect((await patch({ username: 'a'.repeat(30) })).statusCode).toBe(200);
    expect((await patch({ username: 'a_b' })).statusCode).toBe(200);
    expect((await patch({ phone: '123456' })).json().profile.phone).toBe('123456');
  });
});
