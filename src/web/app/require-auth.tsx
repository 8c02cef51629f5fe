/** Renders its children for a signed-in person; otherwise sends them to sign in and back. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../features/auth/api/me';
import { Spinner } from '../components/ui/card';
import { paths } from '../config/paths';

/** Shows `children` to a signed-in person; otherwise redirects to sign-in with `?next=` back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <Spinner label={t('app.loading')} />;
  if (!me.data) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${paths.login}?next=${next}`} replace />;
  }
  return <>{children}</>;
}
