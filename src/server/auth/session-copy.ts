/**
 * Better Auth's signed copy of the session in a cookie (`better-auth.session_data`, the cookie cache of
 * decision 006) as it arrives from a browser, or from anyone: a copy that is not base64url of JSON is no
 * copy. Better Auth's decoder threw on one (a 500 on get-session and on the hot routes) or printed its
 * own error past our logger; without it, the session is read from the database and the copy is set
 * again. Found by forging cookies for the API fuzz (tests/reliability/fuzz.test.ts).
 */

/** Base64url, its padding allowed: the characters of a session copy (and of each of its chunks). */
const COPY_CHARACTERS = /^[A-Za-z0-9_-]*={0,2}$/;

/** Whether a session copy (its cookie's value, percent-decoded) is base64url of JSON, as Better Auth writes it. */
export function isReadableSessionCopy(copy: string): boolean {
  if (!COPY_CHARACTERS.test(copy)) return false;
  try {
    JSON.parse(Buffer.from(copy, 'base64url').toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/** A cookie value percent-decoded as Better Auth reads it (left as it is when the escapes are malformed). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The Cookie header without a session copy (`name`) that is not base64url of JSON, nor chunks of one
 * (`name.0`, `name.1`…) that are not base64url; the header itself when nothing is dropped.
 * @param name the copy's cookie name (Better Auth's `authCookies.sessionData.name`)
 */
export function withoutBrokenSessionCopy(cookie: string, name: string): string {
  const pairs = cookie.split(';').map((pair) => pair.trim()).filter(Boolean);
  const kept = pairs.filter((pair) => {
    const at = pair.indexOf('=');
    const key = at === -1 ? pair : pair.slice(0, at);
    const value = decoded(at === -1 ? '' : pair.slice(at + 1));
    if (key === name) return isReadableSessionCopy(value);
    const isChunk = key.startsWith(`${name}.`) && /^\d+$/.test(key.slice(name.length + 1));
    return !isChunk || COPY_CHARACTERS.test(value);
  });
  return kept.length === pairs.length ? cookie : kept.join('; ');
}
