/**
 * Reported wall posts (platform administrators): the open reports (GET /api/admin/wall-reports), deleting
 * the reported post (DELETE …/:reportId/post; audited) or dismissing the report (POST …/:reportId/dismiss).
 * Either settles every report of that post, so the list is fetched again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WallReport } from '../../../../contracts/wall';
import { apiRequest } from '../../../lib/api-client';

const reportsKey = ['admin', 'wall-reports'] as const;

/** The open reports, oldest first. */
export const useWallReports = () =>
  useQuery({ queryKey: reportsKey, queryFn: async () => (await apiRequest<{ reports: WallReport[] }>('/admin/wall-reports')).reports });

/** Delete the reported post, or dismiss the report; rejects with an ApiError (not_found once settled elsewhere). */
export function useWallReportActions() {
  const client = useQueryClient();
  const refetch = () => client.invalidateQueries({ queryKey: reportsKey });
  return {
    deletePost: useMutation({ mutationFn: (reportId: string) => apiRequest<null>(`/admin/wall-reports/${reportId}/post`, { method: 'DELETE' }), onSettled: refetch }),
    dismiss: useMutation({ mutationFn: (reportId: string) => apiRequest<null>(`/admin/wall-reports/${reportId}/dismiss`, { method: 'POST' }), onSettled: refetch }),
  };
}
