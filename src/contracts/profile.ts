/**
 * A person's own profile (GET/PATCH /api/profiles/{userId}), avatar (PUT/DELETE
 * /api/profiles/{userId}/avatar, GET /api/users/{userId}/avatar) and account deletion
 * (DELETE /api/profiles/{userId}). The field rules are the sign-up form's (./auth.ts), so the profile
 * form and the server check the same way; failures carry the codes the web translates under
 * `auth.validation.*`.
 */
import { z } from 'zod';
import { fullNameField, newPasswordField, passwordField, phoneField, usernameField } from './auth';
import { instant } from './common';
import { languageCode, platformRole } from './me';

/** Side of a stored avatar, in px (square). */
export const AVATAR_STORED_SIZE = 256;

/** A user id in a path: Better Auth's ids are letters, digits, '-' and '_' (anything else is refused before any lookup). */
export const profileParams = z.object({ userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** My profile as the API hands it out; `avatarUrl` is the uploaded image's address or the generated SVG's. */
export const profile = z.object({
  userId: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string(),
  role: platformRole,
  /** The language chosen, or null (the browser's is used). */
  language: languageCode.nullable(),
  phone: z.string().nullable(),
  /** The account's email, read-only here. */
  email: z.string(),
  updatedAt: instant,
});
export type Profile = z.infer<typeof profile>;
export const profileResponse = z.object({ profile });
export type ProfileResponse = z.infer<typeof profileResponse>;

/**
 * The fields to change (at least one): username (3–30 letters, digits, . _ -; unique
 * case-insensitively), full name (1–100 characters, no control characters), language (null: the
 * browser's), phone (digits, spaces, + - . and parentheses, 6–20 characters; null or '' clears it).
 */
export const updateProfileRequest = z
  .object({
    username: usernameField,
    fullName: fullNameField,
    language: languageCode.nullable(),
    phone: phoneField.nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

/** Deleting the account: the account's email, typed again (compared case-insensitively). */
export const deleteAccountRequest = z.object({ confirm: z.string().max(254) });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/**
 * GET /api/users/{userId}/avatar: `v`, the version in the avatar's address (a matching one is cached
 * for good); `size`, the generated SVG's side in px (default 40, clamped to 16–512; an uploaded image
 * is always 256 px).
 */
export const avatarQuery = z.object({
  v: z.string().max(20).optional(),
  size: z.coerce.number().int().optional(),
});

/** The profile page's form: the same fields, as typed (an empty phone or language means none). */
export const profileForm = z.object({
  username: usernameField,
  fullName: fullNameField,
  language: z.union([languageCode, z.literal('')]),
  phone: phoneField,
});
export type ProfileForm = z.infer<typeof profileForm>;

/**
 * The profile page's password change: the current password, the new one (8–128 characters) typed
 * twice ('passwords_do_not_match' on the confirmation otherwise). Better Auth checks it again.
 */
export const changePasswordForm = z.object({
  currentPassword: passwordField,
  newPassword: newPasswordField,
  confirmPassword: z.string().min(1, 'required'),
}).refine((form) => form.newPassword === form.confirmPassword, { message: 'passwords_do_not_match', path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;
