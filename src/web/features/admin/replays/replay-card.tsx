/** One replay as a card: its league (a link to the league's page), state, speed, source, first kickoff and planned end, and its actions. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format-time';
import { leaguePath } from '../lib/sections';
import { ReplayActions } from './replay-actions';
import { ReplaySourceText } from './replay-source-text';
import { ReplayStateBadge } from './replay-state-badge';
import type { ListedReplay } from './replays-api';

/** The card of `replay` (a list item named by its league). */
export function ReplayCard({ replay }: { replay: ListedReplay }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, i18n.language)}</time>;
  return (
    <li aria-label={replay.leagueName} className="flex min-w-0 flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold [overflow-wrap:anywhere]">
          <Link to={leaguePath(replay.leagueId)} className="text-emerald-800 underline-offset-2 hover:underline">{replay.leagueName}</Link>
        </h3>
        <span className="flex shrink-0 flex-wrap justify-end gap-1.5">
          {replay.demo ? <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">{t('adminReplay.list.demo')}</span> : null}
          <ReplayStateBadge state={replay.state} />
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{t('adminReplay.list.speed')}</dt>
          <dd className="tabular-nums text-slate-900">{t('adminReplay.list.speedValue', { speed: replay.speed })}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{t('adminReplay.list.source')}</dt>
          <dd className="text-slate-900"><ReplaySourceText source={replay.source} /></dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{t('adminReplay.list.startsAt')}</dt>
          <dd className="text-slate-900">{when(replay.startsAt)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{t(replay.state === 'running' || replay.state === 'paused' ? 'adminReplay.list.endsAt' : 'adminReplay.list.ended')}</dt>
          <dd className="text-slate-900">{when(replay.endsAt)}</dd>
        </div>
      </dl>
      <div className="mt-auto"><ReplayActions replay={replay} /></div>
    </li>
  );
}
