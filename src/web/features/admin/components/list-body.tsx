/**
 * The body of a long admin list, the same on every list screen: the count (announced), loading, a
 * failure with retry, "none" or "no match", the table (from 1280 px) or the cards (below), dimmed while
 * the next page loads, and the pages.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from './pagination';

/** One page of a list as the admin API answers it. */
export interface ListPage { total: number; page: number; pageSize: number }

/**
 * The list of `result` (a query of one page): `count` says how many there are, `empty` when the page has
 * none; `note` is a line under the count and `action` a button beside it (the fixtures' time zone and
 * "Clear filters").
 */
export function ListBody({ result, rows, count, empty, loadError, table, cards, onPage, note, action }: {
  result: { data: ListPage | undefined; isPending: boolean; isError: boolean; error: unknown; isPlaceholderData: boolean; refetch: () => unknown };
  rows: number; count: string; empty: string; loadError: string; table: ReactNode; cards: ReactNode; onPage: (page: number) => void;
  note?: ReactNode; action?: ReactNode;
}) {
  const { t } = useTranslation();
  const data = result.data;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <div className="text-sm text-slate-600">
          <p role="status">{data ? count : ''}</p>
          {note}
        </div>
        {action}
      </div>
      {result.isPending ? <Spinner label={t('app.loading')} /> : null}
      {result.isError && !data ? <LoadError label={loadError} error={result.error} onRetry={() => void result.refetch()} /> : null}
      {data && rows === 0 ? <div className="rounded-2xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">{empty}</div> : null}
      {data && rows > 0 ? (
        <div aria-busy={result.isPlaceholderData} className={`transition-opacity ${result.isPlaceholderData ? 'opacity-60' : ''}`}>
          <div className="hidden xl:block">{table}</div>
          <div className="xl:hidden">{cards}</div>
        </div>
      ) : null}
      {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} /> : null}
    </>
  );
}
