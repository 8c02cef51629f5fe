/**
 * A match card's Comments button: opens the match's thread (match-thread.tsx, whose code loads with the
 * first one opened).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const MatchThreadSheet = lazy(async () => ({ default: (await import('./wall-screens')).MatchThreadSheet }));

/** The button of the match `label` ("Home – Away") in `groupId`; `canWrite` false hides the thread's composer. */
export function CommentsButton({ groupId, matchId, label, canWrite }: { groupId: string; matchId: string; label: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-emerald-800 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-600">
        <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round">
          <path d="M4.5 3h11A1.5 1.5 0 0 1 17 4.5v8a1.5 1.5 0 0 1-1.5 1.5H8l-4 3v-3h.5A1.5 1.5 0 0 1 3 12.5v-8A1.5 1.5 0 0 1 4.5 3z" />
        </svg>
        {t('wall.comments')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MatchThreadSheet groupId={groupId} matchId={matchId} label={label} canWrite={canWrite} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
