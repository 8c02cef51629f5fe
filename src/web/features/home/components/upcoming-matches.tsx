/**
 * The next matches to predict across my groups: each with its kickoff, when predictions close (relative
 * and local time, by the server's clock) and, per group of mine on its league, whether I have predicted
 * it, linking to that group's matches tab. A match whose close has passed while the page is open drops out.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UpcomingMatch } from '../../../../contracts/home';
import { formatKickoff, formatRelative } from '../../../lib/format';
import { paths } from '../../../config/paths';
import { groupColorStyle } from '../../groups/components/group-color';
import { roundLabel } from '../../predictions/components/round-label';
import { CheckIcon, ChevronIcon, ClockIcon } from './icons';
import { localTime, score } from './format';
import { MatchTeams } from './match-teams';
import { ReplayBadge } from '../../leagues/components/replay-badge';
import { ShowMoreList } from './show-more';

/** Within this long before the close, a match still missing a prediction is shown as urgent. */
const URGENT_MS = 3 * 60 * 60_000;

/** The section "Next matches to predict" (h2, one h3 per match); `now` is the server's clock in ms. */
export function UpcomingMatches({ matches, now }: { matches: UpcomingMatch[]; now: number }) {
  const { t } = useTranslation();
  const open = matches.filter((match) => Date.parse(match.closesAt) > now);
  const missing = open.reduce((sum, match) => sum + match.groups.filter((group) => !group.myPrediction).length, 0);
  return (
    <section aria-labelledby="home-upcoming" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="home-upcoming" className="text-xl font-bold text-slate-900">{t('memberHome.upcomingTitle')}</h2>
        {missing > 0 ? <span className="rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900">{t('memberHome.missing', { count: missing })}</span> : null}
      </div>
      {open.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-slate-700 shadow-sm ring-1 ring-slate-200">{t('memberHome.upcomingEmpty')}</p>
      ) : (
        <ShowMoreList items={open} className="space-y-3" render={(match) => <UpcomingCard key={match.id} match={match} now={now} />} />
      )}
    </section>
  );
}

function UpcomingCard({ match, now }: { match: UpcomingMatch; now: number }) {
  const { t, i18n } = useTranslation();
  const versus = t('memberHome.versus');
  const urgent = Date.parse(match.closesAt) - now < URGENT_MS && match.groups.some((group) => !group.myPrediction);
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="min-w-0 truncate">{roundLabel(match.roundName, t)} · {match.league.name}</span>
          {match.league.replay ? <ReplayBadge /> : null}
        </span>
        <time dateTime={match.kickoff}>{formatKickoff(match.kickoff, i18n.language)}</time>
      </p>
      <div className="mt-2">
        <MatchTeams home={match.homeTeam.name} away={match.awayTeam.name}
          middle={<span className="text-xs font-medium text-slate-600">{versus}</span>} />
      </div>
      <p className={`mt-2 flex items-center justify-center gap-1.5 text-sm font-medium ${urgent ? 'text-amber-800' : 'text-slate-700'}`}>
        <ClockIcon className="h-4 w-4 shrink-0" />
        <span>
          {t('memberHome.closes', { when: formatRelative(match.closesAt, now, i18n.language) })}{' · '}
          <time dateTime={match.closesAt}>{localTime(match.closesAt, now, i18n.language)}</time>
        </span>
      </p>
      <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl ring-1 ring-slate-200">
        {match.groups.map((group) => (
          <li key={group.groupId}>
            <Link to={`${paths.group(group.groupId)}?tab=matches`}
              className="flex items-center gap-2 bg-slate-50 px-3 py-2.5 text-sm hover:bg-emerald-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600">
              <span className="h-3 w-3 shrink-0 rounded-full" style={groupColorStyle(group.groupColor)} aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate font-medium text-slate-900">{group.groupName}</span>
              {group.myPrediction ? (
                <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 font-semibold tabular-nums text-emerald-900">
                  <CheckIcon className="h-3.5 w-3.5" />
                  <span className="sr-only">{t('memberHome.yourPrediction')}</span>
                  {score(group.myPrediction.homeGoals, group.myPrediction.awayGoals)}
                </span>
              ) : (
                <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{t('memberHome.toPredict')}</span>
              )}
              <ChevronIcon className="h-4 w-4 shrink-0 text-slate-500" />
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
