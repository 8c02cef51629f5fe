/** Instants in the admin lists: a day ("12 Mar 2026") or an age ("5 minutes ago"), the full time on hover. */
import { useTranslation } from 'react-i18next';
import { formatAgo, formatDateTime } from '../lib/format-time';

/** `iso` as a day in the viewer's language. */
export function DateText({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <time dateTime={iso} title={formatDateTime(iso, i18n.language)} className="whitespace-nowrap">
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso))}
    </time>
  );
}

/** `iso` relative to `now` ("yesterday"); `none` when there is no instant. */
export function AgoText({ iso, now, none }: { iso: string | null; now: number; none: string }) {
  const { i18n } = useTranslation();
  if (!iso) return <span className="text-slate-600">{none}</span>;
  return <time dateTime={iso} title={formatDateTime(iso, i18n.language)} className="whitespace-nowrap">{formatAgo(iso, now, i18n.language)}</time>;
}
