/** Any unknown path. */
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { paths } from '../config/paths';

/** Any unknown path: a message and a way home. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Card className="text-center">
      <p className="mb-4 text-slate-700">{t('app.notFound')}</p>
      <ButtonLink to={paths.home} variant="secondary">{t('app.backHome')}</ButtonLink>
    </Card>
  );
}
