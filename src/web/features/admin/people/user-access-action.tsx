/**
 * Disabling or enabling a person, after a confirmation. Disabling ends every session they have at once
 * and stops them signing in; enabling lets them sign in again. An administrator cannot disable their
 * own account (the server refuses it), so on their own page the button is disabled, `reasonId` saying why.
 */
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { ConfirmDialog, DANGER } from '../../../components/ui/confirm-dialog';
import { useUpdateUser } from './users-api';

/** "Disable account" or "Enable account" for `user`; `isSelf` when it is the viewer's own account. */
export function UserAccessAction({ user, isSelf, reasonId }: { user: AdminUser; isSelf: boolean; reasonId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateUser(user.id);
  const disable = !user.disabled;
  const label = t(disable ? 'adminUsers.actions.disable' : 'adminUsers.actions.enable');
  if (isSelf && disable) {
    return <Button disabled aria-describedby={reasonId} className={DANGER}>{label}</Button>;
  }
  return (
    <ConfirmDialog
      danger={disable}
      trigger={<Button className={disable ? DANGER : ''}>{label}</Button>}
      texts={{
        title: t(disable ? 'adminUsers.actions.disableTitle' : 'adminUsers.actions.enableTitle', { name: user.username }),
        body: disable
          ? <><p>{t('adminUsers.actions.disableBody')}</p><p>{t('adminUsers.actions.disableKeeps')}</p></>
          : <p>{t('adminUsers.actions.enableBody')}</p>,
        confirm: label,
        working: t(disable ? 'adminUsers.actions.disabling' : 'adminUsers.actions.enabling'),
        cancel: t('adminUsers.actions.cancel'),
      }}
      errorOf={(error) => errorText(t, error)}
      onConfirm={async () => {
        const { user: changed } = await update.mutateAsync({ disabled: disable });
        toast(t(changed.disabled ? 'adminUsers.actions.disabledToast' : 'adminUsers.actions.enabledToast', { name: changed.username }));
      }} />
  );
}
