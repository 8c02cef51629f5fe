/** The provider's own tables of a league (football-data.org), as the last sync or refresh kept them. */
import { useTranslation } from 'react-i18next';
import type { AdminStandingsResponse } from '../../../../contracts/admin';
import { StandingsTable } from './standings-table';

type ProviderTable = NonNullable<AdminStandingsResponse['provider']>['tables'][number];

/** "REGULAR_SEASON" → "Regular season". */
function stageName(stage: string): string {
  const words = stage.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The caption of `table`: its group, else its stage when there are several tables, else "League table". */
function captionOf(table: ProviderTable, several: boolean, fallback: string): string {
  return table.group ?? (several ? stageName(table.providerStage) : fallback);
}

/** The tables of `tables`, each under its caption. */
export function ProviderTables({ tables }: { tables: ProviderTable[] }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      {tables.map((table, index) => (
        <StandingsTable key={`${table.providerStage}-${table.group ?? index}`} caption={captionOf(table, tables.length > 1, t('adminStandings.table'))}
          rows={table.rows.map((row) => ({ ...row, drawn: row.draw }))} />
      ))}
    </div>
  );
}
