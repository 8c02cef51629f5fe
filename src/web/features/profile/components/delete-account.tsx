/**
 * The profile page's "Delete my account": what goes and what happens to owned groups, then a dialog
 * (Radix: focus trapped, Escape closes) asking for the account's email before deleting for good.
 * Afterwards the app signs out as usual (everything cached forgotten) and lands on /login.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../auth/auth-provider';
import { useDeleteAccount } from '../api/delete-account';
import { ProfileSection } from './section';

const danger = 'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700';

/** The account deletion section of my profile. */
export function DeleteAccount({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const auth = useAuth();
  const remove = useDeleteAccount(userId);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) {
      setError(t('profile.delete.mismatch'));
      return;
    }
    setError(null);
    try {
      await remove.mutateAsync(typed);
      // The server ended the session with the account. Signing out here forgets every cached query
      // and stored auth data and lands on /login (the server's half of it has nothing left to do).
      toast(t('profile.delete.done'), 'info');
      await auth.signOut();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.id === 'confirmation_mismatch' ? t('profile.delete.mismatch') : t('profile.delete.failed'));
    }
  };

  return (
    <ProfileSection title={t('profile.delete.title')} description={t('profile.delete.body')} tone="danger">
      <Dialog.Root open={open} onOpenChange={(next) => { setOpen(next); setTyped(''); setError(null); }}>
        <Dialog.Trigger asChild>
          <Button className={`${danger} w-full sm:w-auto`}>{t('profile.delete.open')}</Button>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none">
            <form onSubmit={(event) => void confirm(event)} className="space-y-4" noValidate>
              <Dialog.Title className="text-lg font-semibold text-slate-900">{t('profile.delete.dialogTitle')}</Dialog.Title>
              <Dialog.Description className="break-words text-sm text-slate-600">{t('profile.delete.dialogBody', { email })}</Dialog.Description>
              <TextField label={t('profile.delete.confirmLabel')} type="email" autoComplete="off" autoCapitalize="none" spellCheck={false} value={typed}
                onChange={(event) => setTyped(event.target.value)} />
              {error ? <Alert>{error}</Alert> : null}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button variant="secondary">{t('profile.delete.cancel')}</Button>
                </Dialog.Close>
                <Button type="submit" className={danger} disabled={!matches || remove.isPending}>
                  {remove.isPending ? t('profile.delete.deleting') : t('profile.delete.confirm')}
                </Button>
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </ProfileSection>
  );
}
