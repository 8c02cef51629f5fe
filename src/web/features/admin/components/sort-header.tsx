/** A sortable column heading of an admin table (leagues, users, groups): a button, with aria-sort on the heading. */

/** The heading of `column`; clicking it sorts by it (again: the other way round). `className` sets its padding and alignment. */
export function SortHeader<S extends string>({ column, label, query, onSort, className = 'px-2' }: {
  column: S; label: string; query: { sort: S; order: 'asc' | 'desc' }; onSort: (sort: S, order: 'asc' | 'desc') => void; className?: string;
}) {
  const current = query.sort === column;
  const next = current && query.order === 'asc' ? 'desc' : 'asc';
  return (
    <th scope="col" aria-sort={current ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'} className={`whitespace-nowrap py-2 font-semibold ${className}`}>
      <button type="button" onClick={() => onSort(column, next)}
        className={`inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${current ? 'text-slate-900' : ''}`}>
        {label}
        <span aria-hidden="true" className={current ? '' : 'opacity-40'}>{current && query.order === 'desc' ? '▼' : '▲'}</span>
      </button>
    </th>
  );
}
