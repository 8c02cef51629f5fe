/**
 * Page /groups: my groups (with member counts) and Discover — public groups with a name search, a league
 * filter, a refresh button and "Load more"; joining a public group needs no code.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDiscover, useJoinPublicGroup, useMyGroups } from '../features/groups/api/groups';
import { useMyLiveEvents } from '../features/live/use-live-events';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { useLeagues } from '../features/leagues/api/leagues';
import { leagueLabel } from '../features/leagues/league-label';
import { ReplayBadge } from '../features/leagues/components/replay-badge';
import { groupColorStyle } from '../features/groups/components/group-color';
import { ApiError } from '../lib/api-client';
import { Alert, Card, PageTitle, Spinner } from '../components/ui/card';
import { Button, ButtonLink } from '../components/ui/button';
import { paths } from '../config/paths';
import { MyGroupCard } from '../features/home/components/my-group-card';
import { useServerNow } from '../features/home/hooks/use-server-now';

/** My groups and Discover. */
export function GroupsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mine = useMyGroups();
  const leagues = useLeagues();
  // My ranks move with the live events of my groups' leagues.
  useMyLiveEvents(true);
  const [q, setQ] = useState('');
  const [leagueId, setLeagueId] = useState('');
  // Searched once typing pauses, not on every key.
  const discover = useDiscover(useDebouncedValue(q), leagueId);
  const join = useJoinPublicGroup();
  const [error, setError] = useState<string | null>(null);
  const now = useServerNow();
  const found = discover.data?.pages.flatMap((page) => page.groups) ?? [];

  const joinGroup = async (groupId: string) => {
    setError(null);
    try {
      const group = await join.mutateAsync(groupId);
      await navigate(paths.group(group.id));
    } catch (e) {
      setError(t(`errors.${e instanceof ApiError ? e.id : 'internal'}`));
    }
  };

  return (
    <div className="space-y-8">
      <section className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PageTitle>{t('app.myGroups')}</PageTitle>
          <div className="flex gap-2">
            <ButtonLink to={paths.joinGroup()} variant="secondary">{t('home.joinGroup')}</ButtonLink>
            <ButtonLink to={paths.createGroup}>{t('home.createGroup')}</ButtonLink>
          </div>
        </div>
        {mine.isPending ? <Spinner label={t('app.loading')} /> : null}
        {mine.data?.length === 0 ? <Card><p className="text-slate-600">{t('home.noGroups')}</p></Card> : null}
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {mine.data?.map((group) => <li key={group.id} className="min-w-0"><MyGroupCard group={group} now={now} /></li>)}
        </ul>
      </section>

      <section className="space-y-3" aria-labelledby="discover-title">
        <h2 id="discover-title" className="text-xl font-bold text-slate-900">{t('discover.title')}</h2>
        <p className="text-sm text-slate-600">{t('discover.help')}</p>
        <div className="flex flex-wrap gap-2">
          <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('discover.search')} aria-label={t('discover.search')} maxLength={60}
            className="min-w-0 flex-1 basis-full rounded-lg border-0 px-3 py-2.5 text-base ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-emerald-600 sm:basis-0" />
          <select value={leagueId} onChange={(e) => setLeagueId(e.target.value)} aria-label={t('discover.league')}
            className="min-w-0 flex-1 rounded-lg border-0 px-3 py-2.5 text-base ring-1 ring-inset ring-slate-300 sm:flex-none">
            <option value="">{t('discover.allLeagues')}</option>
            {leagues.data?.map((league) => <option key={league.id} value={league.id}>{leagueLabel(league)}{league.replay ? ` · ${t('replay.badge')}` : ''}</option>)}
          </select>
          <Button variant="secondary" onClick={() => void discover.refetch()}>{t('discover.refresh')}</Button>
        </div>
        {error ? <Alert>{error}</Alert> : null}
        {discover.isPending ? <Spinner label={t('app.loading')} /> : null}
        {discover.isError ? <Alert>{t('errors.internal')}</Alert> : null}
        {discover.data && found.length === 0 ? <Card><p className="text-slate-600">{t(q.trim() || leagueId ? 'discover.none' : 'discover.noneYet')}</p></Card> : null}
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t('discover.title')}>
          {found.map((group) => (
            <li key={group.id} className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-label={group.name}>
              <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-lg font-bold text-white`} style={groupColorStyle(group.color)} aria-hidden>{group.name.slice(0, 1).toUpperCase()}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold text-slate-900">{group.name}</span>
                <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
                  <span className="min-w-0 truncate">{group.league.name} · {t('home.members', { count: group.memberCount })} · {t('discover.active', { count: group.activeMembers })}</span>
                  {group.league.replay ? <ReplayBadge /> : null}
                </span>
              </span>
              {group.isMember
                ? <ButtonLink to={paths.group(group.id)} variant="secondary">{t('discover.open')}</ButtonLink>
                : <Button onClick={() => void joinGroup(group.id)} disabled={group.full || join.isPending}>{group.full ? t('discover.full') : t('discover.join')}</Button>}
            </li>
          ))}
        </ul>
        {discover.hasNextPage ? <Button variant="secondary" className="w-full" onClick={() => void discover.fetchNextPage()}>{t('discover.more')}</Button> : null}
      </section>
    </div>
  );
}
