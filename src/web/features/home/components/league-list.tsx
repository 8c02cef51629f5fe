/** The leagues and tournaments Palpite has loaded, with their dates and match counts (GET /api/leagues). */
import { useTranslation } from 'react-i18next';
import { useLeagues } from '../../leagues/api/leagues';
import { Spinner } from '../../../components/ui/card';
import { ReplayBadge } from '../../leagues/components/replay-badge';

/** A section "Leagues and tournaments" (h2) listing every league, for guests and newcomers. */
export function LeagueList() {
  const { t, i18n } = useTranslation();
  const leagues = useLeagues();
  const month = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric' }).format(new Date(iso)) : '');
  return (
    <section aria-labelledby="home-leagues">
      <h2 id="home-leagues" className="mb-3 text-xl font-bold text-slate-900">{t('home.leagues')}</h2>
      {leagues.isPending ? <Spinner label={t('home.loading')} /> : null}
      {leagues.data?.length === 0 ? <p className="text-slate-600">{t('home.noLeagues')}</p> : null}
      {leagues.data?.length ? (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {leagues.data.map((league) => (
            <li key={league.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{league.name}{league.replay ? <> <ReplayBadge /></> : null}</p>
                <p className="text-sm text-slate-600">{month(league.firstKickoff)} – {month(league.lastKickoff)}</p>
              </div>
              <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">{t('home.matches', { count: league.matchCount })}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
