/**
 * Keeps an open group page live (live-connection.ts has the stream's rules): a `match` event puts the
 * new score on the cached matches at once, and the refetches it asks for invalidate the group's queries
 * (the ranking and stats are server-cached per group).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GroupMatchesResponse } from '../../../contracts/groups';
import { startLiveConnection } from './live-connection';
import { applyLiveMatch } from './live-match';

/** Follows a group's live events while `enabled` (a member's page). */
export function useLiveEvents(groupId: string, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return startLiveConnection({
      groupId,
      open: (url) => new EventSource(url, { withCredentials: true }),
      probe: async (url) => (await fetch(url, { credentials: 'same-origin' })).status,
      onMatch: (event) => client.setQueryData<GroupMatchesResponse>(['groups', groupId, 'matches'], (data) => applyLiveMatch(data, event)),
      refetch: (part) => void client.invalidateQueries({ queryKey: part ? ['groups', groupId, part] : ['groups', groupId] }, { cancelRefetch: false }),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: Math.random,
    });
  }, [client, groupId, enabled]);
}
