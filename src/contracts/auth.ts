/**
 * The account forms' fields and their limits, validated the same way by the web forms (before sending)
 * and by the server (before Better Auth sees the request). Each failure's message is a stable code
 * (`required`, `invalid_email`, …) that the web translates under `auth.validation.<code>`; the English
 * texts of the specification (section 5) are 'This field is required', 'Invalid email address' and
 * 'Passwords do not match'.
 */
import { z } from 'zod';

/** Password length in characters (Better Auth is configured with the same bounds). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Full name length in characters. */
export const FULL_NAME_MAX = 100;
/** Usernames: 3–30 letters, digits, dots, dashes or underscores (unique, case-insensitively). */
export const USERNAME_PATTERN = /^[a-zA-Z0-9_.-]{3,30}$/;

/** A username suggested from an email, made to fit USERNAME_PATTERN: "Maria.Silva+x@example.com" → "Maria.Silva_x". */
export function usernameFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').replace(/[^a-zA-Z0-9_.-]/g, '_').slice(0, 24);
  return local.length >= 3 ? local : `${local}${'_'.repeat(3 - local.length)}`;
}

/** Validation message codes, translated by the web under `auth.validation.*`. */
export const VALIDATION_CODES = [
  'required', 'invalid_email', 'password_too_short', 'password_too_long', 'passwords_do_not_match',
  'username_invalid', 'full_name_too_long', 'invalid_characters', 'phone_invalid',
] as const;
export type ValidationCode = (typeof VALIDATION_CODES)[number];

// Control characters (NUL, escape, line breaks…) and invisible format characters (bidi overrides, zero-width
// spaces: a name shown to others must read as it is) never belong in a name.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\p{Cf}]/u;

/** An email address, trimmed; required. */
export const emailField = z.string({ error: 'required' }).trim().min(1, 'required').max(254, 'invalid_email').pipe(z.email('invalid_email'));
/** A new password of 8–128 characters. */
export const newPasswordField = z.string({ error: 'required' }).min(1, 'required').min(PASSWORD_MIN, 'password_too_short').max(PASSWORD_MAX, 'password_too_long');
/** A password being typed to sign in: only required (its length is the server's business). */
export const passwordField = z.string({ error: 'required' }).min(1, 'required').max(PASSWORD_MAX, 'password_too_long');
/** A username (see USERNAME_PATTERN), trimmed. */
export const usernameField = z.string({ error: 'required' }).trim().min(1, 'required').regex(USERNAME_PATTERN, 'username_invalid');
/** A full name: 1–100 characters without control characters, trimmed. */
export const fullNameField = z.string({ error: 'required' }).trim().min(1, 'required').max(FULL_NAME_MAX, 'full_name_too_long')
  .refine((value) => !CONTROL.test(value), 'invalid_characters');
/** An optional phone number as typed: digits, spaces, +, -, dots and parentheses, 6–20 characters; '' means none. */
export const phoneField = z.string().trim().max(20, 'phone_invalid')
  .refine((value) => value === '' || /^\+?[0-9 ().-]{6,20}$/.test(value), 'phone_invalid');

/** What the server checks of a sign-up before Better Auth runs (email and password are Better Auth's, with the same bounds). */
export const signUpExtras = z.object({
  name: fullNameField,
  username: usernameField,
  phone: phoneField.optional(),
});

/** The sign-up form: email, password twice, optional phone, username and full name. */
export const registerForm = z.object({
  email: emailField,
  password: newPasswordField,
  confirmPassword: z.string().min(1, 'required'),
  phone: phoneField,
  username: usernameField,
  name: fullNameField,
}).refine((form) => form.password === form.confirmPassword, { message: 'passwords_do_not_match', path: ['confirmPassword'] });
export type RegisterForm = z.infer<typeof registerForm>;

/** The sign-in form. */
export const loginForm = z.object({ email: emailField, password: passwordField });
export type LoginForm = z.infer<typeof loginForm>;

/** The password-reset request form. */
export const passwordResetForm = z.object({ email: emailField });

/** Choosing a new password (reset link or profile), typed twice. */
export const newPasswordForm = z.object({
  password: newPasswordField,
  confirmPassword: z.string().min(1, 'required'),
}).refine((form) => form.password === form.confirmPassword, { message: 'passwords_do_not_match', path: ['confirmPassword'] });

/**
 * The first problem of each field of a failed parse, as `{field: code}`, for showing under each field.
 * Codes outside VALIDATION_CODES (zod's own messages) become 'required' when the value was missing,
 * else 'invalid_characters'.
 */
export function fieldErrors(error: z.ZodError): Record<string, ValidationCode> {
  const result: Record<string, ValidationCode> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field in result) continue;
    result[field] = (VALIDATION_CODES as readonly string[]).includes(issue.message)
      ? (issue.message as ValidationCode)
      : issue.code === 'invalid_type' ? 'required' : 'invalid_characters';
  }
  return result;
}
