/** A person or group page that cannot be shown: a way back, the section's title, why, and a retry where it can help. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Alert, PageTitle } from '../../../components/ui/card';
import { BackLink } from './back-link';

/** The problem `message` under `title`, with a link back to `back` (`backLabel`) and, given `onRetry`, a retry. */
export function DetailProblem({ title, message, back, backLabel, onRetry }: {
  title: string; message: string; back: string; backLabel: string; onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <BackLink to={back} label={backLabel} />
      <PageTitle>{title}</PageTitle>
      <Alert>{message}</Alert>
      {onRetry ? <Button variant="secondary" onClick={onRetry}>{t('app.retry')}</Button> : null}
    </div>
  );
}
