/**
 * The History tab: the group's matches whose predictions have closed, newest first, each with my
 * prediction and points, and everyone's predictions on demand (the server reveals them only after the
 * close). Ten at a time, and a download of every revealed prediction (CSV) above them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GroupMatchesResponse } from '../../../../contracts/groups';
import { formatKickoff } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import { OutcomeBadge } from './outcome-badge';
import { RevealedPredictions } from './revealed-predictions';
import { roundLabel } from './round-label';
import { JokerMark } from '../../jokers/components/joker-mark';
import { ExportLink } from '../../exports/components/export-link';

/** Closed matches of the group with my and everyone's predictions. */
export function HistoryList({ groupId, data }: { groupId: string; data: GroupMatchesResponse }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(10);
  const [open, setOpen] = useState<string | null>(null);
  const now = Date.parse(data.serverTime);
  const closed = data.matches
    .filter((m) => (m.status === 'live' || m.status === 'finished' || (m.status === 'scheduled' && Date.parse(m.deadline) <= now)))
    .sort((a, b) => Date.parse(b.kickoff) - Date.parse(a.kickoff));
  if (closed.length === 0) return <p className="py-8 text-center text-slate-600">{t('history.empty')}</p>;
  return (
    <div className="space-y-3">
      <ExportLink groupId={groupId} kind="predictions" />
      <ul className="space-y-3">
        {closed.slice(0, shown).map((match) => (
          <li key={match.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={`${match.homeTeam.name} – ${match.awayTeam.name}`}>
            <p className="text-xs text-slate-500">{roundLabel(match.roundName, t)} · {formatKickoff(match.kickoff, i18n.language)}</p>
            <div className="mt-1 grid grid-cols-[1fr_auto_1fr] items-center gap-3 text-sm font-semibold text-slate-900">
              <span className="text-right">{match.homeTeam.name}</span>
              <span className="rounded-lg bg-slate-900 px-2.5 py-1 tabular-nums text-white">
                {match.homeGoals !== null ? `${match.homeGoals}–${match.awayGoals}` : '–'}
              </span>
              <span>{match.awayTeam.name}</span>
            </div>
            <p className="mt-2 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
              {match.myPrediction ? t('matches.yourPrediction', { home: match.myPrediction.homeGoals, away: match.myPrediction.awayGoals }) : t('matches.noPrediction')}
              {match.myPrediction?.joker ? <JokerMark /> : null}
              {match.myPrediction?.outcome ? <OutcomeBadge outcome={match.myPrediction.outcome} points={match.myPrediction.points} /> : null}
            </p>
            <div className="mt-2 text-center">
              <button type="button" aria-expanded={open === match.id} onClick={() => setOpen(open === match.id ? null : match.id)}
                className="text-sm font-medium text-emerald-800 underline-offset-2 hover:underline">
                {open === match.id ? t('matches.hideOthers') : t('matches.showOthers')}
              </button>
              {open === match.id ? <RevealedPredictions groupId={groupId} matchId={match.id} /> : null}
            </div>
          </li>
        ))}
      </ul>
      {closed.length > shown ? <Button variant="secondary" className="w-full" onClick={() => setShown(shown + 10)}>{t('history.more')}</Button> : null}
    </div>
  );
}
