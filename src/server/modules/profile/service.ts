/**
 * A person's own profile and avatar: read, change (username unique case-insensitively, full name,
 * language, phone; updated_at set), upload and remove the avatar, and serve any avatar (the uploaded
 * image, else the generated SVG of src/domain/avatar.ts). Owner checks: policy.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { avatarSvg } from '../../../domain/avatar';
import { updateProfileRequest, type Profile, type UpdateProfileRequest } from '../../../contracts/profile';
import type { Viewer } from '../../auth/viewer';
import { usernameTaken } from '../../auth/profiles';
import type { Db } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { errors } from '../../errors';
import type { AvatarStorage } from './avatar-storage';
import { AVATAR_STORED_TYPE, processAvatar } from './avatar-image';
import { avatarUrl } from './avatar-url';
import { requireOwnProfile } from './policy';
import { presentProfile } from './presenter';
import { forgetStatsSnapshotsOfMember } from '../groups/stats-snapshot';

/** Cache-control of an avatar whose address names its current version: the bytes never change. */
export const AVATAR_CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-control of any other avatar answer (no version, an old one, the generated SVG): 5 minutes. */
export const AVATAR_CACHE_SHORT = 'private, max-age=300';

async function profileRow(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  if (!row) throw errors.notFound('Profile');
  return row;
}

/** Whether a database error is a unique-constraint violation (SQLSTATE 23505), whichever driver raised it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * My profile. @throws AppError 403 forbidden (another person's), 404 not_found.
 */
export async function getProfile(db: Db, viewer: Viewer, userId: string): Promise<Profile> {
  requireOwnProfile(viewer, userId);
  return presentProfile(await profileRow(db, userId), viewer.email);
}

/**
 * Changes the given fields and sets updated_at; a new full name is also the account's name (Better
 * Auth's user.name), in the same transaction. An empty phone clears it.
 * @throws AppError 403 forbidden, 400 validation_failed, 409 username_taken (case-insensitively).
 */
export async function updateProfile(db: Db, viewer: Viewer, userId: string, input: UpdateProfileRequest): Promise<Profile> {
  requireOwnProfile(viewer, userId);
  const parsed = updateProfileRequest.safeParse(input);
  if (!parsed.success) throw errors.validation(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  const body = parsed.data;
  if (body.username !== undefined && (await usernameTaken(db, body.username, userId))) throw errors.usernameTaken();
  const changes = {
    ...body,
    ...(body.phone !== undefined ? { phone: body.phone === '' ? null : body.phone } : {}),
    updatedAt: new Date(),
  };
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx.update(profiles).set(changes).where(eq(profiles.userId, userId)).returning();
      if (!updated) throw errors.notFound('Profile');
      if (body.fullName !== undefined) await tx.update(user).set({ name: body.fullName, updatedAt: new Date() }).where(eq(user.id, userId));
      // Stored stats pages name people by username: the old one must not stay stored.
      if (body.username !== undefined) await forgetStatsSnapshotsOfMember(tx, userId);
      return updated;
    });
    return presentProfile(row, viewer.email);
  } catch (error) {
    // Two people taking the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw errors.usernameTaken();
    throw error;
  }
}

/**
 * Stores an uploaded picture as my avatar (256 px WebP, see avatar-image.ts) under a new version, and
 * removes the previous image. Of two uploads at once, the later-started one wins.
 * @throws AppError 403 forbidden, 415 avatar_invalid.
 */
export async function setAvatar(db: Db, storage: AvatarStorage, viewer: Viewer, userId: string, bytes: Buffer): Promise<Profile> {
  requireOwnProfile(viewer, userId);
  const image = await processAvatar(bytes);
  const [reserved] = await db.update(profiles).set({ avatarVersion: sql`${profiles.avatarVersion} + 1` })
    .where(eq(profiles.userId, userId)).returning({ version: profiles.avatarVersion });
  if (!reserved) throw errors.notFound('Profile');
  const key = `${userId}/${reserved.version}.webp`;
  await storage.put(key, image, AVATAR_STORED_TYPE);
  let outcome: { applied: boolean; previous: string | null };
  try {
    outcome = await db.transaction(async (tx) => {
      const [current] = await tx.select({ key: profiles.avatarKey }).from(profiles).where(eq(profiles.userId, userId)).for('update');
      const updated = await tx.update(profiles)
        .set({ avatarKey: key, avatarUrl: avatarUrl(userId, reserved.version), updatedAt: new Date() })
        .where(and(eq(profiles.userId, userId), eq(profiles.avatarVersion, reserved.version)))
        .returning({ userId: profiles.userId });
      return { applied: updated.length > 0, previous: current?.key ?? null };
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  // A newer upload started meanwhile: it wins, and this image is nobody's.
  if (!outcome.applied) await storage.delete(key);
  const { previous } = outcome;
  if (outcome.applied && previous && previous !== key) await storage.delete(previous);
  return presentProfile(await profileRow(db, userId), viewer.email);
}

/** Removes my uploaded avatar (the generated SVG is served again). @throws AppError 403 forbidden. */
export async function removeAvatar(db: Db, storage: AvatarStorage, viewer: Viewer, userId: string): Promise<Profile> {
  requireOwnProfile(viewer, userId);
  const previous = await db.transaction(async (tx) => {
    const [current] = await tx.select({ key: profiles.avatarKey }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    if (!current) throw errors.notFound('Profile');
    await tx.update(profiles).set({ avatarKey: null, avatarUrl: null, updatedAt: new Date() }).where(eq(profiles.userId, userId));
    return current.key;
  });
  if (previous) await storage.delete(previous);
  return presentProfile(await profileRow(db, userId), viewer.email);
}

/** An avatar answer: the bytes, their content-type and cache-control. */
export interface AvatarImage {
  body: Buffer | string;
  contentType: string;
  cacheControl: string;
}

/**
 * Anyone's avatar: the uploaded image (cached for good when `version` is its current one), else the
 * generated SVG of their full name or username (the default name 'User' for an unknown id) at `size`
 * px (default 40, clamped to 16–512).
 */
export async function readAvatar(db: Db, storage: AvatarStorage, userId: string, options: { version?: string; size?: number }): Promise<AvatarImage> {
  const [row] = await db
    .select({ username: profiles.username, fullName: profiles.fullName, key: profiles.avatarKey, version: profiles.avatarVersion })
    .from(profiles).where(eq(profiles.userId, userId));
  if (row?.key) {
    const bytes = await storage.get(row.key);
    if (bytes) {
      const current = options.version === String(row.version);
      return { body: bytes, contentType: AVATAR_STORED_TYPE, cacheControl: current ? AVATAR_CACHE_IMMUTABLE : AVATAR_CACHE_SHORT };
    }
  }
  return {
    body: avatarSvg({ name: row?.fullName, username: row?.username, size: options.size }),
    contentType: 'image/svg+xml; charset=utf-8',
    cacheControl: AVATAR_CACHE_SHORT,
  };
}
