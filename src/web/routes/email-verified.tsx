/** Where the confirmation link lands (Better Auth redirects here, signed in, or with ?error=). */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { paths } from '../config/paths';
import { safeNext } from '../lib/safe-next';

/** Page /email-verified[?next=|?error=]: success with a way on, or the failure. */
export function EmailVerifiedRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const failed = params.has('error');
  useEffect(() => {
    void client.invalidateQueries({ queryKey: ['me'] });
  }, [client]);
  return (
    <Card className="mx-auto max-w-md space-y-4 text-center">
      <div className="text-5xl" aria-hidden>{failed ? '⚠️' : '✅'}</div>
      {failed ? null : <PageTitle>{t('auth.verifiedTitle')}</PageTitle>}
      {failed ? <Alert>{t('auth.verifiedFailed')}</Alert> : <p className="text-slate-600">{t('auth.verifiedBody')}</p>}
      <ButtonLink to={failed ? paths.login : safeNext(params.get('next'))}>{t('auth.continue')}</ButtonLink>
    </Card>
  );
}
