/** GET /api/admin/audit: one page of the audit log, newest first, searched. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditResponse } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';

/** The log's search and page, as the address keeps them. */
export interface AuditQuery { search: string; page: number }

/** One page of entries for `query` (the previous page stays shown while the next loads). */
export function useAuditLog(query: AuditQuery) {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.search) params.set('search', query.search);
  return useQuery({
    queryKey: ['admin', 'audit', query],
    queryFn: () => apiRequest<AuditResponse>(`/admin/audit?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
