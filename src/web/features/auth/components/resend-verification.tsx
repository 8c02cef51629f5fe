/**
 * "Send the link again": resends the verification mail and says what happened in the specification's
 * words — sent, already verified (nothing sent), too many mails to this address, or a failure.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authCall, authClient } from '../../../lib/auth-client';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { resendError } from '../auth-errors';

/** A resend button for `email`; `redirect` is where the new link leads after confirming. */
export function ResendVerification({ email, redirect, variant = 'secondary' }: { email: string; redirect?: string | null; variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error' | 'info'; key: string } | null>(null);
  const resend = async () => {
    setBusy(true);
    setOutcome(null);
    const { error } = await authCall(() => authClient.sendVerificationEmail({ email, ...(redirect ? { callbackURL: redirect } : {}) }));
    setBusy(false);
    if (!error) setOutcome({ tone: 'success', key: 'auth.messages.resendSuccess' });
    else {
      const key = resendError(error);
      setOutcome({ tone: key === 'auth.messages.alreadyVerified' ? 'info' : 'error', key });
    }
  };
  return (
    <div className="space-y-3">
      {outcome ? <Alert tone={outcome.tone}>{t(outcome.key)}</Alert> : null}
      <Button variant={variant} onClick={resend} disabled={busy} className="w-full">{busy ? t('auth.working') : t('auth.resend')}</Button>
    </div>
  );
}
