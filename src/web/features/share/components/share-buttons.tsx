/**
 * The share actions every browser has: copy a link (with "Copied" said aloud, and the link shown to copy
 * by hand where the browser refuses) and send it on WhatsApp (wa.me, in a new tab).
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button';
import { copyText, whatsAppHref } from '../share-actions';

/** How long "Copied" shows on the button (ms). */
const COPIED_MS = 2000;

/** A button copying `url`; `label` defaults to "Copy link". */
export function CopyLinkButton({ url, label }: { url: string; label?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    if (await copyText(url)) {
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
    } else {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void copy()}>
        <CopyIcon />
        {state === 'copied' ? t('share.copied') : (label ?? t('share.copyLink'))}
      </Button>
      <span aria-live="polite" className="sr-only">{state === 'copied' ? t('share.copied') : ''}</span>
      {state === 'failed' ? (
        <label className="block w-full text-sm text-slate-700">
          {t('share.copyFailed')}
          <input
            readOnly
            value={url}
            onFocus={(e) => e.currentTarget.select()}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
          />
        </label>
      ) : null}
    </>
  );
}

/** A link opening WhatsApp with `text` and `url` ready to send, styled as a button. */
export function WhatsAppLink({ text, url }: { text: string; url: string }) {
  const { t } = useTranslation();
  return (
    <a href={whatsAppHref(text, url)} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary')}>
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" className="shrink-0 text-[#128c4b]">
        <path fill="currentColor" d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5c-.2 0-.4.1-.7.3-.2.3-.9.9-.9 2.2s.9 2.5 1 2.7c.1.2 1.8 2.8 4.4 3.9 1.6.7 2.3.8 3.1.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
      </svg>
      {t('share.whatsApp')}
      <span className="sr-only"> {t('share.newTab')}</span>
    </a>
  );
}

/** The share sheet's icon (a box with an arrow out of it). */
export function ShareIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="shrink-0">
      <path d="M12 3v12M7 8l5-5 5 5" />
      <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
    </svg>
  );
}

function CopyIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="shrink-0">
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </svg>
  );
}
