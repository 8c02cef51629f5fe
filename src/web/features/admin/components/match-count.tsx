/** A league's matches as "finished/total", read out in words. */
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';

/** "12/38" (12 of 38 matches finished). */
export function MatchCount({ league }: { league: Pick<AdminLeague, 'finished' | 'matches'> }) {
  const { t } = useTranslation();
  return (
    <span className="whitespace-nowrap tabular-nums">
      <span aria-hidden="true">{league.finished}/{league.matches}</span>
      <span className="sr-only">{t('admin.leagues.matchesOf', { finished: league.finished, count: league.matches })}</span>
    </span>
  );
}
