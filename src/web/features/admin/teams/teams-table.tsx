/** The teams as a table (screens 1280 px wide or more): crest and name, short name, code, other names, matches and "Edit". */
import { useTranslation } from 'react-i18next';
import type { AdminTeam } from '../../../../contracts/admin';
import { AliasChips } from './alias-chips';
import { TeamCrest } from './team-crest';
import { TeamEditDialog } from './team-edit-dialog';

/** The table of `teams` (by name). */
export function TeamsTable({ teams }: { teams: AdminTeam[] }) {
  const { t } = useTranslation();
  const plain = 'py-2 px-2 font-semibold uppercase';
  const cell = 'px-2 py-3 align-middle';
  return (
    // The page wraps long words anywhere (styles.css); here that would squeeze the columns to a letter wide.
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [overflow-wrap:normal]">
      <table className="w-full text-left text-sm text-slate-800">
        <caption className="sr-only">{t('admin.sections.teams')}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className={`${plain} pl-4`}>{t('adminTeams.columns.team')}</th>
            <th scope="col" className={plain}>{t('adminTeams.columns.code')}</th>
            <th scope="col" className={plain}>{t('adminTeams.columns.aliases')}</th>
            <th scope="col" className={`${plain} text-right`}>{t('adminTeams.columns.matches')}</th>
            <th scope="col" className={`${plain} pr-4`}><span className="sr-only">{t('adminTeams.columns.actions')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {teams.map((team) => (
            <tr key={team.id}>
              <th scope="row" className="min-w-56 py-3 pl-4 pr-2 text-left align-middle font-normal">
                <span className="flex items-center gap-2">
                  <TeamCrest url={team.crestUrl} name={team.name} code={team.code} />
                  <span className="min-w-0">
                    <span className="block font-semibold text-slate-900">{team.name}</span>
                    {team.shortName ? <span className="block text-xs text-slate-600">{team.shortName}</span> : null}
                  </span>
                </span>
              </th>
              <td className={`${cell} font-mono`}>{team.code ?? <span className="font-sans text-slate-600">—</span>}</td>
              <td className={`${cell} max-w-80`}><AliasChips aliases={team.aliases} /></td>
              <td className={`${cell} text-right tabular-nums`}>{team.matches}</td>
              <td className="py-3 pl-2 pr-4 text-right align-middle"><TeamEditDialog team={team} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
