/** Saving only the language of my profile (PATCH /api/profiles/{userId}), as the header's switcher does. */
import type { ProfileResponse } from '../../../../contracts/profile';
import { apiRequest } from '../../../lib/api-client';
import type { Language } from '../../../i18n/i18n';

/**
 * Stores `language` in the profile of `userId` (the signed-in person).
 * @throws ApiError when the server refuses or cannot be reached.
 */
export async function saveLanguage(userId: string, language: Language): Promise<void> {
  await apiRequest<ProfileResponse>(`/profiles/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { language } });
}
