/** The six stat cards of a group: the leading member(s), the figure and a one-line definition. */
import { useTranslation } from 'react-i18next';
import type { GroupStatsResponse } from '../../../../contracts/stats';
import { roundLabel } from '../../predictions/components/round-label';

/** The cards in a responsive grid; `names` maps user ids to usernames. */
export function StatCards({ stats, names }: { stats: GroupStatsResponse; names: Map<string, string> }) {
  const { t } = useTranslation();
  // A round with matches still to play or in play: its best score is one so far, and the card says so.
  const roundName = (order: number | undefined) => {
    const round = stats.rounds.find((r) => r.roundOrder === order);
    return round ? `${roundLabel(round.roundName, t)}${round.complete === false ? ` (${t('stats.soFar')})` : ''}` : '';
  };
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {stats.cards.map((card) => (
        <li key={card.kind} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-emerald-800">{t(`stats.cards.${card.kind}.title`)}</h3>
          {card.userIds.length > 0 ? (
            <>
              <p className="mt-2 text-lg font-bold text-slate-900 [overflow-wrap:anywhere]">{card.userIds.map((id) => names.get(id) ?? '?').join(', ')}</p>
              <p className="text-sm text-slate-700">
                {t(`stats.cards.${card.kind}.value`, { count: card.value })}
                {card.kind === 'topScorer' && card.roundOrders?.length ? ` · ${[...new Set(card.roundOrders)].map(roundName).join(', ')}` : ''}
              </p>
            </>
          ) : (
            <p className="mt-2 text-sm text-slate-500">{t('stats.nobodyYet')}</p>
          )}
          <p className="mt-2 text-xs text-slate-500">{t(`stats.cards.${card.kind}.definition`)}</p>
        </li>
      ))}
    </ul>
  );
}
