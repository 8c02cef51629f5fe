/** A scored prediction's outcome and points as a coloured badge ("Exact score · +10 pts"). */
import { useTranslation } from 'react-i18next';

/** The badge for an outcome ('exact' … 'miss', 'void') and its points (null when void). */
export function OutcomeBadge({ outcome, points }: { outcome: string; points: number | null }) {
  const { t } = useTranslation();
  const tone = outcome === 'exact' ? 'bg-emerald-700 text-white' : outcome === 'goal_difference' ? 'bg-emerald-100 text-emerald-800'
    : outcome === 'winner' ? 'bg-sky-100 text-sky-800' : outcome === 'opposite' ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-600';
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {t(`matches.outcome.${outcome}`)}{points !== null ? ` · ${points > 0 ? '+' : ''}${t('matches.points', { count: points })}` : ''}
    </span>
  );
}
