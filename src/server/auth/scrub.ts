/** Keeps personal data out of log text that a library wrote (Better Auth's messages, error texts). */

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;

/** Replaces every email address in `text` with "<email>". */
export function scrubEmails(text: string): string {
  return text.replace(EMAIL, '<email>');
}
