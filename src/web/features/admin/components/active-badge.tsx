/** Whether a league is open for new groups, as a pill. */
import { useTranslation } from 'react-i18next';

/** "Active" (emerald) or "Inactive" (slate). */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>
      {t(active ? 'admin.leagues.active' : 'admin.leagues.inactive')}
    </span>
  );
}
