/** Where a league's data comes from: Manual, football-data.org with its competition code, or openfootball. */
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';

/** The source's name, and the competition code of a football-data.org league. */
export function SourceLabel({ league }: { league: Pick<AdminLeague, 'source' | 'sourceRef'> }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span className="whitespace-nowrap">{t(`admin.source.${league.source}`)}</span>
      {league.source === 'football-data' && league.sourceRef ? (
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{league.sourceRef}</code>
      ) : null}
    </span>
  );
}
