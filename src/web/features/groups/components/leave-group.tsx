/** Leaving a group, at the foot of its Rules tab. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGroupAdmin } from '../api/group-admin';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { paths } from '../../../config/paths';

/**
 * Leaving the group (my predictions in it are removed), after confirming. The owner leaves only alone,
 * which deletes the group; with members, the server answers owner_must_transfer and the page says so.
 */
export function LeaveGroup({ groupId, ownerAlone }: { groupId: string; ownerAlone: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { leave } = useGroupAdmin(groupId);
  return (
    <div className="mt-4 text-center">
      <ConfirmDialog danger
        trigger={<Button variant="ghost" className="text-red-700">{t('settings.leave')}</Button>}
        texts={{ title: t('settings.leave'), body: t(ownerAlone ? 'settings.leaveAloneConfirm' : 'settings.leaveConfirm'), confirm: t('settings.leave'), working: t('settings.working'), cancel: t('settings.cancel') }}
        onConfirm={async () => {
          await leave.mutateAsync();
          await navigate(paths.groups);
        }}
        errorOf={(error) => errorText(t, error)} />
    </div>
  );
}
