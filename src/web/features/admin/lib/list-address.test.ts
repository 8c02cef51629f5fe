import { describe, expect, it } from 'vitest';
import { apiParams, readListQuery } from './list-address';

const SORTS = ['username', 'email', 'createdAt'] as const;
const DEFAULTS = { sort: 'createdAt', order: 'desc' } as const;

describe('readListQuery', () => {
  it('takes the defaults for what the address lacks', () => {
    expect(readListQuery(new URLSearchParams(''), SORTS, DEFAULTS)).toEqual({ search: '', sort: 'createdAt', order: 'desc', page: 1 });
  });

  it('reads search, sort, order and page, and refuses what is not one of them', () => {
    expect(readListQuery(new URLSearchParams('q=%20mia%20&sort=email&order=asc&page=3'), SORTS, DEFAULTS)).toEqual({ search: 'mia', sort: 'email', order: 'asc', page: 3 });
    expect(readListQuery(new URLSearchParams('sort=password&order=up&page=-2'), SORTS, DEFAULTS)).toEqual({ search: '', sort: 'createdAt', order: 'desc', page: 1 });
    expect(readListQuery(new URLSearchParams(`q=${'x'.repeat(150)}&page=99999`), SORTS, DEFAULTS)).toMatchObject({ search: 'x'.repeat(100), page: 10_000 });
  });
});

describe('apiParams', () => {
  it('leaves the search out when empty, and the sort when asked to', () => {
    expect(apiParams({ search: ' ', sort: 'email', order: 'asc', page: 2 })).toBe('page=2&sort=email&order=asc');
    expect(apiParams({ search: 'usa', sort: 'name', order: 'asc', page: 1 }, false)).toBe('page=1&search=usa');
  });
});
