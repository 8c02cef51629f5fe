/** One figure of the dashboard: a label, a big number and a line of detail (a dt/dd group of a <dl>). */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A figure card; `detail` is the small line under the number. */
export function StatCard({ label, value, detail }: { label: string; value: number; detail?: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <div className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tabular-nums tracking-tight text-slate-900">{new Intl.NumberFormat(i18n.language).format(value)}</dd>
      {detail ? <dd className="mt-1 text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}
