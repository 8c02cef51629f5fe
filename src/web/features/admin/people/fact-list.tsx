/** A detail page's fields as a two-column description list (label, value). */
import type { ReactNode } from 'react';

/** The rows `[label, value]` of `facts`. */
export function FactList({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3 py-2">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
