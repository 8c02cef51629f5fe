/** After sign-up: look for the confirmation link; can send it again. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authClient } from '../lib/auth-client';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle } from '../components/ui/card';
import { emailVerifiedUrl, nextFrom } from '../lib/safe-next';

/** Page /check-email?email=&next=: says where the link went and can send it again. */
export function CheckEmailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email');
  const [resent, setResent] = useState(false);
  const resend = async () => {
    if (!email) return;
    const next = nextFrom(params);
    await authClient.sendVerificationEmail({ email, callbackURL: emailVerifiedUrl(next) });
    setResent(true);
  };
  return (
    <Card className="mx-auto max-w-md space-y-4 text-center">
      <div className="text-5xl" aria-hidden>📬</div>
      <PageTitle>{t('auth.checkEmailTitle')}</PageTitle>
      <p className="text-slate-600">{email ? t('auth.checkEmailBody', { email }) : t('auth.checkEmailBodyNoAddress')}</p>
      {resent ? <Alert tone="success">{t('auth.resent')}</Alert> : null}
      {email && !resent ? <Button variant="secondary" onClick={resend}>{t('auth.resend')}</Button> : null}
    </Card>
  );
}
