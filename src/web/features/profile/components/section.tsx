/** A titled card of the profile page. */
import { useId, type ReactNode } from 'react';

/** A card with an h2 `title` (the section is labelled by it); `tone="danger"` for the account deletion. */
export function ProfileSection({ title, description, tone = 'normal', children }: { title: string; description?: string; tone?: 'normal' | 'danger'; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={`space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 sm:p-5 ${tone === 'danger' ? 'ring-red-200' : 'ring-slate-200'}`}>
      <div className="space-y-1">
        <h2 id={id} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-900'}`}>{title}</h2>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
