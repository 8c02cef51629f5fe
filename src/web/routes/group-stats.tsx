/** Page /group/:groupId/stats: the podium, the stat cards, matchday winners and the charts of a group. */
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGroup } from '../features/groups/api/groups';
import { useMe } from '../features/auth/api/me';
import { useGroupStats } from '../features/stats/api/stats';
import { StatCards } from '../features/stats/components/stat-cards';
import { Podium } from '../features/stats/components/podium';
import { celebrateOnce } from '../features/stats/components/celebrate';
import { roundLabel } from '../features/predictions/components/round-label';
import { GroupLoadProblem } from '../features/groups/components/group-problem';
import { isUuid } from '../lib/uuid';
import { Spinner } from '../components/ui/card';
import { paths } from '../config/paths';
import { useNearViewport } from '../lib/use-near-viewport';

const StatsCharts = lazy(async () => ({ default: (await import('../features/stats/components/charts')).StatsCharts }));

/** The group's statistics page. */
export function GroupStatsRoute() {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  const validId = isUuid(groupId);
  const group = useGroup(groupId, validId);
  const stats = useGroupStats(groupId, validId);
  const me = useMe();
  const [chartsRef, chartsNear] = useNearViewport();
  const names = useMemo(() => new Map((stats.data?.members ?? []).map((m) => [m.userId, m.username])), [stats.data]);
  const finished = stats.data?.leagueFinished === true && stats.data.podium.length > 0;
  useEffect(() => {
    if (finished) celebrateOnce(groupId);
  }, [finished, groupId]);

  if (!validId) return <GroupLoadProblem invalidId />;
  if (group.isPending || stats.isPending) return <Spinner label={t('app.loading')} />;
  if (group.isError || stats.isError) {
    return <GroupLoadProblem error={group.error ?? stats.error} onRetry={() => void Promise.all([group.refetch(), stats.refetch()])} />;
  }
  const data = stats.data;
  const roundName = (order: number) => roundLabel(data.rounds.find((r) => r.roundOrder === order)?.roundName ?? String(order), t);
  const soFar = (order: number) => data.rounds.find((r) => r.roundOrder === order)?.complete === false;

  return (
    <div className="space-y-6">
      <header>
        <Link to={paths.group(groupId)} className="text-sm font-medium text-emerald-800 hover:underline">← {group.data.name}</Link>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">{t('stats.title')}</h1>
      </header>
      {!data.hasStatistics ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">{t('stats.empty')}</p>
      ) : (
        <>
          <section aria-labelledby="podium-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <h2 id="podium-title" className="mb-3 text-lg font-semibold text-slate-900">
              {data.leagueFinished ? t('stats.finalPodium') : t('stats.podium')}
            </h2>
            <Podium podium={data.podium} names={names} />
          </section>
          <section aria-labelledby="cards-title">
            <h2 id="cards-title" className="mb-3 text-lg font-semibold text-slate-900">{t('stats.highlights')}</h2>
            <StatCards stats={data} names={names} />
          </section>
          <section aria-labelledby="charts-title" ref={chartsRef}>
            <h2 id="charts-title" className="mb-3 text-lg font-semibold text-slate-900">{t('stats.charts')}</h2>
            {/* Recharts is the heaviest code of the app: fetched when the charts are about to be seen (on a
                phone, a scroll below the podium and the cards), as tall meanwhile as they will be. */}
            {chartsNear ? (
              <Suspense fallback={<div className="min-h-[40rem]"><Spinner label={t('app.loading')} /></div>}>
                <StatsCharts stats={data} names={names} myUserId={me.data?.id} />
              </Suspense>
            ) : <div className="min-h-[40rem]" aria-hidden="true" />}
          </section>
          <section aria-labelledby="winners-title">
            <h2 id="winners-title" className="mb-3 text-lg font-semibold text-slate-900">{t('stats.matchdayWinners')}</h2>
            <ul className="divide-y divide-slate-100 rounded-2xl bg-white text-sm shadow-sm ring-1 ring-slate-200">
              {[...data.matchdayWinners].reverse().map((w) => (
                <li key={w.roundOrder} className="flex items-center justify-between gap-3 px-4 py-2.5">
                  <span className="shrink-0 text-slate-600">{roundName(w.roundOrder)}{soFar(w.roundOrder) ? <span className="ml-1 text-xs italic">({t('stats.soFar')})</span> : null}</span>
                  <span className="min-w-0 truncate text-right font-medium text-slate-900">
                    {w.userIds.map((id) => names.get(id)).join(', ')} · {t('stats.points', { count: w.points })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
