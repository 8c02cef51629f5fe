/** The pieces of an audit entry the table and the cards both show: when, action, subject and reason. */
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/admin';
import { formatDateTime } from '../lib/format-time';
import { actionLabel, subjectTypeLabel } from './action-label';

/** When the entry was recorded, in the viewer's language and time zone. */
export function EntryTime({ entry }: { entry: AuditEntry }) {
  const { i18n } = useTranslation();
  return <time dateTime={entry.at}>{formatDateTime(entry.at, i18n.language)}</time>;
}

/** The action's readable name. */
export function EntryAction({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return <span className="block min-w-0 font-medium text-slate-900">{actionLabel(entry.action, t)}</span>;
}

/** The subject's label and type. */
export function EntrySubject({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <span className="block min-w-0">
      <span className="block text-slate-900 [overflow-wrap:anywhere]">{entry.subjectLabel}</span>
      <span className="block text-xs text-slate-600">{subjectTypeLabel(entry.subjectType, t)}</span>
    </span>
  );
}

/** The reason given, or a muted "No reason given". */
export function EntryReason({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return entry.reason
    ? <span className="[overflow-wrap:anywhere]">{entry.reason}</span>
    : <span className="text-slate-600">{t('adminAudit.noReason')}</span>;
}

/** "Show changes" / "Hide changes" for the panel `controls`; `label` is read out after it (the subject). */
export function ChangesToggle({ expanded, onToggle, controls, label }: { expanded: boolean; onToggle: () => void; controls: string; label: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" aria-expanded={expanded} aria-controls={controls} onClick={onToggle}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
      <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
      {expanded ? t('adminAudit.hideChanges') : t('adminAudit.showChanges')}
      <span className="sr-only">: {label}</span>
    </button>
  );
}
