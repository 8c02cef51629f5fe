/** The leagues as a table with sortable headings (screens 1280 px wide or more). */
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import type { LeaguesQuery } from '../api/leagues';
import { LeagueRow } from './league-row';
import { SortHeader } from './sort-header';

const COLUMNS = 8;

/** The table of `leagues`, sorted as `query` says; `onSort` re-sorts. */
export function LeaguesTable({ leagues, query, onSort, now }: {
  leagues: AdminLeague[]; query: LeaguesQuery; onSort: (sort: LeaguesQuery['sort'], order: LeaguesQuery['order']) => void; now: number;
}) {
  const { t } = useTranslation();
  const plain = 'py-2 font-semibold uppercase';
  return (
    // The page wraps long words anywhere (styles.css); here that would squeeze the columns to a letter wide.
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [overflow-wrap:normal]">
      <table className="w-full text-left text-sm text-slate-800">
        <caption className="sr-only">{t('admin.sections.leagues')}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <SortHeader column="name" label={t('admin.leagues.columns.name')} query={query} onSort={onSort} className="pl-4 pr-2" />
            <SortHeader column="season" label={t('admin.leagues.columns.season')} query={query} onSort={onSort} />
            <th scope="col" className={`${plain} px-2`}>{t('admin.leagues.columns.source')}</th>
            <th scope="col" className={`${plain} px-2`}>{t('admin.leagues.columns.active')}</th>
            <SortHeader column="matches" label={t('admin.leagues.columns.matches')} query={query} onSort={onSort} className="px-2 text-right" />
            <SortHeader column="groups" label={t('admin.leagues.columns.groups')} query={query} onSort={onSort} className="px-2 text-right" />
            <th scope="col" className={`${plain} px-2`}>{t('admin.leagues.columns.lastSync')}</th>
            <th scope="col" className={`${plain} pl-2 pr-4`}><span className="sr-only">{t('admin.leagues.columns.actions')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leagues.map((league) => <LeagueRow key={league.id} league={league} now={now} columns={COLUMNS} />)}
        </tbody>
      </table>
    </div>
  );
}
