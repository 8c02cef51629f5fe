/**
 * Where a replay's tournament came from, in words: a shipped tournament by its name, an uploaded file by
 * its name, an address as a link that opens in a new tab.
 */
import { useTranslation } from 'react-i18next';

/** The text of `source` ('bundled:worldcup-2022', 'upload:<file name>', or an address or path). */
export function ReplaySourceText({ source }: { source: string }) {
  const { t } = useTranslation();
  if (source.startsWith('bundled:')) {
    const name = source.slice('bundled:'.length);
    return <>{t('adminReplay.list.bundled', { name: t(`adminReplay.tournaments.${name}`, { defaultValue: name }) })}</>;
  }
  if (source.startsWith('upload:')) {
    return <span className="[overflow-wrap:anywhere]">{t('adminReplay.list.upload', { name: source.slice('upload:'.length) })}</span>;
  }
  return /^https?:\/\//i.test(source)
    ? <a href={source} target="_blank" rel="noreferrer noopener" className="break-all font-mono text-xs text-emerald-800 underline underline-offset-2">{source}</a>
    : <code className="break-all font-mono text-xs text-slate-800">{source}</code>;
}
