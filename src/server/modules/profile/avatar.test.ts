/**
 * Avatars over HTTP on a real database: upload (PUT, raw bytes) only by the owner, 2 MB limit (413),
 * anything but a decodable JPEG, PNG or WebP refused (415, judged by the bytes), re-encoded to a
 * 256×256 WebP without metadata and turned upright, served with immutable caching at its versioned
 * address; removal brings back the generated SVG (initials, colour, escaping, size), seen by any
 * signed-in person and no guest.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { avatarColor } from '../../../domain/avatar';
import { AVATAR_MAX_BYTES } from '../../../contracts/limits';

/** A width×height picture, left half red and right half blue. */
function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: width / 2, height, channels: 3, background: '#0000ff' } }, left: width / 2, top: 0 }]);
}

/** The RGB of the pixel at (x, y) of an image. */
async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
}

describe(`avatars (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let zico: TestUser;
  let other: TestUser;
  let zicoId: string;
  let png: Buffer;
  let jpegWithExif: Buffer;

  const upload = (who: TestUser | null, body: Buffer | string, contentType: string, userId = zicoId) =>
    t.app.inject({ method: 'PUT', url: `/api/profiles/${userId}/avatar`, payload: body, headers: { 'content-type': contentType, ...(who ? { cookie: who.cookie } : {}) } });
  const get = (who: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const remove = (who: TestUser | null, userId = zicoId) =>
    t.app.inject({ method: 'DELETE', url: `/api/profiles/${userId}/avatar`, headers: who ? { cookie: who.cookie } : {} });

  beforeAll(async () => {
    t = await createTestApp();
    zico = await createUser(t, { username: 'zico', name: 'Arthur Zico' });
    other = await createUser(t, { username: 'socrates' });
    zicoId = (await get(zico, '/api/me')).json().user.id;
    png = await picture(400, 300).png().toBuffer();
    // Stored sideways (EXIF orientation 6: turn 90° clockwise to view) with a copyright note and a GPS position.
    jpegWithExif = await picture(300, 200).jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Owner', ImageDescription: 'At home' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
  });
  afterAll(async () => t?.close());

  it('serves the generated SVG without an upload: initials of the full name, the username’s colour', async () => {
    const response = await get(other, `/api/users/${zicoId}/avatar`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(response.body).toContain('>AZ</text>');
    expect(response.body).toContain(`fill="${avatarColor('zico')}"`);
    expect(response.body).toContain('width="40" height="40"');
    expect((await get(other, `/api/users/${zicoId}/avatar?size=96`)).body).toContain('width="96" height="96"');
    expect((await get(other, `/api/users/${zicoId}/avatar?size=9999`)).body).toContain('width="512" height="512"');
    // An unknown person: the specification's default name 'User'.
    expect((await get(other, '/api/users/nobody/avatar')).body).toContain('>U</text>');
  });

  it('escapes the name in the SVG', async () => {
    const otherId = (await get(other, '/api/me')).json().user.id;
    const changed = await t.app.inject({ method: 'PATCH', url: `/api/profiles/${otherId}`, payload: { fullName: '<b>"Doutor" & co</b>' }, headers: { cookie: other.cookie } });
    expect(changed.statusCode).toBe(200);
    const svg = (await get(zico, `/api/users/${otherId}/avatar`)).body;
    expect(svg).toContain('>BC</text>');
    expect(svg).not.toContain('<b>');
    expect(svg.match(/</g)).toHaveLength(5);
  });

  it('shows avatars to signed-in people only', async () => {
    expect((await get(null, `/api/users/${zicoId}/avatar`)).statusCode).toBe(401);
  });

  it('lets only the owner upload or remove (401 guest, 403 another person), before reading the image', async () => {
    expect((await upload(null, png, 'image/png')).statusCode).toBe(401);
    const foreign = await upload(other, png, 'image/png');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.id).toBe('forbidden');
    expect((await upload(other, Buffer.alloc(AVATAR_MAX_BYTES + 1), 'image/png')).statusCode).toBe(403);
    expect((await remove(null)).statusCode).toBe(401);
    expect((await remove(other)).statusCode).toBe(403);
  });

  it('refuses more than 2 MB with 413 avatar_too_large', async () => {
    const big = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length)]);
    const response = await upload(zico, big, 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json().error.id).toBe('avatar_too_large');
  });

  it.each([
    ['a text file sent as image/png', () => Buffer.from('just some text, not a picture\n'), 'image/png'],
    ['a truncated PNG', () => png.subarray(0, 60), 'image/png'],
    ['a GIF sent as image/jpeg', () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'image/jpeg'],
    ['an SVG sent as image/webp', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'image/webp'],
    ['a PNG sent as text/plain', () => png, 'text/plain'],
    ['JSON', () => Buffer.from('{"image":"x"}'), 'application/json'],
  ])('refuses %s with 415 avatar_invalid', async (_label, body, contentType) => {
    const response = await upload(zico, body(), contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json().error.id).toBe('avatar_invalid');
  });

  it('stores a PNG as a 256×256 WebP, served for good at its versioned address', async () => {
    const response = await upload(zico, png, 'image/png');
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json().profile;
    expect(avatarUrl).toMatch(new RegExp(`^/api/users/${zicoId}/avatar\\?v=\\d+$`));
    expect((await get(zico, '/api/me')).json().user.avatarUrl).toBe(avatarUrl);

    const served = await get(other, avatarUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
    // Without the version (or with an old one) the same image, cached briefly.
    const unversioned = await get(other, `/api/users/${zicoId}/avatar`);
    expect(unversioned.headers['cache-control']).toBe('private, max-age=300');
    expect(unversioned.rawPayload.equals(served.rawPayload)).toBe(true);
  });

  it('turns a sideways JPEG upright, crops it square and strips EXIF and GPS', async () => {
    const before = (await get(zico, `/api/profiles/${zicoId}`)).json().profile.avatarUrl;
    const response = await upload(zico, jpegWithExif, 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json().profile;
    expect(avatarUrl).not.toBe(before);
    const image = (await get(zico, avatarUrl)).rawPayload;
    const metadata = await sharp(image).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.toString('latin1')).not.toMatch(/Secret Owner|At home|GPS/);
    // The left (red) half of the stored picture is on top once turned.
    const [topRed, , topBlue] = await pixel(image, 128, 20);
    const [bottomRed, , bottomBlue] = await pixel(image, 128, 236);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
    // The previous upload's file is gone: one image per person.
    expect(readdirSync(join(t.dataDir, 'uploads', 'avatars', zicoId))).toEqual([`${avatarUrl.split('v=')[1]}.webp`]);
  });

  it('accepts a WebP too', async () => {
    const webp = await picture(256, 256).webp().toBuffer();
    expect((await upload(zico, webp, 'image/webp')).statusCode).toBe(200);
  });

  it('removes the avatar: the SVG is back and the file gone; a new upload gets a new address', async () => {
    const uploaded = (await get(zico, `/api/profiles/${zicoId}`)).json().profile.avatarUrl as string;
    const response = await remove(zico);
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.avatarUrl).toBe(`/api/users/${zicoId}/avatar`);
    expect((await get(zico, '/api/me')).json().user.avatarUrl).toBe(`/api/users/${zicoId}/avatar`);
    const served = await get(other, uploaded);
    expect(served.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(served.headers['cache-control']).toBe('private, max-age=300');
    expect(existsSync(join(t.dataDir, 'uploads', 'avatars', zicoId, `${uploaded.split('v=')[1]}.webp`))).toBe(false);
    expect((await remove(zico)).statusCode).toBe(200);

    const again = (await upload(zico, png, 'image/png')).json().profile.avatarUrl;
    expect(again).not.toBe(uploaded);
  });
});
