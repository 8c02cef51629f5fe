/** What a sync run changed: "3 created · 10 updated · 25 unchanged" (and rescored when any). */
import { useTranslation } from 'react-i18next';

/** The counts of a finished run, as one short line. */
export function RunCounts({ created, updated, unchanged, rescored }: { created: number; updated: number; unchanged: number; rescored: number }) {
  const { t } = useTranslation();
  const parts = [t('admin.counts.created', { count: created }), t('admin.counts.updated', { count: updated }), t('admin.counts.unchanged', { count: unchanged })];
  if (rescored > 0) parts.push(t('admin.counts.rescored', { count: rescored }));
  return <span>{parts.join(' · ')}</span>;
}
