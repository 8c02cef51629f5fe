/**
 * Keeps an open group page live: an EventSource on GET /api/groups/:groupId/events (the session cookie
 * goes with it). A `match` event puts the new score on the cached matches at once and refetches the
 * ranking and stats (server-cached per group); a result that gives points refetches the matches too; a
 * `resync` refetches everything of the group. Refetches are gathered for REFETCH_DELAY_MS (a replay or
 * a sync may bring dozens of events at once: one refetch of each, never one per event). A dropped stream
 * is reopened after 1, 2, 5, then 10 s (plus up to a fifth more at random, so pages dropped together do
 * not return together), resuming after the last event heard (?lastEventId=, since a new EventSource cannot
 * send Last-Event-ID). A stream ended by an instance that shuts down says `reconnect` first: the page comes
 * back after the wait it names (plus the same random fifth), through the load balancer to another instance,
 * resuming as above. It stops for good when the server says `revoked` (signed out, no longer a member)
 * or refuses a reconnection (the group answers 401, 403 or 404): the group's queries are refetched, so the
 * page shows why, instead of knocking every 10 s.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { GroupMatchesResponse } from '../../../contracts/groups';
import type { LiveMatchEvent } from '../../../contracts/live';
import { applyLiveMatch, isRefusal, needsRefetch, reconnectDelay, reconnectHint } from './live-match';

/** How long refetches triggered by events are gathered before they run, in ms. */
const REFETCH_DELAY_MS = 400;

/** Follows a group's live events while `enabled` (a member's page). */
export function useLiveEvents(groupId: string, enabled: boolean): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let lastId: string | null = null;
    let stopped = false;
    // The wait the server asked for when it ended the stream (it is shutting down); null: the backoff.
    let hinted: number | null = null;
    // Parts of the group to refetch ('' = all of it), gathered and sent together.
    const due = new Set<string>();
    let flush: ReturnType<typeof setTimeout> | undefined;
    const refetch = (part = '') => {
      due.add(part);
      flush ??= setTimeout(() => {
        flush = undefined;
        const parts = due.has('') ? [''] : [...due];
        due.clear();
        for (const name of parts) {
          void client.invalidateQueries({ queryKey: name ? ['groups', groupId, name] : ['groups', groupId] }, { cancelRefetch: false });
        }
      }, REFETCH_DELAY_MS);
    };
    const connect = () => {
      const resume = lastId ? `?lastEventId=${encodeURIComponent(lastId)}` : '';
      const opened = new EventSource(`/api/groups/${groupId}/events${resume}`, { withCredentials: true });
      source = opened;
      let wasOpen = false;
      opened.onopen = () => {
        wasOpen = true;
        // Reopened without knowing where we were: whatever happened meanwhile is fetched again. On the
        // first opening, a goal between the page's fetch and this moment would be missed: the live parts
        // are fetched once more (served from the server's per-group caches).
        if (attempt > 0 && !lastId) refetch();
        else if (!lastId) {
          refetch('matches');
          refetch('ranking');
        }
        attempt = 0;
      };
      opened.addEventListener('match', (message) => {
        lastId = message.lastEventId || lastId;
        const event = JSON.parse(message.data) as LiveMatchEvent;
        client.setQueryData<GroupMatchesResponse>(['groups', groupId, 'matches'], (data) => applyLiveMatch(data, event));
        if (needsRefetch(event)) refetch('matches');
        refetch('ranking');
        refetch('stats');
      });
      opened.addEventListener('resync', () => refetch());
      opened.addEventListener('reconnect', (message) => {
        hinted = reconnectHint(message.data as string);
      });
      const giveUp = () => {
        stopped = true;
        opened.close();
        refetch();
      };
      opened.addEventListener('revoked', giveUp);
      opened.onerror = () => {
        opened.close();
        if (stopped) return;
        const retry = () => {
          if (stopped) return;
          const wait = hinted ?? reconnectDelay(attempt);
          hinted = null;
          timer = setTimeout(connect, wait * (1 + Math.random() / 5));
          attempt += 1;
        };
        // Refused outright (an EventSource cannot tell why): ask the group, and stop when it is gone for us.
        if (wasOpen) return retry();
        fetch(`/api/groups/${groupId}`, { credentials: 'same-origin' })
          .then((response) => (isRefusal(response.status) ? giveUp() : retry()), retry);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(flush);
      source?.close();
    };
  }, [client, groupId, enabled]);
}
