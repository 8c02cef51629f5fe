/** The teams as cards (screens narrower than 1280 px): crest, name, short name and code, matches, other names and "Edit". */
import { useTranslation } from 'react-i18next';
import type { AdminTeam } from '../../../../contracts/admin';
import { AliasChips } from './alias-chips';
import { TeamCrest } from './team-crest';
import { TeamEditDialog } from './team-edit-dialog';

/** The cards of `teams`. */
export function TeamCards({ teams }: { teams: AdminTeam[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('admin.sections.teams')} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {teams.map((team) => (
        <li key={team.id} className="min-w-0 space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-center gap-3">
            <TeamCrest url={team.crestUrl} name={team.name} code={team.code} size="h-10 w-10" />
            <div className="min-w-0 flex-1">
              <h2 className="text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">{team.name}</h2>
              <p className="text-sm text-slate-600">
                {[team.shortName, team.code, t('adminTeams.matches', { count: team.matches })].filter(Boolean).join(' · ')}
              </p>
            </div>
            <TeamEditDialog team={team} />
          </div>
          {team.aliases.length > 0 ? (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="text-xs text-slate-600">{t('adminTeams.columns.aliases')}:</span>
              <AliasChips aliases={team.aliases} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
