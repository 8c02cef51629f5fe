/**
 * The frame of every /admin page: the section menu at the side (above 768 px), or the "Sections"
 * drawer button on top (768 px or less), and the section's screen. Above 768 px the area is wider than
 * the shell's page column — the window less its margins, up to 80 rem — so tables have room.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminDrawer } from './admin-drawer';
import { AdminNav } from './admin-nav';

/** The admin layout around `children` (the current section's screen). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    // Centred on the page column: the window less 1 rem each side, up to 80 rem.
    <div className="desk:ml-[calc(50%_-_min(40rem,_50vw_-_1rem))] desk:w-[min(80rem,_100vw_-_2rem)]">
      <div className="mb-4 flex items-center justify-between gap-3 desk:hidden">
        <p className="text-sm font-semibold uppercase tracking-wide text-emerald-800">{t('admin.title')}</p>
        <AdminDrawer />
      </div>
      <div className="desk:grid desk:grid-cols-[13rem_minmax(0,1fr)] desk:items-start desk:gap-6">
        <aside className="sticky top-20 hidden desk:block">
          <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-emerald-800">{t('admin.title')}</p>
          <AdminNav />
        </aside>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}
