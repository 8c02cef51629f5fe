/**
 * Long-text pages (terms, privacy, FAQ, contact): the page's one h1 with an introduction, then
 * sections with h2 headings, in a readable column whose long words and addresses wrap. An address
 * with a hash (/privacy#delete) scrolls to that section once the page is shown.
 */
import { useEffect, useId, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageTitle } from './card';

/** Classes for links inside running text: underlined, dark enough for contrast, visible focus. */
export const proseLinkClass = 'font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 rounded-sm';

/** A text page: `title` as the h1 (and the tab's title), `intro` below it, then `children` (sections). */
export function ProsePage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const { hash } = useLocation();
  useEffect(() => {
    // The page is lazily loaded, so the browser's own jump to the anchor happened before it existed.
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <article className="mx-auto max-w-2xl space-y-6 [overflow-wrap:anywhere]">
      <header className="space-y-3">
        <PageTitle>{title}</PageTitle>
        {intro ? <div className="text-base leading-relaxed text-slate-700">{intro}</div> : null}
      </header>
      {children}
    </article>
  );
}

/** One part of a text page: an h2 `title` naming the section (aria-labelledby) and its text. */
export function ProseSection({ title, id, children }: { title: ReactNode; id?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-6 space-y-3">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}
