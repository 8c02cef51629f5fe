/**
 * Where a league's data comes from: Manual, "Imported, not linked" (from `npm run import`, no source
 * yet), football-data.org with its competition code, openfootball, or a replay with its state and speed.
 */
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';

/** The source's name, and the competition code of a football-data.org league; a replay's state and speed. */
export function SourceLabel({ league }: { league: Pick<AdminLeague, 'source' | 'sourceRef' | 'importRef'> & { replay?: AdminLeague['replay'] } }) {
  const { t } = useTranslation();
  if (league.replay) {
    return (
      <span className="whitespace-nowrap">
        {t('adminReplay.sourceLabel', { state: t(`adminReplay.state.${league.replay.state}`), speed: league.replay.speed })}
      </span>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-1.5">
      <span className="whitespace-nowrap">{t(league.source === 'manual' && league.importRef ? 'admin.source.imported' : `admin.source.${league.source}`)}</span>
      {league.source === 'football-data' && league.sourceRef ? (
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">{league.sourceRef}</code>
      ) : null}
    </span>
  );
}
