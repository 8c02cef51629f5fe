/** The signed-in person. */
import { z } from 'zod';
import { USERNAME_PATTERN } from './auth';

export { USERNAME_PATTERN };
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
