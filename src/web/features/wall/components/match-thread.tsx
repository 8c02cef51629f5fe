/**
 * A match's thread, opened by a match card's Comments button (comments-button.tsx): a sheet from the
 * bottom on a phone, a dialog on a wider screen (Radix: focus kept inside, Escape closes), holding the
 * posts of that match and a composer that writes into it.
 */
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { WallFeed } from './wall-feed';
import { WallOff } from './wall-panel';

/**
 * The sheet of the match `label` ("Home – Away"), open until closed (`onClose`; the focus goes back to
 * the button that opened it).
 */
export function MatchThreadSheet({ groupId, matchId, label, canWrite, onClose }: { groupId: string; matchId: string; label: string; canWrite: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => { if (!open) onClose(); }}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-2xl bg-slate-50 shadow-xl focus:outline-none sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-h-[calc(100dvh-4rem)] sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:rounded-t-2xl">
            <Dialog.Title className="min-w-0 text-base font-semibold text-slate-900 [overflow-wrap:anywhere]">{t('wall.commentsOn', { match: label })}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" aria-label={t('wall.close')}
                className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600">
                <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden><path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
              </button>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto overscroll-contain p-3" style={{ paddingBottom: 'max(0.75rem, env(safe-area-inset-bottom))' }}>
            <WallFeed groupId={groupId} matchId={matchId} canWrite={canWrite} off={<WallOff admin={false} />} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
