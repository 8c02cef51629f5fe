/**
 * Recent results of my groups' leagues (finished in the last 7 days, newest first): the score and, per
 * group of mine, my prediction with its outcome and points, linking to that group's history tab.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RecentMatch } from '../../../../contracts/home';
import { paths } from '../../../config/paths';
import { groupColorStyle } from '../../groups/components/group-color';
import { roundLabel } from '../../predictions/components/round-label';
import { ChevronIcon } from './icons';
import { score, shortDate } from './format';
import { MatchTeams } from './match-teams';
import { ReplayBadge } from '../../leagues/components/replay-badge';
import { ShowMoreList } from './show-more';
import { JokerMark } from '../../jokers/components/joker-mark';

/** The section "Recent results" (h2, one h3 per match). */
export function RecentResults({ matches }: { matches: RecentMatch[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-recent" className="space-y-3">
      <h2 id="home-recent" className="text-xl font-bold text-slate-900">{t('memberHome.recentTitle')}</h2>
      {matches.length === 0 ? (
        <p className="rounded-2xl bg-white p-4 text-slate-700 shadow-sm ring-1 ring-slate-200">{t('memberHome.recentEmpty')}</p>
      ) : (
        <ShowMoreList items={matches} className="space-y-3" render={(match) => <RecentCard key={match.id} match={match} />} />
      )}
    </section>
  );
}

const TONES: Record<string, string> = {
  exact: 'bg-emerald-700 text-white',
  goal_difference: 'bg-emerald-100 text-emerald-900',
  winner: 'bg-sky-100 text-sky-900',
  opposite: 'bg-red-100 text-red-800',
};

/** An outcome and its points ("Exact score · +10 pts"), in colours that pass WCAG AA at 12 px. */
function PointsBadge({ outcome, points }: { outcome: string; points: number | null }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[outcome] ?? 'bg-slate-200 text-slate-800'}`}>
      {t(`memberHome.outcome.${outcome}`)}
      {points !== null ? ` · ${points > 0 ? '+' : points < 0 ? '−' : ''}${t('memberHome.points', { count: Math.abs(points) })}` : ''}
    </span>
  );
}

function RecentCard({ match }: { match: RecentMatch }) {
  const { t, i18n } = useTranslation();
  const extraTime = match.homeGoalsExtraTime !== null && match.awayGoalsExtraTime !== null ? score(match.homeGoalsExtraTime, match.awayGoalsExtraTime) : null;
  const penalties = match.homePenalties !== null && match.awayPenalties !== null ? score(match.homePenalties, match.awayPenalties) : null;
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="min-w-0 truncate">{roundLabel(match.roundName, t)} · {match.league.name}</span>
          {match.league.replay ? <ReplayBadge /> : null}
        </span>
        <time dateTime={match.kickoff}>{shortDate(match.kickoff, i18n.language)}</time>
      </p>
      <div className="mt-2">
        <MatchTeams home={match.homeTeam.name} away={match.awayTeam.name}
          middle={<span className="rounded-lg bg-slate-900 px-2.5 py-1 text-base font-bold tabular-nums text-white">{score(match.homeGoals, match.awayGoals)}</span>} />
      </div>
      {extraTime || penalties ? (
        <p className="mt-1 text-center text-xs text-slate-600">
          {[extraTime ? t('memberHome.afterExtraTime', { score: extraTime }) : null, penalties ? t('memberHome.penalties', { score: penalties }) : null].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      {match.groups.every((group) => !group.myPrediction) ? (
        <p className="mt-3 text-center text-sm text-slate-600">{t('memberHome.noPrediction')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl ring-1 ring-slate-200">
          {match.groups.map((group) => (
            <li key={group.groupId}>
              <Link to={`${paths.group(group.groupId)}?tab=history`}
                className="flex items-center gap-2 bg-slate-50 px-3 py-2.5 text-sm hover:bg-emerald-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600">
                <span className="h-3 w-3 shrink-0 rounded-full" style={groupColorStyle(group.groupColor)} aria-hidden="true" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{group.groupName}</span>
                  <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
                    {group.myPrediction ? (
                      <>
                        <span className="tabular-nums">{t('memberHome.youPredicted', { score: score(group.myPrediction.homeGoals, group.myPrediction.awayGoals) })}</span>
                        {group.myPrediction.joker && <JokerMark />}
                        {group.myPrediction.outcome
                          ? <PointsBadge outcome={group.myPrediction.outcome} points={group.myPrediction.points} />
                          : <span className="text-slate-600">{t('memberHome.notScored')}</span>}
                      </>
                    ) : <span className="text-slate-600">{t('memberHome.noPredictionHere')}</span>}
                  </span>
                </span>
                <ChevronIcon className="h-4 w-4 shrink-0 text-slate-500" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
