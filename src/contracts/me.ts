/** The signed-in person: who they are, as the app shows them (GET /api/me). */
import { z } from 'zod';
import { USERNAME_PATTERN } from './auth';

export { USERNAME_PATTERN };
export const username = z.string().trim().regex(USERNAME_PATTERN, '3–30 letters, digits, dots, dashes or underscores');

/** The languages of the app. */
export const languageCode = z.enum(['en', 'pt-BR', 'es']);
/** The platform roles: 'Regular User' (default) and 'Platform Administrator'. */
export const platformRole = z.enum(['Regular User', 'Platform Administrator']);

export const meResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    fullName: z.string(),
    role: platformRole,
    /** The language chosen in the profile, or null (the browser's is used). */
    language: languageCode.nullable(),
    /** The avatar image: the uploaded one, or a generated SVG with the initials. */
    avatarUrl: z.string(),
  }),
});
export type MeResponse = z.infer<typeof meResponse>;
