/**
 * Above an admin list: the search box and, below 1280 px (where the cards have no sortable headings),
 * the sort as a select of "column, direction" choices.
 */
import { SelectField, TextField } from '../../../components/ui/field';

/** One choice of the sort select. */
export interface SortChoice { sort: string; order: 'asc' | 'desc'; label: string }

/** The search box (`text` as typed) and, when `sorts` are given, the sort select showing `current`. */
export function ListToolbar({ text, onText, searchLabel, placeholder, sortLabel, sorts, current, onSort }: {
  text: string; onText: (text: string) => void; searchLabel: string; placeholder: string;
  sortLabel?: string; sorts?: SortChoice[]; current?: string; onSort?: (sort: string, order: 'asc' | 'desc') => void;
}) {
  const sortable = sorts && sorts.length > 0 && onSort;
  return (
    <div className={`grid gap-3 ${sortable ? 'sm:grid-cols-[minmax(0,1fr)_auto] xl:grid-cols-1' : ''}`}>
      <TextField type="search" label={searchLabel} placeholder={placeholder} value={text}
        onChange={(event) => onText(event.target.value)} autoComplete="off" spellCheck={false} maxLength={100} />
      {sortable ? (
        <div className="xl:hidden">
          <SelectField label={sortLabel ?? ''} value={current}
            onChange={(event) => {
              const [sort, order] = event.target.value.split(':') as [string, 'asc' | 'desc'];
              onSort(sort, order);
            }}>
            {sorts.map((choice) => (
              <option key={`${choice.sort}:${choice.order}`} value={`${choice.sort}:${choice.order}`}>{choice.label}</option>
            ))}
          </SelectField>
        </div>
      ) : null}
    </div>
  );
}
