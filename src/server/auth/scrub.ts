/**
 * Makes log text that a library wrote safe to print (Better Auth's messages, error texts): no personal
 * data, and nothing a client can use to forge log lines.
 */

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;

/** Replaces every email address in `text` with "<email>". */
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
