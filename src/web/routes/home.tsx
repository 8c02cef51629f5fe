/** The start page: my groups when signed in; what Palpite is and the leagues when signed out. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../features/auth/api/me';
import { useMyGroups } from '../features/groups/api/groups';
import { useLeagues } from '../features/leagues/api/leagues';
import { ButtonLink } from '../components/ui/button';
import { Alert, Card, PageTitle, Spinner } from '../components/ui/card';
import { paths } from '../config/paths';
import { groupColorStyle } from '../features/groups/components/group-color';

/** Page /: my groups when signed in, the welcome when signed out; leagues on both. */
export function HomeRoute() {
  const { t } = useTranslation();
  const me = useMe();
  if (me.isPending) return <Spinner label={t('app.loading')} />;
  return me.data ? <MyGroups /> : <Welcome />;
}

function MyGroups() {
  const { t } = useTranslation();
  const groups = useMyGroups();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{t('app.myGroups')}</PageTitle>
        <div className="flex gap-2">
          <ButtonLink to={paths.joinGroup()} variant="secondary">{t('home.joinGroup')}</ButtonLink>
          <ButtonLink to={paths.createGroup}>{t('home.createGroup')}</ButtonLink>
        </div>
      </div>
      {groups.isPending ? <Spinner label={t('app.loading')} /> : null}
      {groups.isError ? <Alert>{t('errors.internal')}</Alert> : null}
      {groups.data?.length === 0 ? <Card><p className="text-slate-600">{t('home.noGroups')}</p></Card> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {groups.data?.map((group) => (
          <li key={group.id}>
            <Link to={paths.group(group.id)} className="block rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-emerald-400">
              <div className="flex items-center gap-3">
                <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-lg font-bold text-white`} style={groupColorStyle(group.color)} aria-hidden>
                  {group.name.slice(0, 1).toUpperCase()}
                </span>
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{group.name}</p>
                  <p className="truncate text-sm text-slate-500">{group.league.name} · {t('home.members', { count: group.memberCount })}</p>
                </div>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <Leagues />
    </div>
  );
}

function Welcome() {
  const { t } = useTranslation();
  return (
    <div className="space-y-8">
      <section className="rounded-3xl bg-gradient-to-br from-emerald-700 to-emerald-900 px-6 py-10 text-white shadow-lg">
        <h1 className="text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">{t('home.heroTitle')}</h1>
        <p className="mt-3 max-w-xl text-emerald-50">{t('home.heroBody')}</p>
        <p className="mt-4 text-sm font-medium text-emerald-200">{t('home.scoring')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={paths.register} variant="secondary">{t('app.register')}</ButtonLink>
          <Link to={paths.login} className="rounded-lg px-4 py-2.5 text-sm font-semibold text-white ring-1 ring-inset ring-white/40 hover:bg-white/10">
            {t('app.signIn')}
          </Link>
        </div>
      </section>
      <Leagues />
    </div>
  );
}

function Leagues() {
  const { t, i18n } = useTranslation();
  const leagues = useLeagues();
  const year = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language, { month: 'short', year: 'numeric' }).format(new Date(iso)) : '');
  return (
    <section>
      <h2 className="mb-3 text-lg font-semibold text-slate-800">{t('home.leagues')}</h2>
      {leagues.isPending ? <Spinner label={t('app.loading')} /> : null}
      {leagues.data?.length === 0 ? <p className="text-slate-600">{t('home.noLeagues')}</p> : null}
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        {leagues.data?.map((league) => (
          <li key={league.id} className="flex items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-slate-900">{league.name}</p>
              <p className="text-sm text-slate-500">{year(league.firstKickoff)} – {year(league.lastKickoff)}</p>
            </div>
            <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600">{t('home.matches', { count: league.matchCount })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
