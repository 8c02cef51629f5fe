/** The navigation links of the top bar and the hamburger menu. */
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/auth-provider';
import { paths } from '../config/paths';

/** The navigation links this person sees, in order: Home, My groups (signed in), Contact, FAQ, Admin (administrators). */
export function useNavLinks() {
  const { t } = useTranslation();
  const auth = useAuth();
  return [
    { to: paths.home, label: t('shell.home') },
    // Not in the specification's bar, but a member's groups must be one tap away from any page.
    ...(auth.authenticated ? [{ to: paths.groups, label: t('app.myGroups') }] : []),
    { to: paths.contact, label: t('shell.contact') },
    { to: paths.faq, label: t('shell.faq') },
    ...(auth.isAdmin ? [{ to: paths.admin, label: t('shell.admin') }] : []),
  ];
}
