/** A match's two teams facing each other, with what sits between them (a "vs" or the score). */
import type { ReactNode } from 'react';

/**
 * The teams as a heading (h3), read in order ("Aurora vs Horizonte", "Aurora 2–1 Horizonte"): home
 * right-aligned, away left-aligned, long names wrapping rather than overflowing at 320 px.
 */
export function MatchTeams({ home, away, middle }: { home: string; away: string; middle: ReactNode }) {
  return (
    <h3 className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 font-semibold text-slate-900">
      <span className="break-words text-right">{home}</span>
      {' '}{middle}{' '}
      <span className="break-words">{away}</span>
    </h3>
  );
}
