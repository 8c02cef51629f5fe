/** GET /api/admin/dashboard: the administrators' overview. */
import { useQuery } from '@tanstack/react-query';
import type { AdminDashboardResponse } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';

/** The dashboard's figures; polled every 2 s while a linked league's run is going, else every minute. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => apiRequest<AdminDashboardResponse>('/admin/dashboard'),
    refetchInterval: (query) => (query.state.data?.syncedLeagues.some((league) => league.lastRun?.status === 'running') ? 2_000 : 60_000),
  });
}
