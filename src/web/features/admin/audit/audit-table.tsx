/** The audit log as a table (screens 1280 px wide or more), each entry's changes opening on a row under it. */
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/admin';
import { AdminTable, type AdminColumn } from '../components/admin-table';
import { AuditChanges } from './audit-changes';
import { ChangesToggle, EntryAction, EntryReason, EntrySubject, EntryTime } from './audit-entry-parts';

const panelId = (entry: AuditEntry) => `audit-table-${entry.id}`;

/** The table of `entries` (newest first: the API's only order); `expanded` holds the ids whose changes are open, `onToggle` opens or closes one. */
export function AuditTable({ entries, expanded, onToggle }: { entries: AuditEntry[]; expanded: ReadonlySet<string>; onToggle: (id: string) => void }) {
  const { t } = useTranslation();
  const columns: AdminColumn<AuditEntry>[] = [
    { header: t('adminAudit.columns.when'), className: 'whitespace-nowrap', cell: (entry) => <EntryTime entry={entry} /> },
    { header: t('adminAudit.columns.who'), className: 'whitespace-nowrap', cell: (entry) => entry.actor },
    { header: t('adminAudit.columns.action'), className: 'min-w-40', cell: (entry) => <EntryAction entry={entry} /> },
    { header: t('adminAudit.columns.subject'), rowHeader: true, className: 'min-w-48 max-w-72', cell: (entry) => <EntrySubject entry={entry} /> },
    { header: t('adminAudit.columns.reason'), className: 'min-w-40 max-w-72', cell: (entry) => <EntryReason entry={entry} /> },
    {
      header: t('adminAudit.columns.changes'),
      cell: (entry) => <ChangesToggle expanded={expanded.has(entry.id)} onToggle={() => onToggle(entry.id)} controls={panelId(entry)} label={entry.subjectLabel} />,
    },
  ];
  return (
    <AdminTable label={t('admin.sections.audit')} columns={columns} rows={entries}
      detail={(entry) => (expanded.has(entry.id) ? <div id={panelId(entry)}><AuditChanges entry={entry} /></div> : null)}
      detailClassName="bg-slate-50 px-4 pb-4 pt-2 [overflow-wrap:anywhere]" />
  );
}
