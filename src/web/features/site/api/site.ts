/** GET /api/site: public facts about this installation (the contact address), for the public pages. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { siteResponse } from '../../../../contracts/site';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The query of GET /api/site; kept for an hour, as it only changes when the server restarts. */
export const siteQuery = queryOptions({
  queryKey: ['site'],
  queryFn: () => apiRequest<z.infer<typeof siteResponse>>('/site'),
  staleTime: 60 * 60_000,
});

/** `{contactEmail}` of this installation (the server's CONTACT_EMAIL), as a TanStack query. */
export function useSite() {
  return useQuery(siteQuery);
}
