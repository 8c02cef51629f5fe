/**
 * A public group seen by someone who is not in it (its shared link, an old bookmark): the card Discover
 * shows — colour, name, description, league, members — and Join, which needs no code. A group that is
 * private, deactivated or gone has no preview: the page then says it cannot be shown.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroupPreview, useJoinPublicGroup } from '../api/groups';
import { leagueLabel } from '../../leagues/league-label';
import { ReplayBadge } from '../../leagues/components/replay-badge';
import { groupColorStyle } from './group-color';
import { GroupLoadProblem } from './group-problem';
import { errorText } from '../../../lib/error-text';
import { Alert, Spinner } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';

/** The preview of group `groupId`; `onJoined` runs once the person is a member. */
export function GroupPreview({ groupId, onJoined }: { groupId: string; onJoined: () => void }) {
  const { t } = useTranslation();
  const preview = useGroupPreview(groupId);
  const join = useJoinPublicGroup();
  const [error, setError] = useState<string | null>(null);
  if (preview.isPending) return <Spinner label={t('app.loading')} />;
  if (preview.isError) return <GroupLoadProblem error={preview.error} onRetry={() => void preview.refetch()} />;
  const group = preview.data;
  const onJoin = async () => {
    setError(null);
    try {
      await join.mutateAsync(group.id);
      onJoined();
    } catch (caught) {
      setError(errorText(t, caught));
    }
  };
  return (
    <div className="space-y-5">
      <header className="flex items-start gap-3">
        <span className="mt-1 flex h-11 w-11 shrink-0 items-center justify-center rounded-xl text-xl font-bold text-white" style={groupColorStyle(group.color)} aria-hidden>
          {group.name.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0 flex-1">
          <title>{`${group.name} · Palpite`}</title>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{group.name}</h1>
          <p className="text-sm text-slate-500">
            {leagueLabel(group.league)}{group.league.replay ? <> <ReplayBadge /></> : null} · {t('groupPage.public')} · {t('home.members', { count: group.memberCount })} · {t('discover.active', { count: group.activeMembers })}
          </p>
          {group.description ? <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">{group.description}</p> : null}
        </div>
      </header>
      <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby="preview-title">
        <h2 id="preview-title" className="font-semibold text-slate-900">{t('groupPage.previewTitle')}</h2>
        <p className="text-sm text-slate-600">{t('groupPage.previewBody')}</p>
        {error ? <Alert>{error}</Alert> : null}
        <Button onClick={() => void onJoin()} disabled={group.full || join.isPending}>{group.full ? t('discover.full') : t('groupPage.join')}</Button>
      </section>
    </div>
  );
}
