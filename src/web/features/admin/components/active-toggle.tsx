/** Activates or deactivates a league (an inactive one is not offered for new groups, nor synced). */
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useUpdateLeague } from '../api/leagues';
import { errorText } from '../../../lib/error-text';

/** "Deactivate" / "Activate" for `league` (its name read out too), confirmed by a toast. */
export function ActiveToggle({ league, className = '' }: { league: AdminLeague; className?: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateLeague(league.id);
  const toggle = async () => {
    try {
      const changed = await update.mutateAsync({ active: !league.active });
      toast(t(changed.active ? 'admin.leagues.activated' : 'admin.leagues.deactivated', { name: changed.name }));
    } catch (error) {
      toast(errorText(t, error), 'error');
    }
  };
  return (
    <Button variant="secondary" className={`px-3 py-2 ${className}`} disabled={update.isPending} onClick={() => void toggle()}>
      {t(league.active ? 'admin.leagues.deactivate' : 'admin.leagues.activate')}
      <span className="sr-only"> {league.name}</span>
    </Button>
  );
}
