/**
 * "Refresh provider standings" of a linked league: while the provider answers the button is disabled
 * with a spinner and "Refreshing…" (read out by a live region); a failure (502 provider_unavailable)
 * shows what went wrong under it, with the provider's own words; a success a toast.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { InlineSpinner } from '../../../components/ui/inline-spinner';
import { errorText } from '../../../lib/error-text';
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
  // A provider failure (provider_unavailable) carries the provider's own words: shown under the translated sentence.
  const error = refresh.error;
  const detail = error instanceof ApiError && (error.id === 'provider_unavailable' || error.id === 'validation_failed') ? error.message : null;
  const summary = error instanceof ApiError && error.id === 'validation_failed' ? null : errorText(t, error);
  return (
    <div className="max-w-3xl space-y-2 [overflow-wrap:anywhere]">
      <Button variant="secondary" disabled={refresh.isPending} onClick={() => void run()}>
        {refresh.isPending ? <><InlineSpinner className="text-emerald-700" />{t('adminStandings.refreshing')}</> : t('adminStandings.refresh')}
      </Button>
      <span role="status" className="sr-only">{refresh.isPending ? t('adminStandings.refreshing') : ''}</span>
      {refresh.isError ? (
        <Alert>
          <p className="font-semibold">{t('adminStandings.refreshFailed')}</p>
          {summary ? <p>{summary}</p> : null}
          {detail ? <p className="mt-1 text-xs">{detail}</p> : null}
        </Alert>
      ) : null}
    </div>
  );
}
