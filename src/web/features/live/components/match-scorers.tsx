/**
 * A match's scorers under its score: the home side's on the left (aligned to the centre line), the away
 * side's on the right, one line per scorer ("Lionel Messi 23' (pen.), 108'"), own goals marked. Nothing
 * when no goal is listed (a source without scorers, or 0–0).
 */
import { useTranslation } from 'react-i18next';
import type { MatchGoal } from '../../../../contracts/leagues';
import { scorerLines, type ScorerLine } from '../scorer-lines';

/** The two lists of scorers; the team names label them for screen readers. */
export function MatchScorers({ goals, homeTeam, awayTeam }: { goals: readonly MatchGoal[]; homeTeam: string; awayTeam: string }) {
  const { t } = useTranslation();
  if (goals.length === 0) return null;
  const home = scorerLines(goals, 'home');
  const away = scorerLines(goals, 'away');
  return (
    <div className="mt-2 grid grid-cols-2 gap-x-4 text-xs leading-snug text-slate-600 sm:gap-x-8">
      <ScorerList lines={home} label={t('matches.scorers.of', { team: homeTeam })} align="right" />
      <ScorerList lines={away} label={t('matches.scorers.of', { team: awayTeam })} align="left" />
    </div>
  );
}

function ScorerList({ lines, label, align }: { lines: ScorerLine[]; label: string; align: 'left' | 'right' }) {
  const { t } = useTranslation();
  // An empty side keeps its column (the other side's scorers stay under their team) without an empty list.
  if (lines.length === 0) return <div />;
  // The ball hangs beside the centre line, whatever the line wraps to.
  const ball = <span aria-hidden="true" className="shrink-0 text-[0.7rem]">⚽</span>;
  return (
    <ul aria-label={label} className={`min-w-0 space-y-0.5 [overflow-wrap:anywhere] ${align === 'right' ? 'text-right' : ''}`}>
      {lines.map((line, index) => (
        <li key={`${line.scorer ?? ''}-${String(line.ownGoal)}-${index}`} className={`flex items-baseline gap-1 ${align === 'right' ? 'flex-row-reverse' : ''}`}>
          {ball}
          <span className="min-w-0">
            <span className="text-slate-800">{line.scorer ?? t('matches.scorers.unknown')}</span>{' '}
            <span className="tabular-nums">
              {line.goals.map((goal, at) => (
                <span key={at} className="whitespace-nowrap">
                  {goal.minute}
                  {goal.penalty ? <> (<abbr title={t('matches.scorers.penaltyFull')} className="no-underline">{t('matches.scorers.penalty')}</abbr>)</> : null}
                  {at < line.goals.length - 1 ? ', ' : ''}
                </span>
              ))}
            </span>
            {line.ownGoal ? <> (<abbr title={t('matches.scorers.ownGoalFull')} className="no-underline">{t('matches.scorers.ownGoal')}</abbr>)</> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
