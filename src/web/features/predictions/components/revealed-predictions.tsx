/**
 * Everyone's predictions of a closed match, with their points once scored. The server sends them only
 * after the match's predictions close; before that this shows how many members predicted it.
 */
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/card';
import { useMatchPredictions } from '../api/predictions';
import { OutcomeBadge } from './outcome-badge';
import { JokerMark } from '../../jokers/components/joker-mark';

/** The list of members' predictions of one match (fetched when shown). */
export function RevealedPredictions({ groupId, matchId }: { groupId: string; matchId: string }) {
  const { t } = useTranslation();
  const query = useMatchPredictions(groupId, matchId, true);
  if (query.isPending) return <Spinner label={t('app.loading')} />;
  if (query.isError) return <p role="alert" className="mt-2 text-sm text-red-600">{t('errors.internal')}</p>;
  const { revealed, predictions, predictionCount, memberCount } = query.data;
  if (!revealed) return <p className="mt-2 text-sm text-slate-600">{t('matches.predictedCount', { done: predictionCount, count: memberCount })}</p>;
  if (predictions.length === 0) return <p className="mt-2 text-sm text-slate-600">{t('matches.nobodyPredicted')}</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-100 rounded-xl bg-slate-50 text-left text-sm" aria-label={t('matches.othersPredictions')}>
      {predictions.map((p) => (
        // On a phone the score, marks and points go under the name when they do not fit beside it.
        <li key={p.userId} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 py-2">
          <span className="min-w-0 max-w-full truncate font-medium text-slate-800">{p.username}</span>
          <span className="ml-auto flex flex-wrap items-center justify-end gap-2">
            <span className="font-bold tabular-nums text-slate-900">{p.homeGoals}–{p.awayGoals}</span>
            {p.joker ? <JokerMark /> : null}
            {p.outcome ? <OutcomeBadge outcome={p.outcome} points={p.points} /> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
