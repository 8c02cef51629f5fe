/**
 * The invite panel (owner and admins): the invite code shown as XXXX-XXXX, the share link with a copy
 * button and the device's share sheet (Web Share API) where there is one, and a QR code of the link
 * (drawn by the qrcode library, loaded only when the panel opens).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

/** "ABCD2345" → "ABCD-2345". */
export const formatInviteCode = (code: string) => (code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code);

/** The invite code, link, share and QR code of a group. */
export function InvitePanel({ inviteCode, groupName }: { inviteCode: string; groupName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const link = `${window.location.origin}${paths.joinGroup(inviteCode)}`;
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
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      window.prompt(t('groups.copyLink'), link);
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: groupName, text: t('groups.shareText', { name: groupName }), url: link });
    } catch {
      // Dismissed by the person, or not allowed here: nothing to do.
    }
  };
  return (
    <details className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold text-emerald-800">{t('groups.invite')}</summary>
      <p className="mt-3 text-sm text-slate-600">{t('groups.inviteHelp')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <code aria-label={t('groups.inviteCode')} className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-lg font-bold tracking-[0.2em] text-slate-900">{formatInviteCode(inviteCode)}</code>
        <Button variant="secondary" onClick={copy}>{copied ? t('groups.copied') : t('groups.copyLink')}</Button>
        {typeof navigator.share === 'function' ? <Button variant="secondary" onClick={share}>{t('groups.share')}</Button> : null}
      </div>
      <p aria-live="polite" className="sr-only">{copied ? t('groups.copied') : ''}</p>
      {qr ? <img src={qr} width={160} height={160} alt={t('groups.qrAlt', { name: groupName })} className="mt-3 rounded-lg ring-1 ring-slate-200" /> : null}
    </details>
  );
}
