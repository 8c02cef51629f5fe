/**
 * The avatar stores: local files (atomic writes, unsafe keys refused) and the S3 adapter over real
 * HTTP against a tiny path-style S3 stand-in that keeps PUT bodies and serves GET and DELETE, directly
 * and through the app (S3_* set: upload, serve, replace and remove an avatar).
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser } from '../../../../tests/helpers/users';
import { parseEnv } from '../../env';
import { createAvatarStorage, localAvatarStorage, s3AvatarStorage, type AvatarStorage } from './avatar-storage';

/** A path-style S3 stand-in: objects by "/bucket/key", with the headers of each request kept. */
function s3Stub() {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const requests: { method: string; path: string; authorization?: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://stub').pathname);
      requests.push({ method: request.method ?? '', path, authorization: request.headers.authorization });
      if (request.method === 'PUT') {
        objects.set(path, { body: Buffer.concat(chunks), contentType: String(request.headers['content-type']) });
        response.writeHead(200, { etag: '"stub"' }).end();
      } else if (request.method === 'GET') {
        const object = objects.get(path);
        if (!object) {
          response.writeHead(404, { 'content-type': 'application/xml' })
            .end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
          return;
        }
        response.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length }).end(object.body);
      } else if (request.method === 'DELETE') {
        objects.delete(path);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    });
  });
  return {
    objects, requests,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What every store must do. */
async function roundTrip(storage: AvatarStorage) {
  expect(await storage.get('user1/1.webp')).toBeNull();
  await storage.put('user1/1.webp', Buffer.from('first'), 'image/webp');
  await storage.put('user1/1.webp', Buffer.from('second'), 'image/webp');
  expect((await storage.get('user1/1.webp'))?.toString()).toBe('second');
  await storage.delete('user1/1.webp');
  expect(await storage.get('user1/1.webp')).toBeNull();
  await storage.delete('user1/1.webp');
  for (const key of ['../escape.webp', 'a/../../b', '/absolute', '', 'a//b', '..']) {
    await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/unsafe avatar key/);
  }
}

describe('local avatar storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'palpite-avatars-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('puts, replaces, gets and deletes files, leaving no temporary file', async () => {
    const storage = localAvatarStorage(join(root, 'avatars'));
    await roundTrip(storage);
    await storage.put('user2/3.webp', Buffer.from('kept'), 'image/webp');
    expect(readdirSync(join(root, 'avatars', 'user2'))).toEqual(['3.webp']);
  });

  it('is what the environment gives without S3_BUCKET: DATA_DIR/uploads/avatars', async () => {
    const storage = createAvatarStorage(parseEnv({ DATA_DIR: root }));
    expect(storage.kind).toBe('local');
    await storage.put('user3/1.webp', Buffer.from('x'), 'image/webp');
    expect(readdirSync(join(root, 'uploads', 'avatars', 'user3'))).toEqual(['1.webp']);
  });
});

describe('S3 avatar storage (over HTTP, path-style)', () => {
  const stub = s3Stub();
  let endpoint: string;
  beforeAll(async () => {
    endpoint = await stub.start();
  });
  afterAll(async () => stub.stop());

  it('writes, reads and deletes objects in the bucket under avatars/, signed', async () => {
    const storage = s3AvatarStorage({ bucket: 'palpite', endpoint, region: 'us-east-1', accessKeyId: 'test-key', secretAccessKey: 'test-secret', forcePathStyle: true });
    expect(storage.kind).toBe('s3');
    await storage.put('user1/7.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(stub.objects.get('/palpite/avatars/user1/7.webp')).toEqual({ body: Buffer.from('webp bytes'), contentType: 'image/webp' });
    expect(stub.requests.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);
    expect((await storage.get('user1/7.webp'))?.toString()).toBe('webp bytes');
    await roundTrip(storage);
    await storage.delete('user1/7.webp');
    expect(stub.objects.size).toBe(0);
  });
});

describe(`avatars in an S3 bucket through the app (${TEST_DB_KIND})`, () => {
  const stub = s3Stub();
  let t: TestApp;
  beforeAll(async () => {
    const endpoint = await stub.start();
    t = await createTestApp({
      S3_BUCKET: 'palpite', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret',
    });
  });
  afterAll(async () => {
    await t?.close();
    await stub.stop();
  });

  it('uploads to the bucket, serves from it, replaces and removes there; nothing under DATA_DIR', async () => {
    const person = await createUser(t);
    const userId = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } })).json().user.id;
    const send = async (color: string) => (await t.app.inject({
      method: 'PUT', url: `/api/profiles/${userId}/avatar`, headers: { cookie: person.cookie, 'content-type': 'image/png' },
      payload: await sharp({ create: { width: 300, height: 300, channels: 3, background: color } }).png().toBuffer(),
    })).json().profile.avatarUrl as string;

    const first = await send('#00ff00');
    const firstKey = `/palpite/avatars/${userId}/${first.split('v=')[1]}.webp`;
    expect([...stub.objects.keys()]).toEqual([firstKey]);
    const served = await t.app.inject({ method: 'GET', url: first, headers: { cookie: person.cookie } });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(stub.objects.get(firstKey)!.body)).toBe(true);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(256);

    const second = await send('#0000ff');
    expect([...stub.objects.keys()]).toEqual([`/palpite/avatars/${userId}/${second.split('v=')[1]}.webp`]);
    await t.app.inject({ method: 'DELETE', url: `/api/profiles/${userId}/avatar`, headers: { cookie: person.cookie } });
    expect(stub.objects.size).toBe(0);
    const fallback = await t.app.inject({ method: 'GET', url: second, headers: { cookie: person.cookie } });
    expect(fallback.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(readdirSync(t.dataDir)).not.toContain('uploads');
  });
});
