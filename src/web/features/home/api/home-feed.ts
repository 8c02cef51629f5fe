/** GET /api/home: the next matches to predict and the recent results across my groups (signed in only). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeResponse } from '../../../../contracts/home';
import { apiRequest } from '../../../lib/api-client';

/** The feed plus how far the server's clock is ahead of this browser's (ms), measured on arrival. */
export type HomeFeed = HomeResponse & { clockOffsetMs: number };

/**
 * Query options of the home feed. Keyed under ['groups'] so creating or joining a group (which
 * invalidate ['groups']) refreshes it too.
 */
export const homeFeedQuery = queryOptions({
  queryKey: ['groups', 'home'],
  queryFn: async (): Promise<HomeFeed> => {
    const feed = await apiRequest<HomeResponse>('/home');
    return { ...feed, clockOffsetMs: Date.parse(feed.serverTime) - Date.now() };
  },
});

/** The home feed: `{ serverTime, upcoming, recent, clockOffsetMs }`, soonest and newest first. */
export const useHomeFeed = () => useQuery(homeFeedQuery);
