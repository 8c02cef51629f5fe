/** GET /api/site gives the public pages the installation's contact address (CONTACT_EMAIL), to anyone. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';

describe(`GET /api/site (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CONTACT_EMAIL: 'hello@pool.example.org' });
  });
  afterAll(async () => t?.close());

  it('answers the CONTACT_EMAIL of the environment without a sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ contactEmail: 'hello@pool.example.org' });
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toContain('/api/site');
  });
});

describe('GET /api/site without CONTACT_EMAIL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers the default address', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.json()).toEqual({ contactEmail: 'support@palpite.local' });
  });
});
