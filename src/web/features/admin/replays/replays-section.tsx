/**
 * The Replays section of the leagues screen: every replay, newest first, as cards (one column on phones,
 * two from 640 px, three from 1280 px). Nothing while there is none (the header's "Replay a tournament"
 * makes the first).
 */
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { ReplayCard } from './replay-card';
import { useReplays } from './replays-api';

/** The section (h2 "Replays"). */
export function ReplaysSection() {
  const { t } = useTranslation();
  const replays = useReplays();
  if (!replays.isError && !replays.data?.length) return null;
  return (
    <section aria-labelledby="replays-title" className="space-y-3">
      <h2 id="replays-title" className="text-lg font-bold text-slate-900">{t('adminReplay.list.title')}</h2>
      {replays.isError ? <LoadError label={t('adminReplay.list.loadError')} error={replays.error} onRetry={() => void replays.refetch()} /> : (
        <ul aria-labelledby="replays-title" className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {replays.data.map((replay) => <ReplayCard key={replay.leagueId} replay={replay} />)}
        </ul>
      )}
    </section>
  );
}
