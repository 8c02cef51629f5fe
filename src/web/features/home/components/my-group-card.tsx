/** One of my groups on the home page: colour, name, league, members, my rank and the next close. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyGroup } from '../../../../contracts/groups';
import { formatRelative } from '../../../lib/format';
import { paths } from '../../../config/paths';
import { groupColorStyle } from '../../groups/components/group-color';
import { ClockIcon, TrophyIcon } from './icons';
import { localTime } from './format';
import { ReplayBadge } from '../../leagues/components/replay-badge';

/** The card, a link to the group; `now` is the server's clock in ms. */
export function MyGroupCard({ group, now }: { group: MyGroup; now: number }) {
  const { t, i18n } = useTranslation();
  const active = group.status === 'active';
  const next = active && group.nextDeadline && Date.parse(group.nextDeadline) > now ? group.nextDeadline : null;
  return (
    <Link to={paths.group(group.id)} className="flex h-full gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-emerald-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl text-lg font-bold text-white" style={groupColorStyle(group.color)} aria-hidden="true">
        {group.name.slice(0, 1).toUpperCase()}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900">{group.name}</span>
        <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600">
          <span className="min-w-0 truncate">{group.league.name} · {t('home.members', { count: group.memberCount })}</span>
          {group.league.replay ? <ReplayBadge /> : null}
        </span>
        <span className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span className="inline-flex items-center gap-1 font-semibold text-emerald-800">
            <TrophyIcon className="h-4 w-4" />
            {t('memberHome.rank', { rank: group.myRank, count: group.memberCount })}
          </span>
          {!active ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t('memberHome.deactivated')}</span>
          ) : (
            <span className="inline-flex min-w-0 items-center gap-1 text-slate-700">
              <ClockIcon className="h-4 w-4 shrink-0" />
              {next
                ? <span>{t('memberHome.nextClose', { when: formatRelative(next, now, i18n.language) })} <time dateTime={next} className="text-slate-600">({localTime(next, now, i18n.language)})</time></span>
                : <span>{t('memberHome.noNextClose')}</span>}
            </span>
          )}
        </span>
      </span>
    </Link>
  );
}
