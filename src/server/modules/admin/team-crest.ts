/**
 * Uploaded team crests: the image is decoded with sharp (JPEG, PNG or WebP, judged by the decoder),
 * fitted whole into 256 × 256 px on a transparent background (a crest is never cropped) and stored as
 * WebP in the uploads store (modules/profile/avatar-storage.ts: local files or S3) under
 * crests/<teamId>/<version>.webp; the team's crest address becomes the public route that serves it.
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { rowsOf, type Conn } from '../../db/client';
import { AppError, errors } from '../../errors';
import type { AvatarStorage } from '../profile/avatar-storage';

/** Side of a stored crest, in pixels. */
export const CREST_SIZE = 256;
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The 256 px WebP of an uploaded crest.
 * @throws AppError 415 avatar_invalid when the bytes are not a decodable JPEG, PNG or WebP image.
 */
export async function processCrest(bytes: Buffer): Promise<Buffer> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (!metadata.format || !['jpeg', 'png', 'webp'].includes(metadata.format)) throw errors.avatarInvalid();
    return await sharp(bytes, options)
      .rotate()
      .resize(CREST_SIZE, CREST_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw errors.avatarInvalid();
  }
}

const keyOf = (teamId: string, version: number) => `crests/${teamId}/${version}.webp`;

/**
 * Stores a team's uploaded crest and points the team at it (/api/teams/<id>/crest?v=<version>).
 * @throws AppError not_found; 415 avatar_invalid.
 */
export async function setTeamCrest(db: Conn, storage: AvatarStorage, teamId: string, bytes: Buffer): Promise<void> {
  const [team] = rowsOf<{ id: string }>(await db.execute(sql`select id from teams where id = ${teamId}::uuid`));
  if (!team) throw errors.notFound('Team');
  const image = await processCrest(bytes);
  const version = Date.now();
  await storage.put(keyOf(teamId, version), image, 'image/webp');
  await db.execute(sql`update teams set crest_url = ${`/api/teams/${teamId}/crest?v=${version}`} where id = ${teamId}::uuid`);
}

/** The stored crest of a team at `version` (from its crest address), or null. */
export async function readTeamCrest(storage: AvatarStorage, teamId: string, version: number): Promise<Buffer | null> {
  return storage.get(keyOf(teamId, version));
}
