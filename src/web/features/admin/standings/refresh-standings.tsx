/**
 * "Refresh provider standings" of a linked league: while the provider answers the button is disabled
 * with a spinner and "Refreshing…" (read out by a live region); a failure shows the provider's error
 * under it, a success a toast.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { InlineSpinner } from '../components/inline-spinner';
import { errorText } from '../lib/error-text';
import { useRefreshStandings } from './standings-api';

/** The button of `leagueId` and what its last refresh said when it failed. */
export function RefreshStandings({ leagueId }: { leagueId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshStandings(leagueId);
  const run = async () => {
    try {
      const data = await refresh.mutateAsync();
      toast(t(data.provider ? 'adminStandings.refreshed' : 'adminStandings.refreshedNone'), data.provider ? 'success' : 'info');
    } catch {
      // Shown under the button (refresh.error).
    }
  };
  // A provider failure comes back as validation_failed with the provider's words: those say what happened.
  const detail = refresh.error instanceof ApiError && refresh.error.id === 'validation_failed' ? refresh.error.message : errorText(t, refresh.error);
  return (
    <div className="space-y-2 [overflow-wrap:anywhere]">
      <Button variant="secondary" disabled={refresh.isPending} onClick={() => void run()}>
        {refresh.isPending ? <><InlineSpinner className="text-emerald-700" />{t('adminStandings.refreshing')}</> : t('adminStandings.refresh')}
      </Button>
      <span role="status" className="sr-only">{refresh.isPending ? t('adminStandings.refreshing') : ''}</span>
      {refresh.isError ? (
        <Alert>
          <p className="font-semibold">{t('adminStandings.refreshFailed')}</p>
          <p className="[overflow-wrap:anywhere]">{detail}</p>
        </Alert>
      ) : null}
    </div>
  );
}
