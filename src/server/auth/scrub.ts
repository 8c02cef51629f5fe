/**
 * Makes log text that a library wrote safe to print (Better Auth's messages, error texts): no personal
 * data, and nothing a client can use to forge log lines.
 */

/**
 * An email address as zod's `z.email()` (Better Auth's sign-up check) accepts one — local part of letters,
 * digits, `_'+-.` (`%` too), a domain of dot-separated labels ending in a TLD of letters — and Unicode
 * letters besides, standing alone in the text. Not an address: the `x@y.js` of a path or URL (preceded by
 * `/`, `\`, a scheme's `:` other than `mailto:`, or another address character: `file:///…/@scope/x@y.js`,
 * `https://user:pass@host`), nor one followed by `/`, `\`, `@` or `:` and more (`x@y.js:1:18272`,
 * `git@github.com:owner`). The look-behind also keeps the scan linear: a match starts only where a run of
 * address characters starts (the former pattern took minutes on a 400 kB line without an address).
 */
const EMAIL = new RegExp(
  String.raw`(?<![\p{L}\p{M}\p{N}._%+\-/\\@]'?)(?<!(?<!mailto):)`
  + String.raw`[\p{L}\p{N}_%+\-][\p{L}\p{M}\p{N}._%+'\-]*`
  + String.raw`@(?:[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}\-]*[\p{L}\p{M}\p{N}])?\.)+\p{L}{2,63}`
  + String.raw`(?![\p{L}\p{M}\p{N}_\-]|\.[\p{L}\p{N}]|[/\\@]|:\S)`,
  'giu',
);

/** Replaces every email address in `text` with "<email>"; paths, URLs and stack frames stay as they are. */
export function scrubEmails(text: string): string {
  return text.replace(EMAIL, '<email>');
}

/**
 * Escapes control characters (line breaks, escape sequences…) as \\uXXXX, so text that carries
 * client input (an invalid callbackURL, say) cannot start a new, fake line in a terminal log.
 */
export function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
