/**
 * The data of the page the app opens on, asked for at start (startApp), alongside the session check
 * instead of after it and the route's code: on a phone's network that saves a round trip or two before
 * the page's largest content. Only the group page (its group, matches, first ranking page, the member's
 * groups and the round winners), the page people open from a shared link or a reminder. The queries are the page's
 * own (same keys and freshness), so it finds them answered or under way. A signed-out visitor's requests
 * answer 401 and change nothing: the guard sends them to sign in, and the page asks again after.
 */
import type { QueryClient } from '@tanstack/react-query';
import { groupQuery, myGroupsQuery, rankingQuery } from '../features/groups/api/groups';
import { groupMatchesQuery } from '../features/predictions/api/predictions';
import { matchdayWinnersQuery } from '../features/stats/api/stats';
import { prepareKickoffFormat } from '../lib/format';
import type { Language } from '../i18n/i18n';

/** A group page's address (`/group/<uuid>`, no tab or a tab query) and its group id. */
const GROUP_PAGE = /^\/group\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * Starts the queries of the page at `path` (a location's pathname) on `client`, and the date formats of
 * `language` its first render uses; nothing for other pages.
 */
export function prefetchRouteData(client: QueryClient, path: string, language: Language): void {
  const groupId = GROUP_PAGE.exec(path)?.[1];
  if (!groupId) return;
  // One try each: a refusal is the page's to show, not to retry here.
  void client.prefetchQuery({ ...groupQuery(groupId), retry: false });
  void client.prefetchQuery({ ...groupMatchesQuery(groupId), retry: false });
  void client.prefetchQuery({ ...rankingQuery(groupId, 1), retry: false });
  void client.prefetchQuery({ ...myGroupsQuery, retry: false });
  void client.prefetchQuery({ ...matchdayWinnersQuery(groupId), retry: false });
  // Its match cards show kickoff times: the formatter is made in a task of its own while the answers are on their way.
  setTimeout(() => prepareKickoffFormat(language));
}
