/**
 * Deleting a group for good, behind a confirmation where the group's name must be typed: its members,
 * predictions and totals go with it. Afterwards the groups list opens, with a toast saying so.
 */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminGroup } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { sectionPath } from '../lib/sections';
import { ConfirmDialog, DANGER } from '../../../components/ui/confirm-dialog';
import { useDeleteGroup } from './groups-api';

/** "Delete group" for `group` (with `members` members), and its confirmation. */
export function DeleteGroupAction({ group, members }: { group: AdminGroup; members: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const remove = useDeleteGroup(group.id);
  return (
    <ConfirmDialog
      danger
      typeToConfirm={group.name}
      trigger={<Button className={DANGER}>{t('adminGroups.actions.delete')}</Button>}
      texts={{
        title: t('adminGroups.actions.deleteTitle', { name: group.name }),
        body: (
          <>
            <p>{t('adminGroups.actions.deleteBody', { count: members })}</p>
            <p>{t('adminGroups.actions.deleteType')} <strong className="font-semibold text-slate-900">{group.name}</strong></p>
          </>
        ),
        typeLabel: t('adminGroups.actions.deleteLabel'),
        confirm: t('adminGroups.actions.deleteConfirm'),
        working: t('adminGroups.actions.deleting'),
        cancel: t('adminGroups.actions.cancel'),
      }}
      errorOf={(error) => errorText(t, error)}
      onConfirm={async () => {
        await remove.mutateAsync();
        toast(t('adminGroups.actions.deleted', { name: group.name }));
        await navigate(sectionPath('groups'));
        remove.forget();
      }} />
  );
}
