/**
 * Page /profile (signed in; specification sections 2, 3 and 6): my picture, username, full name,
 * language, phone and email (read-only); notifications (this device's push, what I get by
 * email and push); my calendar feed's private address; changing my password; deleting my account. The
 * server answers only for my own profile.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '../components/ui/button';
import { Alert, Card, PageTitle, Spinner } from '../components/ui/card';
import { useMe } from '../features/auth/api/me';
import { useProfile } from '../features/profile/api/get-profile';
import { AvatarSection } from '../features/profile/components/avatar-section';
import { DeleteAccount } from '../features/profile/components/delete-account';
import { DetailsForm } from '../features/profile/components/details-form';
import { PasswordForm } from '../features/profile/components/password-form';
import { NotificationsSection } from '../features/notifications/components/notifications-section';
import { CalendarSection } from '../features/calendar/components/calendar-section';

/** The profile page. */
export function ProfileRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const profile = useProfile(me.data?.id);

  if (profile.isError) {
    return (
      <Card className="mx-auto max-w-2xl space-y-4">
        <PageTitle>{t('profile.title')}</PageTitle>
        <Alert>{t('profile.loadFailed')}</Alert>
        <Button variant="secondary" onClick={() => void profile.refetch()}>{t('profile.retry')}</Button>
      </Card>
    );
  }
  if (!profile.data) return <Spinner label={t('profile.loading')} />;
  const mine = profile.data;
  return (
    <div className="mx-auto w-full max-w-2xl min-w-0 space-y-4">
      <PageTitle>{t('profile.title')}</PageTitle>
      <AvatarSection profile={mine} />
      <DetailsForm profile={mine} />
      <NotificationsSection />
      <CalendarSection />
      <PasswordForm email={mine.email} />
      <DeleteAccount userId={mine.userId} email={mine.email} />
    </div>
  );
}
