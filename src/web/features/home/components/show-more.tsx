/** The first few items of a list, and a button to show the rest. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** How many items a list shows before "Show more". */
export const INITIAL_ITEMS = 5;

/**
 * Renders `items` (each `render` returns an <li>) in a <ul className={className}>: the first
 * INITIAL_ITEMS, then a "Show N more" button revealing the rest. The button goes away once used, so
 * focus moves to the first revealed item's first link instead of being lost.
 */
export function ShowMoreList<T>({ items, render, className }: { items: T[]; render: (item: T) => ReactNode; className?: string }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const revealed = useRef(false);
  const hidden = all ? 0 : Math.max(0, items.length - INITIAL_ITEMS);
  useEffect(() => {
    if (!all || revealed.current) return;
    revealed.current = true;
    const first = list.current?.children[INITIAL_ITEMS];
    const target = first?.querySelector<HTMLElement>('a[href], button') ?? (first instanceof HTMLElement ? first : null);
    if (target && !target.matches('a[href], button')) target.tabIndex = -1;
    target?.focus();
  }, [all]);
  return (
    <>
      <ul ref={list} className={className}>{(hidden > 0 ? items.slice(0, INITIAL_ITEMS) : items).map(render)}</ul>
      {hidden > 0 ? <Button variant="secondary" className="w-full" onClick={() => setAll(true)}>{t('memberHome.showMore', { count: hidden })}</Button> : null}
    </>
  );
}
