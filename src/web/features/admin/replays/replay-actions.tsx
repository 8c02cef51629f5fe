/**
 * What an administrator can do to a replay: Pause (the clock stands still: live matches freeze, kickoffs
 * wait) or Resume, Stop (confirmed: whatever has not ended is cancelled, its predictions voided) and
 * Delete (confirmed: the league goes with its matches and every group playing it). Each button reads the
 * league's name out too; the outcome is a toast.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { useDeleteReplay, useReplayAction, type ListedReplay, type ReplayAction } from './replays-api';

/** The buttons of `replay`. */
export function ReplayActions({ replay }: { replay: ListedReplay }) {
  const { t } = useTranslation();
  const toast = useToast();
  const action = useReplayAction(replay.leagueId);
  const remove = useDeleteReplay(replay.leagueId);
  const name = replay.leagueName;
  const hidden = <span className="sr-only"> {name}</span>;
  const act = async (which: ReplayAction) => {
    try {
      await action.mutateAsync(which);
      toast(t(`adminReplay.actions.done.${which}`, { name }));
    } catch (error) {
      toast(errorText(t, error), 'error');
    }
  };
  const live = replay.state === 'running' || replay.state === 'paused';
  return (
    <div className="flex flex-wrap gap-2">
      {replay.state === 'running' ? (
        <Button variant="secondary" className="grow whitespace-nowrap px-3 py-2" disabled={action.isPending} onClick={() => void act('pause')}>
          {t('adminReplay.actions.pause')}{hidden}
        </Button>
      ) : null}
      {replay.state === 'paused' ? (
        <Button className="grow whitespace-nowrap px-3 py-2" disabled={action.isPending} onClick={() => void act('resume')}>
          {t('adminReplay.actions.resume')}{hidden}
        </Button>
      ) : null}
      {live ? (
        <ConfirmDialog
          trigger={<Button variant="secondary" className="grow whitespace-nowrap px-3 py-2" disabled={action.isPending}>{t('adminReplay.actions.stop')}{hidden}</Button>}
          texts={{
            title: t('adminReplay.actions.stopTitle', { name }), body: <p>{t('adminReplay.actions.stopBody')}</p>,
            confirm: t('adminReplay.actions.stopConfirm'), working: t('adminReplay.actions.stopping'), cancel: t('adminReplay.actions.cancel'),
          }}
          danger onConfirm={async () => {
            await action.mutateAsync('stop');
            toast(t('adminReplay.actions.done.stop', { name }));
          }} errorOf={(error) => errorText(t, error)} />
      ) : null}
      <ConfirmDialog
        trigger={<Button variant="secondary" className="grow whitespace-nowrap px-3 py-2 text-red-700 hover:bg-red-50">{t('adminReplay.actions.delete')}{hidden}</Button>}
        texts={{
          title: t('adminReplay.actions.deleteTitle', { name }),
          body: <><p>{t('adminReplay.actions.deleteBody')}</p>{live ? <p>{t('adminReplay.actions.deleteLive')}</p> : null}</>,
          confirm: t('adminReplay.actions.deleteConfirm'), working: t('adminReplay.actions.deleting'), cancel: t('adminReplay.actions.cancel'),
        }}
        danger onConfirm={async () => {
          await remove.mutateAsync();
          toast(t('adminReplay.actions.done.delete', { name }));
        }} errorOf={(error) => errorText(t, error)} />
    </div>
  );
}
