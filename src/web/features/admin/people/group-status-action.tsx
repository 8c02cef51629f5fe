/**
 * Deactivating or reactivating a group. A deactivated group is read-only for its members: no
 * predictions, no one joins; reactivated, it works again as before.
 */
import { useTranslation } from 'react-i18next';
import type { AdminGroup } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { InlineSpinner } from '../../../components/ui/inline-spinner';
import { errorText } from '../../../lib/error-text';
import { useSetGroupStatus } from './groups-api';

/** "Deactivate group" or "Reactivate group" for `group`, with the outcome as a toast. */
export function GroupStatusAction({ group }: { group: AdminGroup }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useSetGroupStatus(group.id);
  const deactivate = group.status === 'active';
  const run = async () => {
    try {
      const { group: changed } = await update.mutateAsync(deactivate ? 'deactivated' : 'active');
      toast(t(changed.status === 'active' ? 'adminGroups.actions.reactivated' : 'adminGroups.actions.deactivated', { name: changed.name }));
    } catch (error) {
      toast(errorText(t, error), 'error');
    }
  };
  return (
    <Button variant="secondary" disabled={update.isPending} onClick={() => void run()}>
      {update.isPending ? <InlineSpinner /> : null}
      {t(deactivate ? 'adminGroups.actions.deactivate' : 'adminGroups.actions.reactivate')}
    </Button>
  );
}
