/**
 * An audit entry's before → after: the changed fields first, highlighted and marked "Changed" (the
 * word, not only the colour), each with its two values; then the unchanged ones in a compact list.
 * Fields by their names and plain values as a person reads them ("Status: Scheduled → Postponed",
 * times in the viewer's zone); lists and nested objects as indented JSON.
 */
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../../contracts/admin';
import { diffOf, type FieldChange } from './audit-diff';
import { fieldLabel, valueText } from './field-label';

const nested = (value: unknown) => typeof value === 'object' && value !== null;

/**
 * A value as a person reads it (field-label.ts: local times, yes/no, statuses by name), nested ones as
 * indented JSON; `undefined` and null are "(none)".
 */
function Value({ field, value, tone = '' }: { field: string; value: unknown; tone?: string }) {
  const { t, i18n } = useTranslation();
  if (value === undefined || value === null) return <span className="italic text-slate-600">{t('adminAudit.diff.empty')}</span>;
  if (nested(value)) {
    return <pre className={`max-h-64 overflow-auto whitespace-pre-wrap rounded px-2 py-1 font-mono text-xs text-slate-900 [overflow-wrap:anywhere] ${tone || 'bg-slate-100'}`}>{JSON.stringify(value, null, 2)}</pre>;
  }
  return <span className={`rounded px-1 text-sm text-slate-900 [overflow-wrap:anywhere] ${tone}`}>{valueText(field, value, t, i18n.language)}</span>;
}

/** The two sides of a change: inline for plain values, one above the other (side by side from 640 px) for nested ones. */
function BeforeAfter({ field, before, after }: { field: string; before: unknown; after: unknown }) {
  const { t } = useTranslation();
  if (!nested(before) && !nested(after)) {
    return (
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="sr-only">{t('adminAudit.diff.before')}:</span>
        <Value field={field} value={before} tone="bg-red-100" />
        <span aria-hidden="true" className="text-slate-600">→</span>
        <span className="sr-only">{t('adminAudit.diff.after')}:</span>
        <Value field={field} value={after} tone="bg-emerald-100" />
      </p>
    );
  }
  return (
    <div className="mt-1 grid gap-2 sm:grid-cols-2">
      <div className="min-w-0">
        <span className="block text-xs text-slate-600">{t('adminAudit.diff.before')}</span>
        <Value field={field} value={before} tone="bg-red-50" />
      </div>
      <div className="min-w-0">
        <span className="block text-xs text-slate-600">{t('adminAudit.diff.after')}</span>
        <Value field={field} value={after} tone="bg-emerald-50" />
      </div>
    </div>
  );
}

/** One changed field: its name, "Changed", and before → after. */
function ChangedField({ field }: { field: FieldChange }) {
  const { t } = useTranslation();
  return (
    <li className="border-l-4 border-amber-400 bg-amber-50 px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">{fieldLabel(field.field, t)}</span>
        <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">{t('adminAudit.diff.changed')}</span>
      </div>
      <BeforeAfter field={field.field} before={field.before} after={field.after} />
    </li>
  );
}

/** The before → after of `entry`. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const diff = diffOf(entry.before, entry.after);
  if (diff.kind === 'none') return <p className="text-sm text-slate-600">{t('adminAudit.diff.nothing')}</p>;
  if (diff.kind === 'values') return <BeforeAfter field="" before={diff.before} after={diff.after} />;
  const changed = diff.fields.filter((field) => field.changed);
  const unchanged = diff.fields.filter((field) => !field.changed);
  return (
    <div className="space-y-3">
      {changed.length > 0 ? (
        <ul aria-label={t('adminAudit.diff.title')} className="divide-y divide-amber-200 overflow-hidden rounded-lg ring-1 ring-amber-200">
          {changed.map((field) => <ChangedField key={field.field} field={field} />)}
        </ul>
      ) : <p className="text-sm text-slate-600">{t('adminAudit.diff.noneChanged')}</p>}
      {unchanged.length > 0 ? (
        <section aria-label={t('adminAudit.diff.unchanged')} className="rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
          <h3 className="text-xs font-semibold text-slate-600">{t('adminAudit.diff.unchanged')}</h3>
          <dl className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2 xl:grid-cols-3">
            {unchanged.map((field) => (
              <div key={field.field} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                <dt className="text-xs font-semibold text-slate-700">{fieldLabel(field.field, t)}</dt>
                <dd className="min-w-0"><Value field={field.field} value={field.after} /></dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
