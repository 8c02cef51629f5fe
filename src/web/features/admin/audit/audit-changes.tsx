/**
 * An audit entry's before → after: field by field, the changed ones highlighted and marked "Changed"
 * (the word, not only the colour), the unchanged ones shown once; lists and nested objects as JSON.
 */
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/admin';
import { diffOf } from './audit-diff';

/** A value as text: strings as they are, the rest as JSON (indented when nested); `undefined` is "(none)". */
function Value({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined) return <span className="italic text-slate-600">{t('adminAudit.diff.empty')}</span>;
  if (typeof value === 'object' && value !== null) {
    return <pre className="max-h-64 overflow-auto whitespace-pre-wrap rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-900 [overflow-wrap:anywhere]">{JSON.stringify(value, null, 2)}</pre>;
  }
  return <code className="font-mono text-xs text-slate-900 [overflow-wrap:anywhere]">{typeof value === 'string' ? value : JSON.stringify(value)}</code>;
}

/** The two sides of a change, "Before" then "After", side by side from 640 px. */
function BeforeAfter({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] sm:items-start">
      <div className="min-w-0">
        <span className="block text-xs text-slate-600">{t('adminAudit.diff.before')}</span>
        <Value value={before} />
      </div>
      <span aria-hidden="true" className="hidden pt-4 text-slate-500 sm:block">→</span>
      <div className="min-w-0">
        <span className="block text-xs text-slate-600">{t('adminAudit.diff.after')}</span>
        <Value value={after} />
      </div>
    </div>
  );
}

/** The before → after of `entry`. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const diff = diffOf(entry.before, entry.after);
  if (diff.kind === 'none') return <p className="text-sm text-slate-600">{t('adminAudit.diff.nothing')}</p>;
  if (diff.kind === 'values') return <BeforeAfter before={diff.before} after={diff.after} />;
  return (
    <ul aria-label={t('adminAudit.diff.title')} className="divide-y divide-slate-100 overflow-hidden rounded-lg ring-1 ring-slate-200">
      {diff.fields.map((field) => (
        <li key={field.field} className={`px-3 py-2 ${field.changed ? 'border-l-4 border-amber-400 bg-amber-50' : 'bg-white'}`}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <code className="font-mono text-xs font-semibold text-slate-900 [overflow-wrap:anywhere]">{field.field}</code>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${field.changed ? 'bg-amber-200 text-amber-950' : 'bg-slate-100 text-slate-700'}`}>
              {field.changed ? t('adminAudit.diff.changed') : t('adminAudit.diff.unchanged')}
            </span>
          </div>
          {field.changed ? <BeforeAfter before={field.before} after={field.after} /> : <div className="mt-1"><Value value={field.after ?? field.before} /></div>}
        </li>
      ))}
    </ul>
  );
}
