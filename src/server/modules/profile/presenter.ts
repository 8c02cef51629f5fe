/** What leaves the server of a profile (STYLE.md habit 4): never the row as it is (no storage key). */
import type { Profile } from '../../../contracts/profile';
import type { profiles } from '../../db/schema';
import { storedLocale } from '../../mail/templates';
import { avatarUrl } from './avatar-url';

/** The avatar's address for a profile row: the uploaded image's (versioned) or the generated SVG's. */
export function profileAvatarUrl(row: Pick<typeof profiles.$inferSelect, 'userId' | 'avatarKey' | 'avatarVersion'>): string {
  return avatarUrl(row.userId, row.avatarKey ? row.avatarVersion : null);
}

/** A profile row and its account's email → the API's profile. */
export function presentProfile(row: typeof profiles.$inferSelect, email: string): Profile {
  return {
    userId: row.userId,
    username: row.username,
    fullName: row.fullName,
    avatarUrl: profileAvatarUrl(row),
    role: row.role,
    language: storedLocale(row.language),
    phone: row.phone,
    email,
    updatedAt: row.updatedAt.toISOString(),
  };
}
