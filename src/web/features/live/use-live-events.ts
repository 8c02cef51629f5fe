/**
 * Keeps open pages live (live-connection.ts has the stream's rules). A group page follows its group's
 * stream from the live event number its cached matches were read at (their liveEventId), so opening it
 * refetches nothing: a `match` event puts the new score on the cached matches at once, and the refetches
 * it asks for invalidate the group's queries (the ranking and stats are server-cached per group). A member's
 * home and My groups follow GET /api/events (the leagues of their groups): a score goes on every cached
 * group's matches, and my groups (their ranks) and the home feed are fetched again.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GroupMatchesResponse } from '../../../contracts/groups';
import type { LiveMatchEvent } from '../../../contracts/live';
import { startLiveConnection } from './live-connection';
import { applyLiveMatch, showsLiveMatch } from './live-match';

/**
 * Follows a group's live events while `enabled` (a member's page). The stream resumes from the cached
 * matches' liveEventId as it is when the stream opens (later reads of the matches do not move it: the
 * stream hears everything after it), so the page enables it once its matches have come — or failed: then
 * there is no number, and the opening refetches the matches and the ranking.
 */
export function useLiveEvents(groupId: string, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const matchesKey = ['groups', groupId, 'matches'];
    return startLiveConnection({
      streamPath: `/api/groups/${groupId}/events`,
      probePath: `/api/groups/${groupId}`,
      open: (url) => new EventSource(url, { withCredentials: true }),
      probe: async (url) => (await fetch(url, { credentials: 'same-origin' })).status,
      onMatch: (event) => client.setQueryData<GroupMatchesResponse>(matchesKey, (data) => applyLiveMatch(data, event)),
      refetch: (part) => void client.invalidateQueries({ queryKey: part ? ['groups', groupId, part] : ['groups', groupId] }, { cancelRefetch: false }),
      resumeFrom: client.getQueryData<GroupMatchesResponse>(matchesKey)?.liveEventId ?? null,
      shows: (event) => showsLiveMatch(client.getQueryData<GroupMatchesResponse>(matchesKey), event),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: Math.random,
    });
  }, [client, groupId, enabled]);
}

/** Whether a cached query holds a group's matches (['groups', groupId, 'matches']). */
const isGroupMatches = (key: readonly unknown[]) => key.length === 3 && key[0] === 'groups' && key[2] === 'matches';

/** Follows the live events of all my groups' leagues while `enabled` (a signed-in page outside a group). */
export function useMyLiveEvents(enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return startLiveConnection({
      streamPath: '/api/events',
      probePath: '/api/me',
      open: (url) => new EventSource(url, { withCredentials: true }),
      probe: async (url) => (await fetch(url, { credentials: 'same-origin' })).status,
      onMatch: (event: LiveMatchEvent) => client.setQueriesData<GroupMatchesResponse>(
        { predicate: (query) => isGroupMatches(query.queryKey) }, (data) => applyLiveMatch(data, event),
      ),
      // Whatever part an event touches, these pages show it through my groups (their ranks) and the home
      // feed; after up to a second more at random, so the pages open on one goal do not all ask at once.
      refetch: () => {
        setTimeout(() => {
          void client.invalidateQueries({ queryKey: ['groups'], exact: true }, { cancelRefetch: false });
          void client.invalidateQueries({ queryKey: ['groups', 'home'] }, { cancelRefetch: false });
        }, Math.random() * 1_000);
      },
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: Math.random,
    });
  }, [client, enabled]);
}
