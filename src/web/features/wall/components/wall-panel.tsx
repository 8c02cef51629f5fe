/**
 * The group page's Wall tab: the wall's feed (wall-feed.tsx), or that the wall is off (and, to the owner
 * and admins, where to turn it on). While it is open the wall counts as seen: its unread posts are marked
 * seen when it opens and whenever new ones arrive.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../../../contracts/groups';
import { useMarkWallSeen, useWall } from '../api/wall';
import { WallFeed } from './wall-feed';

export function WallPanel({ group }: { group: Group }) {
  const { t } = useTranslation();
  const wall = useWall(group.id);
  const unread = wall.data?.pages[0]?.unread ?? 0;
  const { mutate } = useMarkWallSeen(group.id);
  // Once per answer that brings unread posts (a failed mark is not retried in a loop).
  const answeredAt = wall.dataUpdatedAt;
  useEffect(() => {
    if (unread > 0) mutate();
  }, [unread, answeredAt, mutate]);
  return (
    <section aria-labelledby="wall-heading">
      <h2 id="wall-heading" className="sr-only">{t('wall.title')}</h2>
      <WallFeed groupId={group.id} canWrite={group.status === 'active'} off={<WallOff admin={group.myRole !== 'member'} />} />
    </section>
  );
}

/** The wall is off: said, with where to turn it on for those who may. */
export function WallOff({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl bg-white px-4 py-8 text-center ring-1 ring-slate-200">
      <p className="font-medium text-slate-800">{t('wall.off')}</p>
      {admin ? <p className="mt-1 text-sm text-slate-600">{t('wall.offAdmin')}</p> : null}
    </div>
  );
}
