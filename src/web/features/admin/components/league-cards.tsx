/** The leagues as a list of cards (screens narrower than 1280 px): one column on phones, two from 640 px. */
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import { LeagueCard } from './league-card';

/** The cards of `leagues`. */
export function LeagueCards({ leagues, now }: { leagues: AdminLeague[]; now: number }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('admin.sections.leagues')} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {leagues.map((league) => <LeagueCard key={league.id} league={league} now={now} />)}
    </ul>
  );
}
