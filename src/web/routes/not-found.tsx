/** Any unknown address: a friendly message inside the shell, with a way home. */
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { Card, PageTitle } from '../components/ui/card';
import { paths } from '../config/paths';

/** The 404 page. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-md space-y-4 text-center">
      <PageTitle>{t('app.notFoundTitle')}</PageTitle>
      <p className="text-slate-700">{t('app.notFound')}</p>
      <ButtonLink to={paths.home}>{t('app.backHome')}</ButtonLink>
    </Card>
  );
}
