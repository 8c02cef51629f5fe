/**
 * The signed-in home page: greeting and actions, my groups with my rank and next close, the next
 * matches to predict (GET /api/home) and recent results; a member without a group sees how to start.
 * Loaded on its own (React.lazy) so a visitor's landing page does not carry it.
 */
import { useTranslation } from 'react-i18next';
import { useMyGroups } from '../../groups/api/groups';
import { useMyLiveEvents } from '../../live/use-live-events';
import { useHomeFeed } from '../api/home-feed';
import { useServerNow } from '../hooks/use-server-now';
import { ButtonLink } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { FirstSteps } from './first-steps';
import { LeagueList } from './league-list';
import { MyGroupCard } from './my-group-card';
import { RecentResults } from './recent-results';
import { UpcomingMatches } from './upcoming-matches';

/** The member's home page; `name` is their username, for the greeting (h1). */
export function MemberHome({ name }: { name: string }) {
  const { t } = useTranslation();
  const groups = useMyGroups();
  const feed = useHomeFeed();
  // Results, ranks and the next matches move with the live events of my groups' leagues, without a reload.
  useMyLiveEvents(true);
  const now = useServerNow(feed.data?.clockOffsetMs);
  const noGroups = groups.data?.length === 0;
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-slate-900">{t('memberHome.title', { name })}</h1>
        {noGroups ? null : (
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={paths.joinGroup()} variant="secondary">{t('home.joinGroup')}</ButtonLink>
            <ButtonLink to={paths.createGroup}>{t('home.createGroup')}</ButtonLink>
          </div>
        )}
      </div>

      {groups.isError || feed.isError ? <Alert>{t('home.loadError')}</Alert> : null}

      {noGroups ? (
        <>
          <FirstSteps />
          <LeagueList />
        </>
      ) : (
        <>
          <section aria-labelledby="home-groups" className="space-y-3">
            <h2 id="home-groups" className="text-xl font-bold text-slate-900">{t('memberHome.groupsTitle')}</h2>
            {groups.isPending ? <Spinner label={t('home.loading')} /> : null}
            {groups.data ? (
              <ul className="grid grid-cols-1 gap-3 desk:grid-cols-2">
                {groups.data.map((group) => <li key={group.id} className="min-w-0"><MyGroupCard group={group} now={now} /></li>)}
              </ul>
            ) : null}
          </section>
          {feed.isPending ? <Spinner label={t('home.loading')} /> : null}
          {feed.data ? (
            <>
              <UpcomingMatches matches={feed.data.upcoming} now={now} />
              <RecentResults matches={feed.data.recent} />
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
