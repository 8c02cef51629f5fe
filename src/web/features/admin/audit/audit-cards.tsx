/** The audit log as cards (screens narrower than 1280 px), each with its changes opening inside it. */
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/admin';
import { AuditChanges } from './audit-changes';
import { ChangesToggle, EntryAction, EntryReason, EntrySubject, EntryTime } from './audit-entry-parts';

/** The cards of `entries`; `expanded` holds the ids whose changes are open, `onToggle` opens or closes one. */
export function AuditCards({ entries, expanded, onToggle }: { entries: AuditEntry[]; expanded: ReadonlySet<string>; onToggle: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('admin.sections.audit')} className="space-y-3">
      {entries.map((entry) => {
        const open = expanded.has(entry.id);
        const panel = `audit-card-${entry.id}`;
        return (
          <li key={entry.id} className="min-w-0 space-y-3 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <EntryAction entry={entry} />
              <span className="text-xs text-slate-600"><EntryTime entry={entry} /></span>
            </div>
            <dl className="grid gap-2 sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="text-xs text-slate-600">{t('adminAudit.columns.subject')}</dt>
                <dd><EntrySubject entry={entry} /></dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-600">{t('adminAudit.columns.who')}</dt>
                <dd className="text-slate-900 [overflow-wrap:anywhere]">{entry.actor}</dd>
              </div>
              <div className="min-w-0 sm:col-span-2">
                <dt className="text-xs text-slate-600">{t('adminAudit.columns.reason')}</dt>
                <dd><EntryReason entry={entry} /></dd>
              </div>
            </dl>
            <ChangesToggle expanded={open} onToggle={() => onToggle(entry.id)} controls={panel} label={entry.subjectLabel} />
            {open ? <div id={panel}><AuditChanges entry={entry} /></div> : null}
          </li>
        );
      })}
    </ul>
  );
}
