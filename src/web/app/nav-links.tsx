/** The navigation links of the top bar and the hamburger menu. */
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/auth-provider';
import { paths } from '../config/paths';

/** The navigation links this person sees, in order. */
export function useNavLinks() {
  const { t } = useTranslation();
  const auth = useAuth();
  return [
    { to: paths.home, label: t('shell.home') },
    { to: paths.contact, label: t('shell.contact') },
    { to: paths.faq, label: t('shell.faq') },
    ...(auth.isAdmin ? [{ to: paths.admin, label: t('shell.admin') }] : []),
  ];
}
