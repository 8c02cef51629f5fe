/**
 * The section menu of screens 768 px wide or less: a button opening a drawer from the left (Radix
 * dialog: focus trapped inside, Escape and the close button close it, so does following a link).
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { AdminNav } from './admin-nav';

/** The "Sections" button and its drawer. */
export function AdminDrawer() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Open for one address: a navigation (a link, the back button) closes it without an effect.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => setOpenAt(next ? pathname : null)}>
      <Dialog.Trigger className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"><path d="M4 6h16M4 12h16M4 18h10" /></svg>
        {t('admin.menu.open')}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(18rem,85vw)] flex-col overflow-y-auto bg-white p-4 shadow-xl focus:outline-none"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <Dialog.Title className="text-lg font-bold text-slate-900">{t('admin.title')}</Dialog.Title>
            <Dialog.Close aria-label={t('admin.menu.close')} className="flex h-11 w-11 items-center justify-center rounded-lg text-2xl leading-none text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <AdminNav onNavigate={() => setOpenAt(null)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
