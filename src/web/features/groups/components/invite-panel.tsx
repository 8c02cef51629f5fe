/**
 * The invite panel (owner and admins): the invite code shown as XXXX-XXXX; the link shared through the
 * device's share sheet (Web Share API) where there is one, copied, or sent on WhatsApp with an invite
 * text naming the group and its league; and a QR code of the link (drawn by the qrcode library, loaded
 * only when the panel opens).
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { isUuid } from '../../../lib/uuid';
import { leagueLabel } from '../../leagues/league-label';
import { useGroup } from '../api/groups';
import { CopyLinkButton, ShareIcon, WhatsAppLink } from '../../share/components/share-buttons';
import { hasShareSheet, shareWithSheet } from '../../share/share-actions';

/** "ABCD2345" → "ABCD-2345". */
export const formatInviteCode = (code: string) => (code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code);

/** The invite code, link, share actions and QR code of a group (on its page: the league comes from it). */
export function InvitePanel({ inviteCode, groupName }: { inviteCode: string; groupName: string }) {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  // The group page has it loaded already: this reads the same query.
  const group = useGroup(groupId, isUuid(groupId));
  const [open, setOpen] = useState(false);
  const [shareFailed, setShareFailed] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const link = `${window.location.origin}${paths.joinGroup(inviteCode)}`;
  const text = group.data
    ? t('share.inviteText', { name: groupName, league: leagueLabel(group.data.league) })
    : t('share.inviteTextPlain', { name: groupName });
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    void import('qrcode').then((QRCode) => QRCode.toDataURL(link, { margin: 1, width: 200 })).then((url) => {
      if (!cancelled) setQr(url);
    });
    return () => {
      cancelled = true;
    };
  }, [open, link]);
  const share = async () => {
    setShareFailed(false);
    try {
      await shareWithSheet({ title: groupName, text, url: link });
    } catch {
      // Not allowed here (no user gesture left, a policy): the other actions are beside it.
      setShareFailed(true);
    }
  };
  return (
    <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold text-emerald-800">{t('groups.invite')}</summary>
      <p className="mt-3 text-sm text-slate-600">{t('groups.inviteHelp')}</p>
      <code aria-label={t('groups.inviteCode')} className="mt-2 inline-block rounded-lg bg-slate-100 px-3 py-2 font-mono text-lg font-bold tracking-[0.2em] text-slate-900">{formatInviteCode(inviteCode)}</code>
      <div role="group" aria-label={t('share.actions')} className="mt-3 flex flex-wrap items-center gap-2">
        {hasShareSheet() ? <Button onClick={() => void share()}><ShareIcon />{t('share.share')}</Button> : null}
        <CopyLinkButton url={link} />
        <WhatsAppLink text={text} url={link} />
      </div>
      {shareFailed ? <p role="status" className="mt-2 text-sm text-slate-700">{t('share.shareFailed')}</p> : null}
      {qr ? <img src={qr} width={160} height={160} alt={t('groups.qrAlt', { name: groupName })} className="mt-3 rounded-lg ring-1 ring-slate-200" /> : null}
    </details>
  );
}
