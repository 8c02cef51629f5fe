/** "Resend verification email" for a person who has not confirmed their address yet: a new link goes to them. */
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { InlineSpinner } from '../../../components/ui/inline-spinner';
import { errorText } from '../../../lib/error-text';
import { useResendVerification } from './users-api';

/** The button for `user` (nothing once their address is confirmed), with the outcome as a toast. */
export function ResendVerificationAction({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const resend = useResendVerification(user.id);
  if (user.emailVerified) return null;
  const run = async () => {
    try {
      const sent = await resend.mutateAsync();
      toast(t(sent ? 'adminUsers.actions.resent' : 'adminUsers.actions.alreadyConfirmed', { email: user.email }), sent ? 'success' : 'info');
    } catch (error) {
      toast(errorText(t, error), 'error');
    }
  };
  return (
    <Button variant="secondary" disabled={resend.isPending} onClick={() => void run()}>
      {resend.isPending ? <><InlineSpinner />{t('adminUsers.actions.resending')}</> : t('adminUsers.actions.resend')}
    </Button>
  );
}
