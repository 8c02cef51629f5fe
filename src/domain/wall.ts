/**
 * A group's wall: the rules of a post and its reactions, shared by the server and the web. A post is plain
 * text (no HTML or Markdown: links are made clickable by the page, line breaks kept) of 1–1,000 characters
 * counted as Unicode code points (as PostgreSQL's char_length), after trimming; the page shows 30 at a time,
 * newest first. Six reactions, each once per member and post. A member may post 10 times a minute and 200
 * times a day (the server answers 429 beyond).
 */

/** Most characters (code points) in a post. */
export const WALL_POST_MAX_CHARS = 1_000;
/** Posts per page, newest first. */
export const WALL_PAGE_SIZE = 30;
/** Posts a member may write in a minute, and in a day (a rolling 24 hours). */
export const WALL_POSTS_PER_MINUTE = 10;
export const WALL_POSTS_PER_DAY = 200;

/** The reactions, in the order they are shown: 👍 ❤️ 😂 😮 😢 ⚽. */
export const WALL_REACTIONS = ['thumbs_up', 'heart', 'laugh', 'wow', 'sad', 'ball'] as const;
/** A reaction. */
export type WallReaction = (typeof WALL_REACTIONS)[number];
/** Each reaction's emoji. */
export const REACTION_EMOJI: Record<WallReaction, string> = { thumbs_up: '👍', heart: '❤️', laugh: '😂', wow: '😮', sad: '😢', ball: '⚽' };

/**
 * A post's text as stored: trimmed, its line ends made \n, at most two blank lines in a row.
 * @returns the text, or a reason it cannot be posted ('empty' after trimming, 'too_long' past WALL_POST_MAX_CHARS).
 */
export function wallPostText(raw: string): { text: string } | { error: 'empty' | 'too_long' } {
  const text = raw.replace(/\r\n?/g, '\n').replace(/\n{4,}/g, '\n\n\n').trim();
  if (text.length === 0) return { error: 'empty' };
  if ([...text].length > WALL_POST_MAX_CHARS) return { error: 'too_long' };
  return { text };
}

/** A piece of a post's text: plain text, or a link (http or https only) to show as one. */
export type WallTextPart = { text: string } | { link: string };

/**
 * Splits a post's text into plain text and links (http:// or https:// addresses, and www. ones as https),
 * for the page to show links clickable without ever reading the text as HTML. A trailing . , ; : ! ? ) or
 * quote is left out of a link.
 */
export function wallTextParts(text: string): WallTextPart[] {
  const parts: WallTextPart[] = [];
  const pattern = /\b(?:https?:\/\/|www\.)[^\s<>"]+/gi;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    let found = match[0];
    while (/[.,;:!?)'"\]]$/.test(found)) found = found.slice(0, -1);
    const start = match.index!;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ link: /^www\./i.test(found) ? `https://${found}` : found });
    at = start + found.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
