/** The signed-in person. */
import { z } from 'zod';

export const USERNAME_PATTERN = /^[a-zA-Z0-9_.-]{3,30}$/;
export const username = z.string().trim().regex(USERNAME_PATTERN, '3–30 letters, digits, dots, dashes or underscores');

export const meResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    username: z.string(),
    fullName: z.string(),
    role: z.enum(['Regular User', 'Platform Administrator']),
  }),
});
export type MeResponse = z.infer<typeof meResponse>;
