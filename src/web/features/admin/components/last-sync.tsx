/** A league's last sync run in brief: status badge, when it started, and its counts or its error. */
import { useTranslation } from 'react-i18next';
import type { SyncRun } from '../../../../contracts/admin';
import { formatAgo, formatDateTime } from '../lib/format-time';
import { RunCounts } from './run-counts';
import { RunStatusBadge } from './run-status-badge';

/**
 * The last run (`run`), "never synced" for none; `now` makes "5 minutes ago". `clamp` cuts a long
 * error to three lines (all of it in the tooltip and on the league's page).
 */
export function LastSync({ run, now, clamp = false }: { run: SyncRun | null; now: number; clamp?: boolean }) {
  const { i18n } = useTranslation();
  if (!run) return <RunStatusBadge status="never" />;
  return (
    <div className="min-w-0 space-y-1">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <RunStatusBadge status={run.status} />
        <time dateTime={run.startedAt} title={formatDateTime(run.startedAt, i18n.language)} className="text-xs text-slate-600">
          {formatAgo(run.startedAt, now, i18n.language)}
        </time>
      </div>
      {run.status === 'failed' && run.error ? <p title={clamp ? run.error : undefined} className={`text-xs text-red-800 [overflow-wrap:anywhere] ${clamp ? 'line-clamp-3' : ''}`}>{run.error}</p> : null}
      {run.status === 'succeeded' ? <p className="text-xs text-slate-600"><RunCounts {...run} /></p> : null}
    </div>
  );
}
