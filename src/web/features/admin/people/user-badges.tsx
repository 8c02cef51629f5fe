/** A person's pills: platform role, whether their email is confirmed, and whether the account is disabled. */
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../contracts/admin';
import { Pill } from './pill';

/** The translation key of a platform role. */
export function roleKey(role: AdminUser['role']): string {
  return role === 'Platform Administrator' ? 'adminUsers.roles.admin' : 'adminUsers.roles.regular';
}

/** "Platform administrator" (violet) or "Regular user" (grey). */
export function RoleBadge({ role }: { role: AdminUser['role'] }) {
  const { t } = useTranslation();
  return <Pill tone={role === 'Platform Administrator' ? 'violet' : 'grey'}>{t(roleKey(role))}</Pill>;
}

/** "Confirmed" (green) or "Not confirmed" (amber): whether the person opened their confirmation link. */
export function ConfirmedBadge({ confirmed }: { confirmed: boolean }) {
  const { t } = useTranslation();
  return <Pill tone={confirmed ? 'green' : 'amber'}>{t(confirmed ? 'adminUsers.confirmed' : 'adminUsers.unconfirmed')}</Pill>;
}

/** "Disabled" (red) or "Active" (green): whether the person can sign in. */
export function AccessBadge({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return <Pill tone={disabled ? 'red' : 'green'}>{t(disabled ? 'adminUsers.disabled' : 'adminUsers.active')}</Pill>;
}
