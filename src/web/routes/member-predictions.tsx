/**
 * Page /groups/:groupId/members/:userId/predictions: a member's predictions of closed matches, round by
 * round (previous / next), with the points of each match and the round's total.
 */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGroup } from '../features/groups/api/groups';
import { useMemberPredictions } from '../features/predictions/api/predictions';
import { OutcomeBadge } from '../features/predictions/components/outcome-badge';
import { roundLabel } from '../features/predictions/components/round-label';
import { JokerIcon, JokerMark } from '../features/jokers/components/joker-mark';
import { GroupLoadProblem } from '../features/groups/components/group-problem';
import { isUuid } from '../lib/uuid';
import { formatKickoff } from '../lib/format';
import { Spinner } from '../components/ui/card';
import { Button } from '../components/ui/button';
import { paths } from '../config/paths';

/** A member's past predictions in a group. */
export function MemberPredictionsRoute() {
  const { t, i18n } = useTranslation();
  const { groupId = '', userId = '' } = useParams();
  const validId = isUuid(groupId);
  const group = useGroup(groupId, validId);
  const query = useMemberPredictions(groupId, userId, validId);
  const rounds = useMemo(() => {
    const byOrder = new Map<number, string>();
    for (const p of query.data?.predictions ?? []) byOrder.set(p.match.roundOrder, p.match.roundName);
    return [...byOrder.entries()].sort((a, b) => a[0] - b[0]);
  }, [query.data]);
  const [chosen, setChosen] = useState<number | null>(null);

  if (!validId) return <GroupLoadProblem invalidId />;
  if (group.isPending || query.isPending) return <Spinner label={t('app.loading')} />;
  if (group.isError || query.isError) {
    return <GroupLoadProblem error={group.error ?? query.error} onRetry={() => void Promise.all([group.refetch(), query.refetch()])} />;
  }
  // A round picked earlier can go (its matches postponed, seen at a refetch): then the latest one.
  const round = rounds.some(([order]) => order === chosen) ? chosen : (rounds.at(-1)?.[0] ?? null);
  const index = rounds.findIndex(([order]) => order === round);
  const shown = query.data.predictions.filter((p) => p.match.roundOrder === round);
  const total = shown.reduce((sum, p) => sum + (p.prediction.points ?? 0), 0);

  return (
    <div className="space-y-5">
      <header>
        <Link to={paths.group(groupId)} className="text-sm font-medium text-emerald-800 hover:underline">← {group.data.name}</Link>
        <h1 className="mt-1 break-words text-2xl font-bold tracking-tight text-slate-900">{t('memberPredictions.title', { username: query.data.member.username })}</h1>
        {query.data.jokers ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-700" data-testid="member-jokers">
            <JokerIcon className="text-amber-600" />
            {query.data.jokers.left === null
              ? t('jokers.memberUsed', { count: query.data.jokers.used })
              : t('jokers.memberUsedLeft', { count: query.data.jokers.used, left: query.data.jokers.left })}
          </p>
        ) : null}
      </header>
      {rounds.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">{t('memberPredictions.empty')}</p>
      ) : (
        <>
          <nav className="flex items-center gap-2" aria-label={t('matches.round')}>
            <Button variant="secondary" className="px-3" aria-label={t('matches.previousRound')} disabled={index <= 0} onClick={() => setChosen(rounds[index - 1]![0])}>‹</Button>
            <p className="min-w-0 flex-1 text-center font-semibold text-slate-900" aria-live="polite">{roundLabel(rounds[index]![1], t)}</p>
            <Button variant="secondary" className="px-3" aria-label={t('matches.nextRound')} disabled={index >= rounds.length - 1} onClick={() => setChosen(rounds[index + 1]![0])}>›</Button>
          </nav>
          <ul className="space-y-3">
            {shown.map(({ match, prediction }) => (
              <li key={match.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={`${match.homeTeam.name} – ${match.awayTeam.name}`}>
                <p className="text-xs text-slate-500">{formatKickoff(match.kickoff, i18n.language)}</p>
                <div className="mt-1 grid grid-cols-[1fr_auto_1fr] items-center gap-3 text-sm font-semibold text-slate-900">
                  <span className="text-right">{match.homeTeam.name}</span>
                  <span className="rounded-lg bg-slate-900 px-2.5 py-1 tabular-nums text-white">
                    {match.homeGoals !== null ? `${match.homeGoals}–${match.awayGoals}` : '–'}
                  </span>
                  <span>{match.awayTeam.name}</span>
                </div>
                <p className="mt-2 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
                  {t('memberPredictions.predicted', { home: prediction.homeGoals, away: prediction.awayGoals })}
                  {prediction.joker ? <JokerMark /> : null}
                  {prediction.outcome ? <OutcomeBadge outcome={prediction.outcome} points={prediction.points} /> : null}
                </p>
              </li>
            ))}
          </ul>
          <p className="text-right text-sm font-semibold text-slate-900">{t('memberPredictions.roundTotal', { count: total })}</p>
        </>
      )}
    </div>
  );
}
