/**
 * A person's calendar feed: GET /api/me/calendar (its address, or none yet), POST /api/me/calendar (a new
 * address: the old one stops at once) and, read by calendar apps without a session, GET
 * /api/calendar.ics?token=… (iCalendar, RFC 5545).
 */
import { z } from 'zod';

/** The feed's address as a path of this site (the page puts its own origin in front, https:// or webcal://); null when none yet. */
export const calendarFeed = z.object({ path: z.string().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeed>;
export const calendarFeedResponse = z.object({ calendar: calendarFeed });

/** The feed's query: its secret token (base64url). */
export const calendarQuery = z.object({ token: z.string().min(1).max(100) });
