/**
 * The app: data client, router and shell. The routes are the specification's table (section 2), each
 * screen a lazily loaded chunk, each behind its guard: public pages for everyone, guest-only pages,
 * signed-in pages and the administrators' area. Old addresses that mails and shared links carry
 * redirect to their new names.
 */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, RouterProvider, useLocation, useParams } from 'react-router';
import { paths } from '../config/paths';
import { Shell } from './shell';
import { GuestOnly, RequireAdmin, RequireAuth } from './guards';
import { NotFoundRoute } from '../routes/not-found';
import { RouteError, ScreenProblem } from './route-error';
import { HomeRoute } from '../routes/home';
import { Toaster } from '../components/ui/toast';
import { AuthProvider, prefetchAuth } from '../features/auth/auth-provider';
import { initialLanguage, loadArea } from '../i18n/i18n';
import { PLAY_AREAS, type OnDemandArea } from '../i18n/merge';

/** The texts of the game's screens. */
const PLAY = [...PLAY_AREAS];

// offlineFirst: a read is tried even when the browser says it is offline, so the service worker can answer
// it from what it kept (the installed app offline); only retries wait for the network.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (count, error) => count < 2 && !('status' in error && Number(error.status) < 500), refetchOnWindowFocus: true, networkMode: 'offlineFirst' },
  },
});

/** Old addresses carried by mails and shared links, kept as redirects to their new names. */
function RedirectJoin() {
  const { code } = useParams();
  return <Navigate to={paths.joinGroup(code)} replace />;
}
function RedirectGroup() {
  const { groupId } = useParams();
  return <Navigate to={paths.group(groupId ?? '')} replace />;
}
function RedirectStats() {
  const { groupId } = useParams();
  return <Navigate to={paths.groupStats(groupId ?? '')} replace />;
}
function RedirectPredictions() {
  const { groupId } = useParams();
  return <Navigate to={`${paths.group(groupId ?? '')}?tab=matches`} replace />;
}
function RedirectKeepingQuery({ to }: { to: string }) {
  const location = useLocation();
  return <Navigate to={`${to}${location.search}`} replace />;
}

type Guard = 'public' | 'guest' | 'signed-in' | 'admin';
const guards: Record<Exclude<Guard, 'public'>, (children: ReactNode) => ReactNode> = {
  guest: (children) => <GuestOnly>{children}</GuestOnly>,
  'signed-in': (children) => <RequireAuth>{children}</RequireAuth>,
  admin: (children) => <RequireAdmin>{children}</RequireAdmin>,
};

/** A lazily loaded screen behind its guard; `areas` are on-demand texts it needs (loaded with it). */
function screen(path: string, guard: Guard, load: () => Promise<() => ReactNode>, areas: OnDemandArea[] = []) {
  return {
    path,
    errorElement: <RouteError />,
    lazy: async () => {
      try {
        const [Component] = await Promise.all([load(), ...areas.map((area) => loadArea(area))]);
        return { element: guard === 'public' ? <Component /> : guards[guard](<Component />) };
      } catch (error) {
        // Its code could not be fetched (offline, or a new version replaced the files): said on the page.
        return { element: <ScreenProblem error={error} /> };
      }
    },
  };
}

/** The root: auth state (it navigates, so inside the router) around the shell. */
function Root() {
  return (
    <AuthProvider>
      <Shell />
    </AuthProvider>
  );
}

const routes = [
  {
    element: <Root />,
    // The first screen's code loads before it can show: the page stays as it is meanwhile.
    HydrateFallback: () => null,
    children: [
      // The landing page ships with the app's first files (one round trip less to its content).
      { path: paths.home, element: <HomeRoute /> },
      screen(paths.login, 'guest', async () => (await import('../routes/login')).LoginRoute, ['auth']),
      screen(paths.register, 'guest', async () => (await import('../routes/register')).RegisterRoute, ['auth']),
      screen(paths.emailVerified, 'guest', async () => (await import('../routes/email-verified')).EmailVerifiedRoute, ['auth']),
      screen(paths.requestPasswordReset, 'guest', async () => (await import('../routes/request-password-reset')).RequestPasswordResetRoute, ['auth']),
      screen(paths.updatePassword, 'public', async () => (await import('../routes/update-password')).UpdatePasswordRoute, ['auth']),
      screen(paths.terms, 'public', async () => (await import('../routes/terms')).TermsRoute, ['pages']),
      screen(paths.privacy, 'public', async () => (await import('../routes/privacy')).PrivacyRoute, ['pages']),
      screen(paths.faq, 'public', async () => (await import('../routes/faq')).FaqRoute, ['pages']),
      screen(paths.contact, 'public', async () => (await import('../routes/contact')).ContactRoute, ['pages']),
      screen(paths.unsubscribe, 'public', async () => (await import('../routes/unsubscribe')).UnsubscribeRoute, ['notifications']),
      screen(paths.profile, 'signed-in', async () => (await import('../routes/profile')).ProfileRoute, ['auth', 'profile', 'notifications', 'calendar']),
      screen(`${paths.admin}/*`, 'admin', async () => (await import('../routes/admin')).AdminRoute, ['admin', 'admin-extra', 'admin-fixtures', 'admin-people', 'admin-wall', 'admin-replay', 'game', 'standings']),
      screen(paths.createGroup, 'signed-in', async () => (await import('../routes/create-group')).CreateGroupRoute, [...PLAY, 'auth']),
      screen(paths.joinGroup(), 'signed-in', async () => (await import('../routes/join-group')).JoinGroupRoute, PLAY),
      screen(paths.groups, 'signed-in', async () => (await import('../routes/groups')).GroupsRoute, PLAY),
      screen('/group/:groupId', 'signed-in', async () => (await import('../routes/group')).GroupRoute, PLAY),
      screen('/group/:groupId/stats', 'signed-in', async () => (await import('../routes/group-stats')).GroupStatsRoute, PLAY),
      { path: '/group/:groupId/podium', element: <RedirectStats /> },
      { path: '/group/:groupId/predictions', element: <RedirectPredictions /> },
      screen('/groups/:groupId/members/:userId/predictions', 'signed-in', async () => (await import('../routes/member-predictions')).MemberPredictionsRoute, PLAY),
      // Old names → new names (mails and shared links carry them).
      { path: '/sign-in', element: <RedirectKeepingQuery to={paths.login} /> },
      { path: '/signup', element: <RedirectKeepingQuery to={paths.register} /> },
      { path: '/support', element: <Navigate to={paths.contact} replace /> },
      { path: '/groups/new', element: <Navigate to={paths.createGroup} replace /> },
      { path: '/join', element: <RedirectKeepingQuery to={paths.joinGroup()} /> },
      { path: '/join/:code', element: <RedirectJoin /> },
      { path: '/groups/:groupId', element: <RedirectGroup /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** The app's router (react-router's data router). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Starts what needs no texts, while they download: the router (a data router starts loading its first
 * screen's code and texts as it is made) and the session check. Returns the router for `App`.
 */
export function startApp(): AppRouter {
  const router = createBrowserRouter(routes);
  void prefetchAuth(queryClient);
  // A group page's data starts now too (route-data.ts); its code is only fetched on such a page.
  const path = window.location.pathname;
  if (path.startsWith('/group/')) void import('./route-data').then((data) => data.prefetchRouteData(queryClient, path, initialLanguage())).catch(() => {});
  return router;
}

/** The whole app: TanStack Query client, toasts, router (with the auth state and shell inside). */
export function App({ router }: { router: AppRouter }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Toaster>
        <RouterProvider router={router} />
      </Toaster>
    </QueryClientProvider>
  );
}
