/** The teams as a table (screens 1280 px wide or more): crest and name, short name, code, other names, matches and "Edit". */
import { useTranslation } from 'react-i18next';
import type { AdminTeam } from '../../../../contracts/admin';
import { AdminTable, type AdminColumn } from '../components/admin-table';
import { AliasChips } from './alias-chips';
import { TeamCrest } from './team-crest';
import { TeamEditDialog } from './team-edit-dialog';

/** The table of `teams` (by name: the API's only order). */
export function TeamsTable({ teams }: { teams: AdminTeam[] }) {
  const { t } = useTranslation();
  const columns: AdminColumn<AdminTeam>[] = [
    {
      header: t('adminTeams.columns.team'), rowHeader: true, className: 'min-w-56',
      cell: (team) => (
        <span className="flex items-center gap-2">
          <TeamCrest url={team.crestUrl} name={team.name} code={team.code} />
          <span className="min-w-0">
            <span className="block font-semibold text-slate-900">{team.name}</span>
            {team.shortName ? <span className="block text-xs text-slate-600">{team.shortName}</span> : null}
          </span>
        </span>
      ),
    },
    { header: t('adminTeams.columns.code'), className: 'font-mono', cell: (team) => team.code ?? <span className="font-sans text-slate-600">—</span> },
    { header: t('adminTeams.columns.aliases'), className: 'max-w-80', cell: (team) => <AliasChips aliases={team.aliases} /> },
    { header: t('adminTeams.columns.matches'), numeric: true, cell: (team) => team.matches },
    { header: t('adminTeams.columns.actions'), hidden: true, className: 'text-right', cell: (team) => <TeamEditDialog team={team} /> },
  ];
  return <AdminTable label={t('admin.sections.teams')} columns={columns} rows={teams} align="middle" />;
}
