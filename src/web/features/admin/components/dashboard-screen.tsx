/**
 * /admin: the dashboard. Users (total, new this week), groups (total, active), predictions today and
 * matches live now; the leagues linked to a data source with their last sync and how many fail; and a
 * notice when the server lacks a setting a data source needs (FOOTBALL_DATA_TOKEN).
 */
import { useTranslation } from 'react-i18next';
import { PageTitle, Spinner } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { useAdminDashboard } from '../api/dashboard';
import { useNow } from '../hooks/use-now';
import { LinkedLeagues } from './linked-leagues';
import { MissingConfigNotice } from './missing-config-notice';
import { StatCard } from './stat-card';

/** The dashboard screen. */
export function DashboardScreen() {
  const { t } = useTranslation();
  const dashboard = useAdminDashboard();
  const now = useNow();
  const data = dashboard.data;
  return (
    <div className="space-y-5">
      <PageTitle>{t('admin.sections.dashboard')}</PageTitle>
      {dashboard.isPending ? <Spinner label={t('app.loading')} /> : null}
      {dashboard.isError ? <LoadError label={t('admin.dashboard.loadError')} error={dashboard.error} onRetry={() => void dashboard.refetch()} /> : null}
      {data ? (
        <>
          <MissingConfigNotice missing={data.missing} />
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard label={t('admin.dashboard.users')} value={data.users.total} detail={t('admin.dashboard.newThisWeek', { count: data.users.newThisWeek })} />
            <StatCard label={t('admin.dashboard.groups')} value={data.groups.total} detail={t('admin.dashboard.activeGroups', { count: data.groups.active })} />
            <StatCard label={t('admin.dashboard.predictionsToday')} value={data.predictionsToday} detail={t('admin.dashboard.sinceMidnight')} />
            <StatCard label={t('admin.dashboard.liveMatches')} value={data.liveMatches} detail={t('admin.dashboard.liveNow')} />
          </dl>
          <LinkedLeagues leagues={data.syncedLeagues} failing={data.failing} now={now} />
        </>
      ) : null}
    </div>
  );
}
