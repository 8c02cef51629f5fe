/**
 * A long admin list's search, sort and page kept in the address (?q=&sort=&order=&page=), so the list
 * comes back as it was after a reload or "back". The search box follows typing at once; the address
 * (and so the request) follows once typing pauses for 300 ms, back to page 1.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** A list's query as the admin API takes it. */
export interface ListQuery<S extends string> {
  search: string;
  sort: S;
  order: 'asc' | 'desc';
  page: number;
}

/** What a list screen needs from its address. */
export interface ListAddress<S extends string> {
  query: ListQuery<S>;
  /** The search box's text, as typed. */
  text: string;
  setText: (text: string) => void;
  sortBy: (sort: S, order: 'asc' | 'desc') => void;
  goTo: (page: number) => void;
}

/** The query in `params`, with `defaults` for what is missing or not one of `sorts`. */
export function readListQuery<S extends string>(params: URLSearchParams, sorts: readonly S[], defaults: { sort: S; order: 'asc' | 'desc' }): ListQuery<S> {
  const sort = params.get('sort') ?? '';
  const order = params.get('order');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    sort: (sorts as readonly string[]).includes(sort) ? (sort as S) : defaults.sort,
    order: order === 'asc' || order === 'desc' ? order : defaults.order,
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The list's query from the address, and the ways to change it. */
export function useListAddress<S extends string>(sorts: readonly S[], defaults: { sort: S; order: 'asc' | 'desc' }): ListAddress<S> {
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params, sorts, defaults);
  const [text, setText] = useState(query.search);
  const settled = useDebouncedValue(text.trim().slice(0, 100), 300);

  const change = (edit: (next: URLSearchParams) => void) => setParams((current) => {
    const next = new URLSearchParams(current);
    edit(next);
    return next;
  }, { replace: true });

  useEffect(() => {
    if (settled === query.search) return;
    change((next) => {
      if (settled) next.set('q', settled);
      else next.delete('q');
      next.delete('page');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new settled text moves the address
  }, [settled]);

  return {
    query,
    text,
    setText,
    sortBy: (sort, order) => change((next) => {
      next.set('sort', sort);
      next.set('order', order);
      next.delete('page');
    }),
    goTo: (page) => {
      change((next) => next.set('page', String(page)));
      window.scrollTo({ top: 0 });
    },
  };
}

/** `/admin/users?…` style parameters of `query` for the API (the search left out when empty). */
export function apiParams(query: ListQuery<string>, withSort = true): string {
  const params = new URLSearchParams({ page: String(query.page) });
  if (withSort) {
    params.set('sort', query.sort);
    params.set('order', query.order);
  }
  if (query.search.trim()) params.set('search', query.search.trim());
  return params.toString();
}
