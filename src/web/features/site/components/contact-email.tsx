/**
 * The contact address as a mailto link with a "Copy email" button. Copying uses the Clipboard API;
 * where it is missing or refused (plain http on a home server, an old browser) the address is selected
 * on the page and copied with the older copy command, or left selected for the person to copy.
 * Either way a toast says what happened.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useToast } from '../../../components/ui/toast';

/** Selects the text of `element` on the page; returns whether the legacy copy command copied it. */
function selectAndCopy(element: HTMLElement | null): boolean {
  const selection = window.getSelection();
  if (!element || !selection) return false;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** The address `email` with "Copy email" (toast on success, text selected otherwise) and "Write an email". */
export function ContactEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const addressRef = useRef<HTMLAnchorElement>(null);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard API');
      await navigator.clipboard.writeText(email);
      toast(t('contact.copied'));
    } catch {
      if (selectAndCopy(addressRef.current)) toast(t('contact.copied'));
      else toast(t('contact.copyFallback'), 'info');
    }
  };
  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-600">{t('contact.emailLabel')}</p>
        <a ref={addressRef} href={`mailto:${email}`} className="block break-all text-lg font-semibold sm:text-xl text-emerald-800 underline decoration-emerald-300 underline-offset-4 hover:text-emerald-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 rounded-sm">
          {email}
        </a>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void copy()}>
          <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4"><path fill="currentColor" d="M7 2a2 2 0 0 0-2 2v1H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-1h1a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H7Zm6 13V7a2 2 0 0 0-2-2H7V4h7v9h-1v2ZM4 7h7v9H4V7Z" /></svg>
          {t('contact.copy')}
        </Button>
        <a href={`mailto:${email}`} className={buttonClass('secondary')}>{t('contact.write')}</a>
      </div>
    </Card>
  );
}
