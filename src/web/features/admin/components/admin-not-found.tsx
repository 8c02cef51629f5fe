/** An address under /admin that names no section. */
import { useTranslation } from 'react-i18next';
import { Card, PageTitle } from '../../../components/ui/card';
import { ButtonLink } from '../../../components/ui/button';
import { sectionPath } from '../lib/sections';

/** "This page does not exist", with a way to the dashboard. */
export function AdminNotFound() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <PageTitle>{t('app.notFoundTitle')}</PageTitle>
      <Card className="space-y-4">
        <p className="text-slate-700">{t('app.notFound')}</p>
        <ButtonLink to={sectionPath('dashboard')} variant="secondary">{t('admin.toDashboard')}</ButtonLink>
      </Card>
    </div>
  );
}
