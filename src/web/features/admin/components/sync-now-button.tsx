/**
 * "Sync now" for a linked league: while the run goes (a few seconds) the button is disabled with a
 * spinner and "Syncing…"; a hidden live region reads the progress and the outcome out. An inactive
 * league is not synced, so its button stays disabled.
 */
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import type { useSyncNow } from '../api/leagues';
import { InlineSpinner } from '../../../components/ui/inline-spinner';
import { useOutcomeText } from './sync-outcome';

/** The button of `league`, driving `sync` (the league's useSyncNow, shared with its SyncOutcome). */
export function SyncNowButton({ league, sync, className = '' }: { league: AdminLeague; sync: ReturnType<typeof useSyncNow>; className?: string }) {
  const { t } = useTranslation();
  const outcome = useOutcomeText(sync);
  const running = league.lastRun?.status === 'running';
  return (
    <>
      <Button
        variant="secondary"
        className={`px-3 py-2 ${className}`}
        disabled={sync.isPending || running || !league.active}
        title={league.active ? undefined : t('admin.sync.inactive')}
        onClick={() => sync.mutate()}
      >
        {sync.isPending ? <><InlineSpinner className="text-emerald-700" />{t('admin.sync.syncing')}</> : t('admin.sync.now')}
        <span className="sr-only"> {league.name}</span>
      </Button>
      <span role="status" className="sr-only">{sync.isPending ? t('admin.sync.syncing') : (outcome?.text ?? '')}</span>
    </>
  );
}
