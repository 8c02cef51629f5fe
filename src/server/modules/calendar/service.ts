/**
 * A person's calendar feed (iCalendar, RFC 5545, written by ical-generator): one event per match of the
 * leagues of their active groups, from 30 days ago on — the kickoff (UTC), the teams, the round and the
 * groups, a link to each group's matches — and, for a match whose predictions are open and that they have
 * not predicted in every one of those groups when the feed is read, a display alarm at the close (kickoff −
 * 15 minutes, src/domain/deadline.ts). Postponed matches are tentative, cancelled ones cancelled. The feed
 * is read by its secret token (calendar_feeds); regenerating it replaces the token.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator';
import type { CalendarFeed } from '../../../contracts/calendar';
import { isPredictionOpen, PREDICTION_CLOSE_MINUTES, type MatchStatus } from '../../../domain/deadline';
import type { LanguageCode } from '../../../domain/languages';
import { rowsOf, type Conn } from '../../db/client';
import { calendarFeeds, profiles } from '../../db/schema';

/** How long a match event lasts in the calendar (minutes): 90 minutes, half time and stoppages. */
export const MATCH_EVENT_MINUTES = 120;
/** How far back the feed lists matches (days). */
export const FEED_PAST_DAYS = 30;

/** The feed's words in the three languages. */
const WORDS: Record<LanguageCode, { calendar: string; groups: string; close: (match: string) => string }> = {
  en: { calendar: 'Palpite', groups: 'Groups', close: (match) => `Predictions for ${match} close now` },
  'pt-BR': { calendar: 'Palpite', groups: 'Grupos', close: (match) => `Os palpites de ${match} fecham agora` },
  es: { calendar: 'Palpite', groups: 'Grupos', close: (match) => `Los pronósticos de ${match} cierran ahora` },
};

/** The feed's path for a token (the page adds its origin). */
const pathOf = (token: string) => `/api/calendar.ics?token=${token}`;

/** The person's feed address, or null when they have none. */
export async function myCalendarFeed(db: Conn, userId: string): Promise<CalendarFeed> {
  const [row] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { path: row ? pathOf(row.token) : null };
}

/**
 * A new feed address for the person (32 random bytes): the old one, if any, stops working at once.
 * @returns the new address.
 */
export async function regenerateCalendarFeed(db: Conn, userId: string): Promise<CalendarFeed> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(calendarFeeds).values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return { path: pathOf(token) };
}

interface FeedMatch {
  id: string; kickoff: string | Date; status: MatchStatus; round_name: string; home: string; away: string;
  group_ids: string[] | string; group_names: string[] | string; predicted_everywhere: boolean;
}

/** A text[] column as the drivers give it: an array, or PostgreSQL's literal on some paths. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  if (!inner) return [];
  return (inner.match(/"((?:[^"\\]|\\.)*)"|[^,]+/g) ?? []).map((item) => (item.startsWith('"') ? item.slice(1, -1).replace(/\\(.)/g, '$1') : item));
}

/**
 * The feed of the person whose token it is, as iCalendar text.
 * @param origin this site's origin (scheme://host), for the links to the groups.
 * @param now the server's clock (which matches are open, and from when the feed lists them).
 * @returns the text, or null when no feed has this token (a regenerated one's old token included).
 */
export async function calendarFeedText(db: Conn, token: string, origin: string, now: Date): Promise<string | null> {
  const [feed] = await db.select({ userId: calendarFeeds.userId, language: profiles.language, username: profiles.username })
    .from(calendarFeeds).innerJoin(profiles, eq(profiles.userId, calendarFeeds.userId)).where(eq(calendarFeeds.token, token));
  if (!feed) return null;
  const words = WORDS[(feed.language as LanguageCode | null) ?? 'en'] ?? WORDS.en;
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);
  const rows = rowsOf<FeedMatch>(await db.execute(sql`
    select m.id, m.kickoff, m.status, m.round_name, h.name as home, a.name as away,
           array_agg(g.id::text order by lower(g.name), g.id) as group_ids,
           array_agg(g.name order by lower(g.name), g.id) as group_names,
           bool_and(exists (select 1 from predictions p where p.group_id = g.id and p.user_id = gm.user_id and p.match_id = m.id)) as predicted_everywhere
      from group_members gm
      join groups g on g.id = gm.group_id and g.status = 'active'
      join matches m on m.league_id = g.league_id
      join teams h on h.id = m.home_team_id
      join teams a on a.id = m.away_team_id
     where gm.user_id = ${feed.userId} and m.kickoff >= ${since.toISOString()}::timestamptz
     group by m.id, h.name, a.name
     order by m.kickoff, m.id`));
  const calendar = ical({ name: `${words.calendar} — ${feed.username}`, prodId: { company: 'Palpite', product: 'Palpite', language: 'EN' }, ttl: 60 * 60 });
  for (const row of rows) {
    const kickoff = new Date(row.kickoff);
    const match = `${row.home} – ${row.away}`;
    const ids = textArray(row.group_ids);
    const names = textArray(row.group_names);
    const event = calendar.createEvent({
      id: `${row.id}@palpite`,
      start: kickoff,
      end: new Date(kickoff.getTime() + MATCH_EVENT_MINUTES * 60_000),
      stamp: now,
      summary: match,
      description: [`${row.round_name} · ${words.groups}: ${names.join(', ')}`, ...ids.map((id, i) => `${names[i]}: ${origin}/group/${id}?tab=matches`)].join('\n'),
      url: `${origin}/group/${ids[0]}?tab=matches`,
      status: row.status === 'cancelled' ? ICalEventStatus.CANCELLED : row.status === 'postponed' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
    });
    if (!row.predicted_everywhere && isPredictionOpen({ kickoff, status: row.status }, now)) {
      event.createAlarm({ type: ICalAlarmType.display, trigger: PREDICTION_CLOSE_MINUTES * 60, description: words.close(match) });
    }
  }
  return calendar.toString();
}
