/**
 * A league's sync runs, newest first: when, what (fixtures or live) and who started it, status,
 * duration, counts and error — a table from 1024 px, a list below.
 */
import { useTranslation } from 'react-i18next';
import type { SyncRun } from '../../../../contracts/admin';
import { formatDateTime, formatDuration } from '../lib/format-time';
import { RunCounts } from './run-counts';
import { RunStatusBadge } from './run-status-badge';

/** The runs (`runs`) of a league, or a line saying there are none. */
export function SyncRuns({ runs }: { runs: SyncRun[] }) {
  const { t, i18n } = useTranslation();
  if (runs.length === 0) return <p className="px-4 py-4 text-sm text-slate-600 sm:px-5">{t('admin.runs.none')}</p>;
  const when = (run: SyncRun) => <time dateTime={run.startedAt}>{formatDateTime(run.startedAt, i18n.language)}</time>;
  const what = (run: SyncRun) => `${t(`admin.runs.kind.${run.kind}`)} · ${t(`admin.runs.trigger.${run.trigger}`)}`;
  const result = (run: SyncRun) => (run.status === 'failed'
    ? <span className="text-red-800 [overflow-wrap:anywhere]">{run.error ?? ''}</span>
    : run.status === 'succeeded' ? <RunCounts {...run} /> : <span className="text-slate-600">{t('admin.runs.inProgress')}</span>);
  return (
    <>
      <table className="hidden w-full text-left text-sm text-slate-800 [overflow-wrap:normal] lg:table">
        <caption className="sr-only">{t('admin.runs.title')}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="whitespace-nowrap px-4 py-2 font-semibold">{t('admin.runs.started')}</th>
            <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">{t('admin.runs.what')}</th>
            <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">{t('admin.runs.status')}</th>
            <th scope="col" className="whitespace-nowrap px-3 py-2 text-right font-semibold">{t('admin.runs.duration')}</th>
            <th scope="col" className="px-4 py-2 font-semibold">{t('admin.runs.result')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {runs.map((run) => (
            <tr key={run.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-2.5">{when(run)}</td>
              <td className="px-3 py-2.5">{t(`admin.runs.kind.${run.kind}`)}<span className="block text-xs text-slate-600">{t(`admin.runs.trigger.${run.trigger}`)}</span></td>
              <td className="px-3 py-2.5"><RunStatusBadge status={run.status} /></td>
              <td className="whitespace-nowrap px-3 py-2.5 text-right tabular-nums">{formatDuration(run.startedAt, run.finishedAt, i18n.language) ?? '—'}</td>
              <td className="px-4 py-2.5">{result(run)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-slate-100 lg:hidden" aria-label={t('admin.runs.title')}>
        {runs.map((run) => (
          <li key={run.id} className="space-y-1 px-4 py-3 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{when(run)}</span>
              <RunStatusBadge status={run.status} />
            </div>
            <p className="text-xs text-slate-600">
              {what(run)}
              {run.finishedAt ? ` · ${formatDuration(run.startedAt, run.finishedAt, i18n.language)}` : ''}
            </p>
            <p className="text-xs">{result(run)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
