/**
 * The profile page's "Notifications" section: push notifications on this device (permission,
 * turning them on or off) and which reminders I get by email and by push. Reached from reminder mails'
 * "notification settings" links as /profile#notifications.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Alert, Spinner } from '../../../components/ui/card';
import { ProfileSection } from '../../profile/components/section';
import { useNotificationSettings } from '../api/get-notification-settings';
import { DevicePushPanel } from './device-push-panel';
import { PreferencesForm } from './preferences-form';

/** The anchor of this section on /profile. */
export const NOTIFICATIONS_ANCHOR = 'notifications';

/** The notifications section; scrolls itself into view when the address ends in #notifications. */
export function NotificationsSection() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const location = useLocation();
  const anchor = useRef<HTMLDivElement>(null);
  const loaded = Boolean(settings.data);

  // The page loads its sections after the navigation, so the browser's own jump to the anchor finds nothing.
  useEffect(() => {
    if (loaded && location.hash === `#${NOTIFICATIONS_ANCHOR}`) anchor.current?.scrollIntoView({ block: 'start' });
  }, [loaded, location.hash]);

  return (
    <div id={NOTIFICATIONS_ANCHOR} ref={anchor} className="scroll-mt-20">
      <ProfileSection title={t('notifications.title')} description={t('notifications.description')}>
        {settings.data ? (
          <>
            <DevicePushPanel vapidPublicKey={settings.data.vapidPublicKey} pushDevices={settings.data.pushDevices} />
            <PreferencesForm preferences={settings.data.preferences} />
          </>
        ) : settings.isError ? (
          <div className="space-y-3">
            <Alert>{t('notifications.loadFailed')}</Alert>
            <Button variant="secondary" onClick={() => void settings.refetch()}>{t('notifications.retry')}</Button>
          </div>
        ) : (
          <Spinner label={t('notifications.loading')} />
        )}
      </ProfileSection>
    </div>
  );
}
