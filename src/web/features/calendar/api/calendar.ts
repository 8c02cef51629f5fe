/**
 * My calendar feed's address (src/contracts/calendar.ts): GET /api/me/calendar reads it (null until made),
 * POST /api/me/calendar makes a new one (the old one stops working at once).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { calendarFeedResponse } from '../../../../contracts/calendar';
import { apiRequest } from '../../../lib/api-client';

type CalendarFeedResponse = z.infer<typeof calendarFeedResponse>;

/** Query key of my calendar feed. */
export const calendarQueryKey = ['me', 'calendar'] as const;

/** Query options for my calendar feed's address. */
export const calendarQuery = () =>
  queryOptions({
    queryKey: calendarQueryKey,
    queryFn: async () => (await apiRequest<CalendarFeedResponse>('/me/calendar')).calendar,
  });

/** My calendar feed's address (signed in only). */
export const useCalendar = () => useQuery(calendarQuery());

/** Makes my calendar address, or a new one in place of the old. @throws ApiError unauthorized, internal. */
export function useRegenerateCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<CalendarFeedResponse>('/me/calendar', { method: 'POST' })).calendar,
    onSuccess: (calendar) => queryClient.setQueryData(calendarQueryKey, calendar),
  });
}

/** The feed's addresses on this site: https (to paste into a calendar app) and webcal (to open one). */
export function feedAddresses(path: string, location: Pick<Location, 'origin' | 'host'>): { https: string; webcal: string } {
  return { https: `${location.origin}${path}`, webcal: `webcal://${location.host}${path}` };
}
