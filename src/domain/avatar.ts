/**
 * The generated avatar shown when a person has not uploaded an image: their initials in white on a
 * colour picked from their username, as an SVG document. Pure: no I/O, the same input always gives the
 * same bytes (so the SVG can be cached and compared in tests). The specification's defaults (section 9):
 * name 'User', size 40.
 */

/** The specification's fallback name and size (px). */
export const DEFAULT_AVATAR_NAME = 'User';
export const DEFAULT_AVATAR_SIZE = 40;
/** Bounds of a generated avatar's size, in px (a size outside is clamped). */
export const AVATAR_SIZE_MIN = 16;
export const AVATAR_SIZE_MAX = 512;

/**
 * Background colours on which white text passes WCAG AA for normal text (contrast ≥ 4.5:1; each one's
 * ratio is checked in avatar.test.ts). Tailwind's 700 shades, one per hue.
 */
export const AVATAR_PALETTE = [
  '#b91c1c', // red
  '#c2410c', // orange
  '#a16207', // yellow (amber-brown)
  '#4d7c0f', // lime
  '#15803d', // green
  '#047857', // emerald
  '#0f766e', // teal
  '#0e7490', // cyan
  '#0369a1', // sky
  '#1d4ed8', // blue
  '#4338ca', // indigo
  '#6d28d9', // violet
  '#7e22ce', // purple
  '#a21caf', // fuchsia
  '#be185d', // pink
  '#be123c', // rose
] as const;

/** Word separators in names and usernames: spaces and the punctuation usernames allow (. _ -). */
const SEPARATORS = /[\s._-]+/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Up to two initials: the first letter or digit of the first and of the last word, upper-cased
 * ("Ana Paula Souza" → "AS", "joao_pereira" → "JP", "zico" → "Z"). Words without a letter or digit are
 * skipped; a name without any gives the default name's "U".
 */
export function avatarInitials(name: string): string {
  const firsts = name.split(SEPARATORS).map((word) => [...word].find((char) => LETTER_OR_DIGIT.test(char))).filter((char) => char !== undefined);
  if (firsts.length === 0) return DEFAULT_AVATAR_NAME[0]!;
  const initials = firsts.length === 1 ? firsts[0]! : `${firsts[0]}${firsts[firsts.length - 1]}`;
  return initials.toUpperCase();
}

/**
 * A 32-bit string hash: h = h × 31 + code unit, modulo 2³² (Java's String.hashCode, unsigned), of the
 * lower-cased text. Usernames are unique case-insensitively, so case does not change the colour.
 */
export function usernameHash(username: string): number {
  let hash = 0;
  for (const char of username.toLowerCase()) {
    for (let i = 0; i < char.length; i++) hash = (Math.imul(hash, 31) + char.charCodeAt(i)) >>> 0;
  }
  return hash;
}

/** The background colour of a username: AVATAR_PALETTE[usernameHash(username) mod palette length]. */
export function avatarColor(username: string): string {
  return AVATAR_PALETTE[usernameHash(username) % AVATAR_PALETTE.length]!;
}

/** Escapes text for XML content and attribute values (& < > " '). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}

/** A size in px within AVATAR_SIZE_MIN..AVATAR_SIZE_MAX (rounded); undefined or not a number gives the default 40. */
export function clampAvatarSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return DEFAULT_AVATAR_SIZE;
  return Math.min(AVATAR_SIZE_MAX, Math.max(AVATAR_SIZE_MIN, Math.round(size)));
}

/**
 * The SVG document of a generated avatar: a `size`×`size` px square (clamped, default 40) in the
 * username's colour with the initials of `name` (default 'User') centred in white; the name's
 * initials, else the username's. Round corners are the page's business (CSS), so the image also works
 * square.
 */
export function avatarSvg(input: { name?: string | null; username?: string | null; size?: number }): string {
  const size = clampAvatarSize(input.size);
  const name = input.name?.trim() || input.username?.trim() || DEFAULT_AVATAR_NAME;
  const initials = escapeXml(avatarInitials(name));
  const color = avatarColor(input.username?.trim() || name);
  const fontSize = initials.length > 1 ? 40 : 46;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${color}"/>` +
    `<text x="50" y="50" dy=".35em" fill="#ffffff" font-family="system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif" ` +
    `font-size="${fontSize}" font-weight="600" text-anchor="middle">${initials}</text>` +
    '</svg>'
  );
}
