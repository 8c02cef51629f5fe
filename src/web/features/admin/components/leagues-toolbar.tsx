/** Above the leagues list: the search box, and (below 1280 px, where the cards have no sortable headings) the sort. */
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '../../../components/ui/field';
import type { LeaguesQuery } from '../api/leagues';

const SORTS: LeaguesQuery['sort'][] = ['name', 'season', 'matches', 'groups'];

/** The search text (`text`, typed as it is) and the current sort of `query`. */
export function LeaguesToolbar({ text, onText, query, onSort }: {
  text: string; onText: (text: string) => void; query: LeaguesQuery; onSort: (sort: LeaguesQuery['sort'], order: LeaguesQuery['order']) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] xl:grid-cols-1">
      <TextField type="search" label={t('admin.leagues.search')} placeholder={t('admin.leagues.searchPlaceholder')} value={text}
        onChange={(event) => onText(event.target.value)} autoComplete="off" spellCheck={false} />
      <div className="xl:hidden">
        <SelectField label={t('admin.leagues.sortBy')} value={`${query.sort}:${query.order}`}
          onChange={(event) => {
            const [sort, order] = event.target.value.split(':') as [LeaguesQuery['sort'], LeaguesQuery['order']];
            onSort(sort, order);
          }}>
          {SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((order) => (
            <option key={`${sort}:${order}`} value={`${sort}:${order}`}>{t(`admin.leagues.sorts.${sort}_${order}`)}</option>
          )))}
        </SelectField>
      </div>
    </div>
  );
}
