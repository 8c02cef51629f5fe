/** GET /api/site: public facts about this installation that the public pages show. */
import { z } from 'zod';

export const siteResponse = z.object({
  /** Where people write to (the Contact page): the server's CONTACT_EMAIL. */
  contactEmail: z.email(),
});
export type SiteResponse = z.infer<typeof siteResponse>;
