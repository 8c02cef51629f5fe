/**
 * Page / (everyone). A visitor sees what Palpite is, how it works and how scoring works, the leagues and
 * Sign Up / Login. A member sees their groups with their rank and next close, the next matches to
 * predict across those groups (GET /api/home) and the recent results with their points; a member
 * without a group sees how to create or join one. The member's part is a separate chunk, fetched only
 * once someone is signed in, so the landing page stays light.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../features/auth/api/me';
import { useAuth } from '../features/auth/auth-provider';
import { GuestHome } from '../features/home/components/guest-home';
import { Spinner } from '../components/ui/card';
import { loadArea } from '../i18n/i18n';
import { PLAY_AREAS } from '../i18n/merge';

// With the game's texts (round names, outcomes): the member's home shows matches and results.
const MemberHome = lazy(async () => {
  const [module] = await Promise.all([import('../features/home/components/member-home'), ...PLAY_AREAS.map((area) => loadArea(area))]);
  return { default: module.MemberHome };
});

/** Page /: the member's home when signed in, the visitor's welcome otherwise. */
export function HomeRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const { likelySignedIn } = useAuth();
  // A guest sees the welcome at once; only a device where someone was signed in waits for the session.
  if (me.isPending && likelySignedIn) return <Spinner label={t('home.loading')} />;
  if (!me.data) return <GuestHome />;
  return (
    <Suspense fallback={<Spinner label={t('home.loading')} />}>
      <MemberHome name={me.data.username} />
    </Suspense>
  );
}
