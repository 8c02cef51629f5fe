/**
 * A part of a page that failed to load: the specification's wording ("Error loading group:", "Error
 * loading members:") with what went wrong, and a retry button.
 */
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { Alert } from './card';
import { Button } from './button';

/** `label` is the translated lead ("Error loading members:"); `error` what the query failed with. */
export function LoadError({ label, error, onRetry }: { label: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const detail = errorText(t, error);
  return (
    <div className="space-y-3">
      <Alert>{label} {detail}</Alert>
      <Button variant="secondary" onClick={onRetry}>{t('app.retry')}</Button>
    </div>
  );
}
