/**
 * Where a league's data comes from: Manual, "Imported, not linked" (from `npm run import`, no source
 * yet), football-data.org with its competition code, or openfootball.
 */
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';

/** The source's name, and the competition code of a football-data.org league. */
export function SourceLabel({ league }: { league: Pick<AdminLeague, 'source' | 'sourceRef' | 'importRef'> }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span className="whitespace-nowrap">{t(league.source === 'manual' && league.importRef ? 'admin.source.imported' : `admin.source.${league.source}`)}</span>
      {league.source === 'football-data' && league.sourceRef ? (
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{league.sourceRef}</code>
      ) : null}
    </span>
  );
}
