/**
 * Sharing the podium: a 1200×630 PNG of the top three drawn in the browser (../podium-image.ts), shared
 * as a file through the device's share sheet where it takes files, else saved as a download; and the
 * group page's link to copy.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupStatsResponse } from '../../../../contracts/stats';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { groupQuery } from '../../groups/api/groups';
import { groupColorStyle } from '../../groups/components/group-color';
import { leagueLabel } from '../../leagues/league-label';
import { groupStatsQuery } from '../../stats/api/stats';
import { podiumFileName, renderPodiumPng, type PodiumImageInput } from '../podium-image';
import { canShareFiles, downloadBlob, isAbortError, shareWithSheet } from '../share-actions';
import { CopyLinkButton, ShareIcon } from './share-buttons';

type Status = { kind: 'idle' } | { kind: 'drawing' } | { kind: 'downloaded'; file: string } | { kind: 'failed' };

/** Whether this device's share sheet takes a PNG file (asked once: it does not change while the page is open). */
function sheetTakesImages(): boolean {
  return canShareFiles([new File([new Uint8Array(0)], 'podium.png', { type: 'image/png' })]);
}

/** The podium's share actions, under the podium of the group `groupId` (its page has the group and stats loaded). */
export function PodiumShare({ groupId, podium, names }: { groupId: string; podium: GroupStatsResponse['podium']; names: Map<string, string> }) {
  const { t } = useTranslation();
  // The page above holds both queries: read them without asking the server again.
  const group = useQuery({ ...groupQuery(groupId), refetchOnMount: false });
  const stats = useQuery({ ...groupStatsQuery(groupId), refetchOnMount: false });
  const [sharesFiles] = useState(sheetTakesImages);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const link = `${window.location.origin}${paths.group(groupId)}`;

  const g = group.data;
  const input = useMemo<PodiumImageInput | null>(() => {
    if (!g) return null;
    return {
      groupName: g.name,
      league: leagueLabel(g.league),
      color: String(groupColorStyle(g.color).backgroundColor),
      title: stats.data?.leagueFinished ? t('stats.finalPodium') : t('stats.podium'),
      steps: [1, 2, 3].map((rank) => {
        const rows = podium.filter((row) => row.rank === rank);
        return { rank, names: rows.map((row) => names.get(row.userId) ?? '?'), points: rows[0] ? t('stats.points', { count: rows[0].points }) : '' };
      }),
    };
  }, [g, stats.data?.leagueFinished, podium, names, t]);

  // Where the sheet takes files, the picture is drawn ahead: some browsers (Safari) only open the sheet
  // straight from the tap, not after waiting for a canvas.
  const ready = useRef<{ input: PodiumImageInput; blob: Blob } | null>(null);
  useEffect(() => {
    if (!sharesFiles || !input) return;
    let cancelled = false;
    renderPodiumPng(input).then((blob) => {
      if (!cancelled) ready.current = { input, blob };
    }, () => {});
    return () => {
      cancelled = true;
    };
  }, [sharesFiles, input]);

  if (!input) return null;
  const fileName = podiumFileName(input.groupName);
  const text = t('share.podium.text', { name: input.groupName, league: input.league });

  const share = async () => {
    setStatus({ kind: 'drawing' });
    try {
      const blob = ready.current?.input === input ? ready.current.blob : await renderPodiumPng(input);
      const file = new File([blob], fileName, { type: 'image/png' });
      if (canShareFiles([file])) {
        await shareWithSheet({ files: [file], title: input.groupName, text: `${text} ${link}` });
        setStatus({ kind: 'idle' });
      } else {
        downloadBlob(blob, fileName);
        setStatus({ kind: 'downloaded', file: fileName });
      }
    } catch (error) {
      setStatus(isAbortError(error) ? { kind: 'idle' } : { kind: 'failed' });
    }
  };

  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <div role="group" aria-label={t('share.actions')} className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void share()} disabled={status.kind === 'drawing'}>
          <ShareIcon />
          {sharesFiles ? t('share.podium.share') : t('share.podium.download')}
        </Button>
        <CopyLinkButton url={link} label={t('share.podium.copyLink')} />
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-600">
        {status.kind === 'drawing' ? t('share.podium.drawing')
          : status.kind === 'downloaded' ? t('share.podium.downloaded', { file: status.file })
          : status.kind === 'failed' ? t('share.podium.failed')
          : ''}
      </p>
    </div>
  );
}
