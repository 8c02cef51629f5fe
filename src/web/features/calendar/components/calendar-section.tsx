/**
 * The profile page's "Calendar" section: my private calendar feed (src/contracts/calendar.ts) — the
 * kickoffs of my groups' matches, with a reminder at the close for one I have not predicted. Until I make
 * its address, one button; then the https address to copy, a webcal:// link that opens the device's
 * calendar app, a new address in place of the old (after a confirmation: the old one stops at once), and
 * how to add it to Google Calendar, Apple Calendar and Outlook. Reached as /profile#calendar.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { InlineSpinner } from '../../../components/ui/inline-spinner';
import { useToast } from '../../../components/ui/toast';
import { errorText } from '../../../lib/error-text';
import { ProfileSection } from '../../profile/components/section';
import { feedAddresses, useCalendar, useRegenerateCalendar } from '../api/calendar';

/** The anchor of this section on /profile. */
export const CALENDAR_ANCHOR = 'calendar';

/** The calendar section of my profile. */
export function CalendarSection() {
  const { t } = useTranslation();
  const calendar = useCalendar();
  const regenerate = useRegenerateCalendar();
  const location = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  const loaded = calendar.data !== undefined;

  // The page loads its sections after the navigation, so the browser's own jump to the anchor finds nothing.
  useEffect(() => {
    if (loaded && location.hash === `#${CALENDAR_ANCHOR}`) anchor.current?.scrollIntoView({ block: 'start' });
  }, [loaded, location.hash]);

  return (
    <div id={CALENDAR_ANCHOR} ref={anchor} className="scroll-mt-20">
      <ProfileSection title={t('calendar.title')} description={t('calendar.description')}>
        {calendar.data?.path ? (
          // A new address starts afresh (not "copied").
          <FeedAddress key={calendar.data.path} path={calendar.data.path} onRegenerate={() => regenerate.mutateAsync()} />
        ) : calendar.data ? (
          <div className="space-y-3">
            <Button className="w-full sm:w-auto" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
              {regenerate.isPending ? <><InlineSpinner />{t('calendar.creating')}</> : t('calendar.create')}
            </Button>
            {regenerate.isError ? <Alert>{errorText(t, regenerate.error)}</Alert> : null}
          </div>
        ) : calendar.isError ? (
          <div className="space-y-3">
            <Alert>{t('calendar.loadFailed')}</Alert>
            <Button variant="secondary" onClick={() => void calendar.refetch()}>{t('calendar.retry')}</Button>
          </div>
        ) : (
          <Spinner label={t('calendar.loading')} />
        )}
      </ProfileSection>
    </div>
  );
}

/** My feed's address (`path` on this site) with Copy, Subscribe, Regenerate and how to add it. */
function FeedAddress({ path, onRegenerate }: { path: string; onRegenerate: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'selected'>('idle');
  const { https, webcal } = feedAddresses(path, window.location);

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 2500);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyAddress = async () => {
    try {
      await navigator.clipboard.writeText(https);
      setCopy('copied');
    } catch {
      // No clipboard here (an old browser, a page not served over https, permission refused): the
      // address is selected for the device's own copy command.
      input.current?.focus();
      input.current?.select();
      setCopy('selected');
    }
  };
  const regenerate = async () => {
    await onRegenerate();
    toast(t('calendar.regenerated'));
  };

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">{t('calendar.address')}</label>
        <div className="mt-1 flex gap-2">
          <input id={id} ref={input} type="text" readOnly value={https} onFocus={(event) => event.currentTarget.select()}
            className="block min-w-0 flex-1 rounded-lg border-0 bg-slate-50 px-3 py-2.5 font-mono text-sm text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-emerald-600" />
          <Button variant="secondary" className="shrink-0" onClick={() => void copyAddress()}>
            {copy === 'copied' ? t('calendar.copied') : t('calendar.copy')}
          </Button>
        </div>
        <p aria-live="polite" className={copy === 'selected' ? 'mt-1 text-xs text-slate-600' : 'sr-only'}>
          {copy === 'copied' ? t('calendar.copied') : copy === 'selected' ? t('calendar.copyFallback') : ''}
        </p>
      </div>
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-inset ring-amber-200">{t('calendar.private')}</p>
      <div className="flex flex-wrap gap-2">
        <a href={webcal} className={buttonClass('primary', 'flex-1 sm:flex-none')}>{t('calendar.subscribe')}</a>
        <ConfirmDialog
          trigger={<Button variant="secondary" className="flex-1 sm:flex-none">{t('calendar.regenerate')}</Button>}
          texts={{
            title: t('calendar.confirm.title'),
            body: <p>{t('calendar.confirm.body')}</p>,
            confirm: t('calendar.confirm.confirm'),
            working: t('calendar.confirm.working'),
            cancel: t('calendar.confirm.cancel'),
          }}
          onConfirm={regenerate}
          errorOf={(error) => errorText(t, error)}
          danger
        />
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('calendar.howTo.title')}</h3>
        <ul className="space-y-2 text-sm text-slate-700">
          <li><strong className="font-semibold text-slate-900">{t('calendar.howTo.google.name')}</strong> — {t('calendar.howTo.google.steps')}</li>
          <li><strong className="font-semibold text-slate-900">{t('calendar.howTo.apple.name')}</strong> — {t('calendar.howTo.apple.steps')}</li>
          <li><strong className="font-semibold text-slate-900">{t('calendar.howTo.outlook.name')}</strong> — {t('calendar.howTo.outlook.steps')}</li>
        </ul>
        <p className="text-xs text-slate-500">{t('calendar.howTo.refresh')}</p>
      </div>
    </div>
  );
}
