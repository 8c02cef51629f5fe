/** The audit log as a table (screens 1280 px wide or more), each entry's changes opening on a row under it. */
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/admin';
import { AuditChanges } from './audit-changes';
import { ChangesToggle, EntryAction, EntryReason, EntrySubject, EntryTime } from './audit-entry-parts';

const COLUMNS = 6;

/** The table of `entries`; `expanded` holds the ids whose changes are open, `onToggle` opens or closes one. */
export function AuditTable({ entries, expanded, onToggle }: { entries: AuditEntry[]; expanded: ReadonlySet<string>; onToggle: (id: string) => void }) {
  const { t } = useTranslation();
  const head = 'py-2 font-semibold uppercase';
  const cell = 'px-2 py-3 align-top';
  return (
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [overflow-wrap:normal]">
      <table className="w-full text-left text-sm text-slate-800">
        <caption className="sr-only">{t('admin.sections.audit')}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className={`${head} pl-4 pr-2`}>{t('adminAudit.columns.when')}</th>
            <th scope="col" className={`${head} px-2`}>{t('adminAudit.columns.who')}</th>
            <th scope="col" className={`${head} px-2`}>{t('adminAudit.columns.action')}</th>
            <th scope="col" className={`${head} px-2`}>{t('adminAudit.columns.subject')}</th>
            <th scope="col" className={`${head} px-2`}>{t('adminAudit.columns.reason')}</th>
            <th scope="col" className={`${head} pl-2 pr-4`}>{t('adminAudit.columns.changes')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const open = expanded.has(entry.id);
            const panel = `audit-table-${entry.id}`;
            return [
              <tr key={entry.id} className="border-t border-slate-100">
                <td className={`${cell} whitespace-nowrap pl-4`}><EntryTime entry={entry} /></td>
                <td className={`${cell} whitespace-nowrap`}>{entry.actor}</td>
                <td className={`${cell} min-w-40`}><EntryAction entry={entry} /></td>
                <th scope="row" className={`${cell} min-w-48 max-w-72 text-left font-normal`}><EntrySubject entry={entry} /></th>
                <td className={`${cell} min-w-40 max-w-72`}><EntryReason entry={entry} /></td>
                <td className={`${cell} pr-4`}>
                  <ChangesToggle expanded={open} onToggle={() => onToggle(entry.id)} controls={panel} label={entry.subjectLabel} />
                </td>
              </tr>,
              open ? (
                <tr key={`${entry.id}-changes`} id={panel}>
                  <td colSpan={COLUMNS} className="bg-slate-50 px-4 pb-4 pt-2 [overflow-wrap:anywhere]"><AuditChanges entry={entry} /></td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>
    </div>
  );
}
