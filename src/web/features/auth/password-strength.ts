/**
 * A rough strength hint for a new password, shown while typing: length counts most, then variety
 * (lower case, upper case, digits, other characters), and a repeated or sequential run weakens it.
 * A hint only: the server's rule is 8–128 characters.
 */
export type Strength = 'weak' | 'fair' | 'strong';

/** The hint for `password`: weak under 8 characters or with little variety, strong from 14 varied characters or 20 of any kind. */
export function passwordStrength(password: string): Strength {
  if (password.length < 8) return 'weak';
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((pattern) => pattern.test(password)).length;
  const monotonous = /^(.)\1+$/.test(password) || /(0123|1234|2345|3456|4567|5678|6789|abcd|qwer|asdf|password|senha|contraseña)/i.test(password);
  if (monotonous) return 'weak';
  if (password.length >= 20 || (password.length >= 14 && classes >= 2)) return 'strong';
  if (password.length >= 10 || classes >= 3) return 'fair';
  return 'weak';
}
