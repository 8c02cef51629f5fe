/** A small rounded label (a status or a role), in one of a few tones with AA contrast. */
import type { ReactNode } from 'react';

const TONES = {
  green: 'bg-emerald-100 text-emerald-900',
  grey: 'bg-slate-200 text-slate-800',
  red: 'bg-red-100 text-red-900',
  amber: 'bg-amber-100 text-amber-900',
  blue: 'bg-sky-100 text-sky-900',
  violet: 'bg-violet-100 text-violet-900',
} as const;
/** A tone of a pill. */
export type PillTone = keyof typeof TONES;

/** The pill with `children` in `tone`. */
export function Pill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}
