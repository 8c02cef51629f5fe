/** My notification settings (GET /api/me/notifications): preferences, the server's VAPID key and my push devices. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettingsResponse } from '../../../../contracts/notifications';
import { apiRequest } from '../../../lib/api-client';

/** Query key of my notification settings; the mutations of this feature update it. */
export const notificationSettingsQueryKey = ['notifications', 'settings'] as const;

/** Query options for my notification settings. */
export const notificationSettingsQuery = () =>
  queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: () => apiRequest<NotificationSettingsResponse>('/me/notifications'),
  });

/** My notification settings (signed in only). */
export const useNotificationSettings = () => useQuery(notificationSettingsQuery());
