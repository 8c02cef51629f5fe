/**
 * A person's platform role: "Make platform administrator" or "Make regular user", each after a
 * confirmation saying what changes. An administrator cannot demote themselves (the server refuses it:
 * someone must be left to undo it), so on their own page that button is disabled, `reasonId` saying why.
 */
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { roleKey } from './user-badges';
import { useUpdateUser } from './users-api';

/** The role button of `user`; `isSelf` when it is the viewer's own account. */
export function UserRoleAction({ user, isSelf, reasonId }: { user: AdminUser; isSelf: boolean; reasonId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateUser(user.id);
  const promote = user.role === 'Regular User';
  const next: AdminUser['role'] = promote ? 'Platform Administrator' : 'Regular User';
  const label = t(promote ? 'adminUsers.actions.makeAdmin' : 'adminUsers.actions.makeRegular');
  if (isSelf && !promote) {
    return <Button variant="secondary" disabled aria-describedby={reasonId}>{label}</Button>;
  }
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">{label}</Button>}
      texts={{
        title: t(promote ? 'adminUsers.actions.makeAdminTitle' : 'adminUsers.actions.makeRegularTitle', { name: user.username }),
        body: <p>{t(promote ? 'adminUsers.actions.makeAdminBody' : 'adminUsers.actions.makeRegularBody')}</p>,
        confirm: t('adminUsers.actions.changeRole'),
        working: t('adminUsers.actions.changingRole'),
        cancel: t('adminUsers.actions.cancel'),
      }}
      errorOf={(error) => errorText(t, error)}
      onConfirm={async () => {
        const { user: changed } = await update.mutateAsync({ role: next });
        toast(t('adminUsers.actions.roleChanged', { name: changed.username, role: t(roleKey(changed.role)) }));
      }} />
  );
}
