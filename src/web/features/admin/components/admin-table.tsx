/**
 * The one table of the admin lists (screens 1280 px wide or more; cards below): a <table> named by its
 * caption, a <th scope="col"> a column — a button with aria-sort where the API sorts by that column — a
 * <th scope="row"> naming each row, and under a row, where a screen has one, a row of detail spanning
 * every column (an audit entry's changes, the outcome of a league's "Sync now"). What the cells show is
 * each screen's column definitions.
 */
import type { ReactNode } from 'react';

type Order = 'asc' | 'desc';

/** One column of an admin table; `State` is what `useRowState` gives each row (see AdminTable). */
export interface AdminColumn<Row, State = undefined, S extends string = string> {
  /** The heading; `hidden` keeps it for screen readers only (a column of buttons). */
  header: string;
  hidden?: boolean;
  /** The API's sort that this heading sets (only where the API sorts by the column). */
  sort?: S;
  /** Numbers: right-aligned, in tabular figures. */
  numeric?: boolean;
  /** The cells of this column name their rows (<th scope="row">). */
  rowHeader?: boolean;
  /** More classes of the cells: width, wrapping, font. */
  className?: string;
  cell: (row: Row, state: State) => ReactNode;
}

/** What AdminTable takes; `query` and `onSort` only when some column sorts. */
interface AdminTableProps<Row extends { id: string }, State, S extends string> {
  /** The table's name (its caption, read by screen readers only). */
  label: string;
  columns: AdminColumn<Row, State, S>[];
  rows: Row[];
  query?: { sort: S; order: Order };
  onSort?: (sort: S, order: Order) => void;
  /** A hook called once per row, whose result every cell and the detail of that row share. */
  useRowState?: (row: Row) => State;
  /** Rows shown greyed (disabled, inactive). */
  muted?: (row: Row) => boolean;
  /** The row of detail under `row`, or null for none; `detailClassName` sets its cell's padding and tint. */
  detail?: (row: Row, state: State) => ReactNode;
  detailClassName?: string;
  /** How the cells align vertically (middle where every row has a picture). */
  align?: 'top' | 'middle';
}

const noState = () => undefined as never;

/** Padding of the column at `index` of `count`: wider at the table's two edges. */
const pad = (index: number, count: number) => (index === 0 ? 'pl-4 pr-2' : index === count - 1 ? 'pl-2 pr-4' : 'px-2');

/** The table of `rows`, a row each, in the order given (the API's). */
export function AdminTable<Row extends { id: string }, State = undefined, S extends string = string>(props: AdminTableProps<Row, State, S>) {
  const { label, columns, rows, query, onSort } = props;
  return (
    // The page wraps long words anywhere (styles.css); here that would squeeze the columns to a letter wide.
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [overflow-wrap:normal]">
      <table className="w-full text-left text-sm text-slate-800">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            {columns.map((column, index) => {
              const className = `py-2 font-semibold ${pad(index, columns.length)} ${column.numeric ? 'text-right' : ''}`;
              return column.sort && query && onSort
                ? <SortHeading key={column.header} column={column.sort} label={column.header} query={query} onSort={onSort} className={className} />
                : <th key={column.header} scope="col" className={`${className} uppercase`}>{column.hidden ? <span className="sr-only">{column.header}</span> : column.header}</th>;
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => <AdminRow key={row.id} row={row} {...props} />)}
        </tbody>
      </table>
    </div>
  );
}

/** The heading of a column the API sorts by: clicking it sorts by it (again: the other way round). */
function SortHeading<S extends string>({ column, label, query, onSort, className }: {
  column: S; label: string; query: { sort: S; order: Order }; onSort: (sort: S, order: Order) => void; className: string;
}) {
  const current = query.sort === column;
  const next = current && query.order === 'asc' ? 'desc' : 'asc';
  return (
    <th scope="col" aria-sort={current ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none'} className={`whitespace-nowrap ${className}`}>
      <button type="button" onClick={() => onSort(column, next)}
        className={`inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${current ? 'text-slate-900' : ''}`}>
        {label}
        <span aria-hidden="true" className={current ? '' : 'opacity-40'}>{current && query.order === 'desc' ? '▼' : '▲'}</span>
      </button>
    </th>
  );
}

/** One row (a component of its own, so that `useRowState` is a hook of the row), and its detail if any. */
function AdminRow<Row extends { id: string }, State, S extends string>({ row, columns, useRowState = noState, muted, detail, detailClassName = 'px-4 pb-3', align = 'top' }:
  AdminTableProps<Row, State, S> & { row: Row }) {
  const state = useRowState(row);
  const more = detail?.(row, state);
  const valign = align === 'top' ? 'align-top' : 'align-middle';
  return (
    <>
      <tr className={`border-t border-slate-100 first:border-t-0 ${muted?.(row) ? 'bg-slate-50' : ''}`}>
        {columns.map((column, index) => {
          const className = `py-3 ${valign} ${pad(index, columns.length)} ${column.numeric ? 'text-right tabular-nums' : ''} ${column.className ?? ''}`;
          return column.rowHeader
            ? <th key={column.header} scope="row" className={`${className} text-left font-normal`}>{column.cell(row, state)}</th>
            : <td key={column.header} className={className}>{column.cell(row, state)}</td>;
        })}
      </tr>
      {more ? (
        <tr>
          <td colSpan={columns.length} className={detailClassName}>{more}</td>
        </tr>
      ) : null}
    </>
  );
}
