/** Previous / next page of a long admin list ("Page 2 of 5"); nothing when everything fits on one page. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

/** Pages of `pageSize` rows over `total`, the current one `page`; `onPage` goes to another. */
export function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t('admin.pages.label')} className="flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>{t('admin.pages.previous')}</Button>
      <span className="text-sm text-slate-600">{t('admin.pages.pageOf', { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>{t('admin.pages.next')}</Button>
    </nav>
  );
}
