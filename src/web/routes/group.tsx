/** A group: header with invite, then tabs for matches (predict) and ranking. */
import { lazy, memo, Suspense, useCallback, useDeferredValue, useId, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Group, GroupMatchesResponse, MyGroup, RankingResponse } from '../../contracts/groups';
import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from 'react-i18next';
import { useGroup, useMyGroups, useRanking } from '../features/groups/api/groups';
import { useGroupMatches } from '../features/predictions/api/predictions';
import { useLiveEvents } from '../features/live/use-live-events';
import { useMe } from '../features/auth/api/me';
import { MatchList as MatchListView } from '../features/predictions/components/match-list';
import { leagueLabel } from '../features/leagues/league-label';
import { ReplayBadge } from '../features/leagues/components/replay-badge';
import { RankingTable as RankingTableView } from '../features/groups/components/ranking-table';
import { InvitePanel } from '../features/groups/components/invite-panel';
import { ExportLink } from '../features/exports/components/export-link';
import { groupColorStyle } from '../features/groups/components/group-color';
import { GroupLoadProblem } from '../features/groups/components/group-problem';
import { isUuid } from '../lib/uuid';
import { ApiError } from '../lib/api-client';
import { Alert, Spinner } from '../components/ui/card';
import { paths } from '../config/paths';
import { LoadError } from '../components/ui/load-error';
import { Button } from '../components/ui/button';
import { useBonus } from '../features/bonus/api/bonus';
import { useWall } from '../features/wall/api/wall';
import { formatKickoff } from '../lib/format';

// The match list and the ranking render again only when their own data changes (a refetch that brings
// the same answer keeps it, TanStack Query's structural sharing), not on every other query of the page.
const MatchList = memo(MatchListView);
const RankingTable = memo(RankingTableView);

// The tabs after the first two, and the preview of a group one is not in, load when they are opened:
// most visits predict and look at the ranking.
const HistoryList = lazy(async () => ({ default: (await import('../features/predictions/components/history-list')).HistoryList }));
const StandingsView = lazy(async () => ({ default: (await import('../features/leagues/components/standings-view')).StandingsView }));
const RulesPanel = lazy(async () => ({ default: (await import('../features/groups/components/rules-panel')).RulesPanel }));
const LeaveGroup = lazy(async () => ({ default: (await import('../features/groups/components/leave-group')).LeaveGroup }));
const SettingsPanel = lazy(async () => ({ default: (await import('../features/groups/components/settings-panel')).SettingsPanel }));
const GroupPreview = lazy(async () => ({ default: (await import('../features/groups/components/group-preview')).GroupPreview }));

const WallPanel = lazy(async () => ({ default: (await import('../features/wall/components/wall-screens')).WallPanel }));
const BonusPanel = lazy(async () => ({ default: (await import('../features/bonus/components/bonus-panel')).BonusPanel }));

const TABS = ['matches', 'ranking', 'wall', 'bonus', 'history', 'standings', 'rules', 'settings'] as const;
type Tab = (typeof TABS)[number];

/**
 * Page /group/:groupId: the group header, invite panel, and the tabs, the current one in the address
 * (?tab=matches|ranking|wall|bonus|history|standings|rules|settings; settings for the owner and admins) so it can be linked and survives a reload.
 *
 * The queries' answers reach the page through useDeferredValue: a query's update renders at once (and
 * synchronously, as every store update does), so the page itself is drawn in the background pass that
 * follows, which yields to the browser every few milliseconds instead of holding a phone for a third of a
 * second.
 */
export function GroupRoute() {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'matches';
  const selectTab = useCallback((next: string) => {
    const params = new URLSearchParams(search);
    params.set('tab', next);
    setSearch(params, { replace: true });
  }, [search, setSearch]);
  const validId = isUuid(groupId);
  const group = useGroup(groupId, validId);
  const matches = useGroupMatches(groupId);
  // The ranking's page is the page of this group's ranking: another group starts on page 1.
  const [rankingPageOf, setRankingPageOf] = useState({ groupId, page: 1 });
  const ranking = useRanking(groupId, rankingPageOf.groupId === groupId ? rankingPageOf.page : 1);
  const showRankingPage = useCallback((page: number) => setRankingPageOf({ groupId, page }), [groupId]);
  const me = useMe();
  const myGroups = useMyGroups();
  // Scores and the ranking move as results come in, without a reload (members only: the group loaded),
  // from the live event number the matches were read at (so once they have come, or failed).
  useLiveEvents(groupId, validId && group.isSuccess && !matches.isPending);
  const shownGroup = useDeferredValue(group.data);
  const shownMatches = useDeferredValue(matches.data);
  const shownRanking = useDeferredValue(ranking.data);
  const shownMyGroups = useDeferredValue(myGroups.data);

  if (!validId) return <GroupLoadProblem invalidId />;
  if (group.isError) {
    // A public group the person is not in: its card and Join (a private one never reveals itself).
    if (group.error instanceof ApiError && group.error.id === 'forbidden') return <Later><GroupPreview groupId={groupId} onJoined={() => void group.refetch()} /></Later>;
    return <GroupLoadProblem error={group.error} onRetry={() => void group.refetch()} />;
  }
  if (!shownGroup || shownGroup.id !== groupId) return <Spinner label={t('app.loading')} />;
  return (
    <GroupPage groupId={groupId} group={shownGroup} tab={tab} onTab={selectTab} myUserId={me.data?.id} myGroups={shownMyGroups}
      matches={shownMatches} matchesError={matches.data ? null : matches.error} refetchMatches={matches.refetch}
      ranking={shownRanking} rankingError={ranking.data ? null : ranking.error} refetchRanking={ranking.refetch} onRankingPage={showRankingPage} />
  );
}

/**
 * The group's page once the group has loaded. Memoised: the first, synchronous render after a query's
 * update passes the previous (deferred) answers and stops here.
 * @param matches / ranking the answers shown (undefined while loading, with their error when one failed).
 */
const GroupPage = memo(function GroupPage({ groupId, group: g, tab, onTab, myUserId, myGroups, matches, matchesError, refetchMatches, ranking, rankingError, refetchRanking, onRankingPage }: {
  groupId: string; group: Group; tab: Tab; onTab: (tab: string) => void; myUserId: string | undefined; myGroups: MyGroup[] | undefined;
  matches: GroupMatchesResponse | undefined; matchesError: Error | null; refetchMatches: () => unknown;
  ranking: RankingResponse | undefined; rankingError: Error | null; refetchRanking: () => unknown; onRankingPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  // The tabs' and panels' ids, ours rather than Radix's: the panels are plain elements (TabPanel).
  const idBase = useId();
  const tabId = (of: Tab) => `${idBase}-tab-${of}`;
  const panelId = (of: Tab) => `${idBase}-panel-${of}`;
  const panel = (of: Tab) => ({ id: panelId(of), labelledBy: tabId(of) });
  const myRow = ranking ? (ranking.ranking.find((row) => row.userId === myUserId) ?? ranking.me) : null;
  const otherGroupCount = (myGroups ?? []).filter((other) => other.id !== g.id && other.league.id === g.league.id && other.status === 'active').length;
  // The Wall tab's badge: posts by others since I last saw the wall (its first page says how many).
  const wallUnread = useWall(groupId, null, g.wallEnabled).data?.pages[0]?.unread ?? 0;

  return (
    <div className="space-y-5">
      <header className="flex items-start gap-3">
        <span className={`mt-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-xl font-bold text-white`} style={groupColorStyle(g.color)} aria-hidden>
          {g.name.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <title>{`${g.name} · Palpite`}</title>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{g.name}</h1>
          <p className="text-sm text-slate-500">
            {leagueLabel(g.league)}{g.league.replay ? <> <ReplayBadge /></> : null} · {t(g.visibility === 'public' ? 'groupPage.public' : 'groupPage.private')} · {t('home.members', { count: g.memberCount })}
            {myRow ? ` · ${t('groupPage.myRank', { rank: myRow.rank })}` : ''}
          </p>
          {g.description ? <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">{g.description}</p> : null}
        </div>
      </header>
      {g.status !== 'active' ? <Alert tone="info">{t('groups.deactivated')}</Alert> : null}
      <Link to={paths.groupStats(groupId)} className="inline-flex items-center gap-1 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-emerald-800 shadow-sm ring-1 ring-slate-200 hover:bg-emerald-50">
        {t('stats.open')} →
      </Link>
      {g.inviteCode ? <InvitePanel inviteCode={g.inviteCode} groupName={g.name} /> : null}
      {tab !== 'bonus' && g.status === 'active' ? <BonusPrompt groupId={groupId} onOpen={() => onTab('bonus')} /> : null}

      <Tabs.Root value={tab} onValueChange={onTab}>
        {/* On a phone the tabs wrap onto rows of three: every tab in sight, none behind a sideways scroll. */}
        <Tabs.List className="mb-4 grid grid-cols-3 gap-1 rounded-xl bg-slate-200/70 p-1 sm:flex" aria-label={g.name}>
          {TABS.filter((each) => each !== 'settings' || g.myRole !== 'member').map((each) => (
            // Each tab names its panel while the panel is on the page (the matches' always, another's while shown).
            <Tabs.Trigger key={each} value={each} id={tabId(each)} aria-controls={each === 'matches' || each === tab ? panelId(each) : undefined}
              className="min-w-0 grow truncate rounded-lg px-2 py-2 text-xs font-semibold sm:px-3 text-slate-600 outline-none sm:text-sm focus-visible:ring-2 focus-visible:ring-emerald-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm">
              {each === 'wall' ? <WallTabLabel unread={tab === 'wall' ? 0 : wallUnread} /> : t(`groups.tabs.${each}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Kept mounted while hidden, so unsaved predictions survive a look at the ranking. */}
        <TabPanel {...panel('matches')} hidden={tab !== 'matches'}>
          {matches ? <MatchList groupId={groupId} data={matches} memberCount={g.memberCount} otherGroupCount={otherGroupCount} myUserId={myUserId} wallEnabled={g.wallEnabled} />
            : matchesError ? <LoadError label={t('groupPage.errorGroup')} error={matchesError} onRetry={() => void refetchMatches()} />
            : <Spinner label={t('app.loading')} />}
        </TabPanel>
        {tab === 'ranking' ? (
          <TabPanel {...panel('ranking')}>
            {ranking ? <><ExportLink groupId={groupId} kind="ranking" /><RankingTable groupId={groupId} data={ranking} myUserId={myUserId} onPage={onRankingPage} /></>
              : rankingError ? <LoadError label={t('groupPage.errorMembers')} error={rankingError} onRetry={() => void refetchRanking()} />
              : <Spinner label={t('app.loading')} />}
          </TabPanel>
        ) : null}
        {tab === 'wall' ? (
          <TabPanel {...panel('wall')}>
            <Later><WallPanel group={g} /></Later>
          </TabPanel>
        ) : null}
        {tab === 'bonus' ? (
          <TabPanel {...panel('bonus')}>
            <Later><BonusPanel groupId={groupId} active={g.status === 'active'} /></Later>
          </TabPanel>
        ) : null}
        {tab === 'history' ? (
          <TabPanel {...panel('history')}>
            {matches ? <Later><HistoryList groupId={groupId} data={matches} /></Later> : <Spinner label={t('app.loading')} />}
          </TabPanel>
        ) : null}
        {tab === 'standings' ? (
          <TabPanel {...panel('standings')}>
            <Later><StandingsView leagueId={g.league.id} /></Later>
          </TabPanel>
        ) : null}
        {tab === 'rules' ? (
          <TabPanel {...panel('rules')}>
            <Later>
              <RulesPanel groupId={groupId} canEdit={g.myRole !== 'member'} />
              <LeaveGroup groupId={groupId} ownerAlone={g.myRole === 'owner' && g.memberCount === 1} />
            </Later>
          </TabPanel>
        ) : null}
        {tab === 'settings' && g.myRole !== 'member' ? (
          <TabPanel {...panel('settings')}>
            <Later><SettingsPanel group={g} myUserId={myUserId} /></Later>
          </TabPanel>
        ) : null}
      </Tabs.Root>
    </div>
  );
});

/** The Wall tab's name, with a badge of its unread posts (99+ past 99), said in words to a screen reader. */
function WallTabLabel({ unread }: { unread: number }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex max-w-full items-center justify-center gap-1">
      <span className="truncate">{t('wall.tab')}</span>
      {unread > 0 ? (
        <>
          <span aria-hidden className="shrink-0 rounded-full bg-red-600 px-1.5 py-px text-[11px] font-bold leading-4 text-white tabular-nums">{unread > 99 ? '99+' : unread}</span>
          <span className="sr-only">{t('wall.unread', { count: unread })}</span>
        </>
      ) : null}
    </span>
  );
}

/**
 * One tab's panel, a plain element rather than Radix's Tabs.Content: that one mounts every panel, shown or
 * not, and its presence check reads each one's computed style as it mounts and renders again, a forced
 * style pass and a second render inside the first screen's longest task on a phone.
 */
function TabPanel({ id, labelledBy, hidden = false, children }: { id: string; labelledBy: string; hidden?: boolean; children: ReactNode }) {
  return (
    <div role="tabpanel" id={id} aria-labelledby={labelledBy} tabIndex={0} hidden={hidden} className="rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-emerald-600">
      {children}
    </div>
  );
}

/**
 * A prompt while bonus questions are open that I have not answered: how many, the first close, and a
 * button to the Bonus tab. Nothing otherwise (and nothing while they load).
 */
function BonusPrompt({ groupId, onOpen }: { groupId: string; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const bonus = useBonus(groupId);
  const open = (bonus.data?.questions ?? []).filter((question) => !question.closed && !question.mine);
  if (open.length === 0) return null;
  const first = open.reduce((a, b) => (a.closesAt < b.closesAt ? a : b)).closesAt;
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="bonus-prompt">
      <span>{t('bonus.prompt', { count: open.length, time: formatKickoff(first, i18n.language) })}</span>
      <Button variant="secondary" className="shrink-0" onClick={onOpen}>{t('bonus.promptAction')}</Button>
    </div>
  );
}

/** A part of the page whose code loads when it is shown: a spinner meanwhile. */
function Later({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<Spinner label={t('app.loading')} />}>{children}</Suspense>;
}
