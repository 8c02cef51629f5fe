/**
 * One FAQ question as a native disclosure (<details>/<summary>): keyboard and screen-reader friendly
 * without script, closed unless the address points at it (/faq#scoring opens "How does scoring work?").
 */
import type { ReactNode } from 'react';

/** A question (`question`, the summary) and its answer (`children`), anchored at `id`; open when `open`. */
export function FaqItem({ id, question, open, children }: { id: string; question: ReactNode; open: boolean; children: ReactNode }) {
  return (
    <details id={id} open={open} className="group scroll-mt-6">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 [&::-webkit-details-marker]:hidden">
        <span>{question}</span>
        <svg viewBox="0 0 20 20" aria-hidden="true" className="h-5 w-5 shrink-0 text-emerald-700 transition-transform group-open:rotate-180">
          <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </summary>
      <div className="space-y-3 px-4 pb-4 pt-1 leading-relaxed text-slate-700">{children}</div>
    </details>
  );
}
