/** Surfaces and feedback: card, page title, alert, spinner. */
import type { ReactNode } from 'react';

/** A white rounded surface. */
export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`}>{children}</div>;
}

/** The page's h1. */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <>
      {/* React 19 hoists <title> into <head>: the browser tab names the page too. */}
      {typeof children === 'string' ? <title>{`${children} · Palpite`}</title> : null}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{children}</h1>
    </>
  );
}

/** A message box: role="alert" for errors, role="status" otherwise. */
export function Alert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'success' | 'info' }) {
  const tones = { error: 'bg-red-50 text-red-800 ring-red-200', success: 'bg-emerald-50 text-emerald-800 ring-emerald-200', info: 'bg-sky-50 text-sky-800 ring-sky-200' };
  return <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg px-4 py-3 text-sm ring-1 ring-inset ${tones[tone]}`}>{children}</div>;
}

/** A loading indicator announced with `label`. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-slate-500">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-emerald-600" aria-hidden />
      <span>{label}</span>
    </div>
  );
}
