/** Saving my notification preferences (PUT /api/me/notifications, the whole object); the page's data follows. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationSettingsResponse } from '../../../../contracts/notifications';
import { apiRequest } from '../../../lib/api-client';
import { notificationSettingsQueryKey } from './get-notification-settings';

/**
 * Saves every preference at once; resolves with the settings as saved.
 * @throws ApiError validation_failed, unauthenticated…
 */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest<NotificationSettingsResponse>('/me/notifications', { method: 'PUT', body: preferences }),
    onSuccess: (settings) => client.setQueryData(notificationSettingsQueryKey, settings),
  });
}
