/**
 * The life of an event stream — a group page's (GET /api/groups/:groupId/events) or the one of every
 * other signed-in page (GET /api/events: the leagues of my groups) — apart from React and the browser so
 * it can be tested with a fake EventSource and clock (use-live-events.ts wires it up):
 * - a `wall` event (a post of the group written, edited, deleted or reacted to) refetches the wall's pages
 *   and its unread count, gathered as below;
 * - a `match` event is handed to `onMatch` at once, and the parts of the group to refetch are gathered for
 *   REFETCH_DELAY_MS (a replay may bring dozens of events: one refetch of each part, never one per event);
 *   a `resync` refetches the whole group;
 * - the first opening of a page that read its matches at a live event number (`resumeFrom`: the matches'
 *   liveEventId) resumes after it (?lastEventId=) and refetches nothing: a goal between the read and the
 *   opening is replayed by the server. Without that number (the home page; a group whose matches failed
 *   to load) it refetches the live parts (matches, ranking), or such a goal would be missed;
 * - events numbered at or before `resumeFrom` come too (the server replays a margin before every resume
 *   point, since events may commit out of their numbering's order), and the page's read may or may not
 *   have seen them. The ranking, read apart from the matches and maybe before them, is refetched for
 *   them; the latest of each match is held until the gathered refetches run, then put on the page (and
 *   the matches refetched when it needsRefetch) only if the page does not already show that state
 *   (`shows`) — so replaying a final whistle the page has read costs neither a refetch of the matches nor
 *   a moment of an older score;
 * - a reopening without any event heard (nor a number to resume from) refetches everything;
 * - a dropped stream is reopened after 1, 2, 5, then 10 s (reconnectDelay), plus up to a fifth more at
 *   random so pages dropped together do not return together, resuming after the last event heard
 *   (?lastEventId=, since a new EventSource cannot send Last-Event-ID); after a `reconnect` event (an
 *   instance shutting down) it waits what that event named instead;
 * - it stops for good on `revoked` (signed out, no longer a member), or when a stream that never opened
 *   is refused and the probe (the group itself, or who I am) answers 401, 403 or 404; everything is
 *   refetched then, so the page shows why instead of knocking every 10 s.
 */
import type { LiveMatchEvent } from '../../../contracts/live';
import { isRefusal, needsRefetch, reconnectDelay, reconnectHint } from './live-match';

/** How long refetches triggered by events are gathered before they run, in ms. */
export const REFETCH_DELAY_MS = 400;

/** What the connection needs of an EventSource. */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** The connection's surroundings: the browser's, or a test's fakes. */
export interface LiveConnectionDeps {
  /** The stream's address (/api/groups/:groupId/events or /api/events). */
  streamPath: string;
  /** What to ask when a stream is refused before opening, to tell a refusal from a network failure. */
  probePath: string;
  /** Opens an event stream at `url` (with the session cookie). */
  open(url: string): EventSourceLike;
  /** GETs `url`; resolves with the status (rejects when the network fails). */
  probe(url: string): Promise<number>;
  /** A live score to put on the page at once. */
  onMatch(event: LiveMatchEvent): void;
  /** Refetches one part of the group ('matches', 'ranking', 'stats', 'wall'), or all of it (''). */
  refetch(part: string): void;
  /**
   * The live event number the page's matches were read at (GroupMatchesResponse.liveEventId): the first
   * opening resumes after it instead of refetching. Omitted or null: no such number (see the rules above).
   */
  resumeFrom?: number | null;
  /**
   * Whether the page already shows a match's state (status, goals, kickoff), asked of the events replayed
   * from at or before `resumeFrom`; without it they are all put on the page.
   */
  shows?(event: LiveMatchEvent): boolean;
  /** Clock and randomness (tests pass their own). */
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  random(): number;
}

/** Opens the stream and keeps it open; returns `stop`, which closes it and cancels what is pending. */
export function startLiveConnection(deps: LiveConnectionDeps): () => void {
  let source: EventSourceLike | null = null;
  let timer: unknown;
  let attempt = 0;
  const readAt = deps.resumeFrom ?? null;
  // Where a (re)opening resumes: the last event heard, or before any the number the matches were read at.
  let lastId: string | null = readAt === null ? null : String(readAt);
  let stopped = false;
  // The wait the server asked for when it ended the stream (it is shutting down); null: the backoff.
  let hinted: number | null = null;
  // Parts of the group to refetch ('' = all of it), gathered and sent together.
  const due = new Set<string>();
  // The latest replayed event of each match numbered at or before readAt, until the refetches run.
  const unsure = new Map<string, LiveMatchEvent>();
  let flush: unknown;
  const heard = (event: LiveMatchEvent) => {
    deps.onMatch(event);
    if (needsRefetch(event)) due.add('matches');
    due.add('ranking');
    due.add('stats');
  };
  const gather = () => {
    flush ??= deps.setTimeout(() => {
      flush = undefined;
      for (const event of unsure.values()) if (!deps.shows?.(event)) heard(event);
      unsure.clear();
      const parts = due.has('') ? [''] : [...due];
      due.clear();
      for (const name of parts) deps.refetch(name);
    }, REFETCH_DELAY_MS);
  };
  const refetch = (part = '') => {
    due.add(part);
    gather();
  };
  const connect = () => {
    const resume = lastId ? `?lastEventId=${encodeURIComponent(lastId)}` : '';
    const opened = deps.open(`${deps.streamPath}${resume}`);
    source = opened;
    let wasOpen = false;
    opened.onopen = () => {
      wasOpen = true;
      if (attempt > 0 && !lastId) refetch();
      else if (!lastId) {
        refetch('matches');
        refetch('ranking');
      }
      attempt = 0;
    };
    opened.addEventListener('match', (message) => {
      const event = JSON.parse(message.data as string) as LiveMatchEvent;
      if (readAt !== null && message.lastEventId && Number(message.lastEventId) <= readAt) {
        // Resuming from readAt replays it again, so lastId stays; a later event of the match replaces it.
        unsure.set(event.matchId, event);
        refetch('ranking');
        refetch('stats');
        return;
      }
      lastId = message.lastEventId || lastId;
      // Newer than any held one of the match (a match's events are numbered in the order they commit).
      unsure.delete(event.matchId);
      heard(event);
      gather();
    });
    // A post of the group's wall written, changed, deleted or reacted to: its pages (and unread count)
    // are fetched again. One replayed from before the resume point may or may not be on the page (the wall
    // is read apart from the matches): fetched again too, once with the rest.
    opened.addEventListener('wall', (message) => {
      if (!(readAt !== null && message.lastEventId && Number(message.lastEventId) <= readAt)) lastId = message.lastEventId || lastId;
      refetch('wall');
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
        timer = deps.setTimeout(connect, wait * (1 + deps.random() / 5));
        attempt += 1;
      };
      // Refused outright (an EventSource cannot tell why): ask the probe, and stop when it is gone for us.
      if (wasOpen) return retry();
      deps.probe(deps.probePath).then((status) => (isRefusal(status) ? giveUp() : retry()), retry);
    };
  };
  connect();
  return () => {
    stopped = true;
    deps.clearTimeout(timer);
    deps.clearTimeout(flush);
    source?.close();
  };
}
