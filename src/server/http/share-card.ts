/**
 * The card a chat app shows for a pasted link (Open Graph and Twitter tags, read by its crawler from the
 * page's HTML): for an invite link (/join-group?code=…, /join/:code) or a group's page (/group/:groupId/…)
 * of a public, active group, the group's name, its league and how many members it has; for a private or
 * deactivated group, an unknown code or any other page, only the app's name (a private group's name never
 * leaves the server this way). Added to the single-page app's index.html before </head>.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Conn } from '../db/client';
import { escapeHtml } from '../mail/templates';

/** What the card says. */
export interface ShareCard { title: string; description: string }

/** The app's own card (every page that is not a public group's). */
export const APP_CARD: ShareCard = {
  title: 'Palpite',
  description: 'The football prediction pool for friends, families and colleagues: predict every match, follow the ranking.',
};

/** Which group a path names, by invite code or id; null for any other path. */
export function sharedGroupOf(path: string, query: URLSearchParams): { code: string } | { id: string } | null {
  if (path === '/join-group') {
    const code = query.get('code');
    return code ? { code: code.trim().toUpperCase().replace(/[\s-]/g, '') } : null;
  }
  const join = /^\/join\/([^/]+)\/?$/.exec(path);
  if (join) return { code: decodeURIComponent(join[1]!).trim().toUpperCase() };
  const group = /^\/groups?\/([0-9a-f-]{36})(?:\/|$)/i.exec(path);
  return group ? { id: group[1]!.toLowerCase() } : null;
}

/**
 * The card of the group a path names when it is public and active, else the app's card.
 * @param path the request's path; @param query its query.
 */
export async function shareCardFor(db: Conn, path: string, query: URLSearchParams): Promise<ShareCard> {
  const named = sharedGroupOf(path, query);
  if (!named) return APP_CARD;
  const where = 'code' in named ? sql`g.invite_code = ${named.code}` : sql`g.id = ${named.id}::uuid`;
  const [row] = rowsOf<{ name: string; league: string; season: string; members: number }>(await db.execute(sql`
    select g.name, l.name as league, l.season, (select count(*) from group_members m where m.group_id = g.id)::int as members
      from groups g join leagues l on l.id = g.league_id
     where ${where} and g.visibility = 'public' and g.status = 'active'`));
  if (!row) return APP_CARD;
  const members = Number(row.members);
  return {
    title: `${row.name} · Palpite`,
    description: `${row.league} ${row.season} · ${members} ${members === 1 ? 'member' : 'members'}. Join the pool and predict every match on Palpite.`,
  };
}

/**
 * The tags of a card, as HTML to put before </head>.
 * @param origin this site's origin (scheme://host): the tags' addresses are absolute, as Open Graph asks.
 * @param url the shared page's address.
 */
export function shareCardTags(card: ShareCard, origin: string, url: string): string {
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  return [
    meta('property', 'og:site_name', 'Palpite'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', `${origin}/icons/icon-512.png`),
    meta('property', 'og:image:width', '512'),
    meta('property', 'og:image:height', '512'),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
  ].join('\n    ');
}
