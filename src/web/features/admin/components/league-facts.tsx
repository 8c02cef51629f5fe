/** A league's fields on its detail page: season, kind, source and reference, time zone, status and counts. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import { ActiveBadge } from './active-badge';
import { MatchCount } from './match-count';
import { SourceLabel } from './source-label';
import { formatDateTime } from '../lib/format-time';

/** The description list of `league`. */
export function LeagueFacts({ league }: { league: AdminLeague }) {
  const { t, i18n } = useTranslation();
  const rows: [string, ReactNode][] = [
    [t('admin.detail.season'), league.season],
    [t('admin.detail.kind'), t(`admin.kind.${league.kind}`)],
    [t('admin.detail.source'), <SourceLabel league={league} />],
  ];
  if (league.source === 'openfootball' && league.sourceRef) {
    // An address opens in a new tab; a path on the server is only shown.
    rows.push([t('admin.detail.address'), /^https?:\/\//i.test(league.sourceRef)
      ? <a href={league.sourceRef} target="_blank" rel="noreferrer noopener" className="break-all font-mono text-xs text-emerald-800 underline underline-offset-2">{league.sourceRef}</a>
      : <code className="break-all font-mono text-xs text-slate-800">{league.sourceRef}</code>]);
  }
  if (league.source === 'openfootball') rows.push([t('admin.detail.timeZone'), league.sourceTimeZone ?? '—']);
  if (league.importRef) {
    rows.push([t('admin.detail.importRef'), <code className="break-all font-mono text-xs text-slate-800">{league.importRef}</code>]);
    if (league.importedAt) rows.push([t('admin.detail.importedAt'), <time dateTime={league.importedAt}>{formatDateTime(league.importedAt, i18n.language)}</time>]);
  }
  rows.push(
    [t('admin.detail.status'), <ActiveBadge active={league.active} />],
    [t('admin.detail.matches'), <MatchCount league={league} />],
    [t('admin.detail.groups'), <span className="tabular-nums">{league.groups}</span>],
  );
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
