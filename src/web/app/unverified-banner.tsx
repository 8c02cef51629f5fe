/** "Confirm your email": shown above every page to a signed-in person whose address is not confirmed yet. */
import { useTranslation } from 'react-i18next';
import { ResendVerification } from '../features/auth/components/resend-verification';

/** The banner for `email`, with a resend button. */
export function UnverifiedBanner({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="unverified-title" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-4 desk:flex-row desk:items-center desk:justify-between">
        <div>
          <h2 id="unverified-title" className="font-semibold text-amber-900">{t('shell.unverifiedTitle')}</h2>
          <p className="text-sm text-amber-900">{t('shell.unverifiedBody', { email })}</p>
        </div>
        <div className="desk:w-64"><ResendVerification email={email} /></div>
      </div>
    </section>
  );
}
