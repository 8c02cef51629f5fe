/** The app: data client, router (one lazily loaded chunk per screen) and shell. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, RouterProvider, useParams, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { Shell } from './shell';
import { RequireAuth } from './require-auth';
import { NotFoundRoute } from '../routes/not-found';
import { Toaster } from '../components/ui/toast';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: (count, error) => count < 2 && !('status' in error && Number(error.status) < 500), refetchOnWindowFocus: true } },
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

const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: paths.home, lazy: async () => ({ Component: (await import('../routes/home')).HomeRoute }) },
      { path: paths.login, lazy: async () => ({ Component: (await import('../routes/login')).LoginRoute }) },
      { path: paths.register, lazy: async () => ({ Component: (await import('../routes/register')).RegisterRoute }) },
      { path: paths.checkEmail, lazy: async () => ({ Component: (await import('../routes/check-email')).CheckEmailRoute }) },
      { path: paths.emailVerified, lazy: async () => ({ Component: (await import('../routes/email-verified')).EmailVerifiedRoute }) },
      { path: paths.requestPasswordReset, lazy: async () => ({ Component: (await import('../routes/request-password-reset')).RequestPasswordResetRoute }) },
      { path: paths.updatePassword, lazy: async () => ({ Component: (await import('../routes/update-password')).UpdatePasswordRoute }) },
      { path: paths.terms, lazy: async () => ({ Component: (await import('../routes/terms')).TermsRoute }) },
      { path: paths.privacy, lazy: async () => ({ Component: (await import('../routes/privacy')).PrivacyRoute }) },
      { path: paths.faq, lazy: async () => ({ Component: (await import('../routes/faq')).FaqRoute }) },
      { path: paths.contact, lazy: async () => ({ Component: (await import('../routes/contact')).ContactRoute }) },
      { path: paths.profile, lazy: async () => { const { ProfileRoute } = await import('../routes/profile'); return { element: <RequireAuth><ProfileRoute /></RequireAuth> }; } },
      { path: paths.admin, lazy: async () => { const { AdminRoute } = await import('../routes/admin'); return { element: <RequireAuth><AdminRoute /></RequireAuth> }; } },
      { path: paths.createGroup, lazy: async () => { const { CreateGroupRoute } = await import('../routes/create-group'); return { element: <RequireAuth><CreateGroupRoute /></RequireAuth> }; } },
      { path: paths.joinGroup(), lazy: async () => { const { JoinGroupRoute } = await import('../routes/join-group'); return { element: <RequireAuth><JoinGroupRoute /></RequireAuth> }; } },
      { path: paths.groups, lazy: async () => { const { GroupsRoute } = await import('../routes/groups'); return { element: <RequireAuth><GroupsRoute /></RequireAuth> }; } },
      { path: '/group/:groupId', lazy: async () => { const { GroupRoute } = await import('../routes/group'); return { element: <RequireAuth><GroupRoute /></RequireAuth> }; } },
      { path: '/group/:groupId/stats', lazy: async () => { const { GroupStatsRoute } = await import('../routes/group-stats'); return { element: <RequireAuth><GroupStatsRoute /></RequireAuth> }; } },
      { path: '/group/:groupId/podium', element: <RedirectStats /> },
      { path: '/group/:groupId/predictions', element: <RedirectPredictions /> },
      { path: '/groups/:groupId/members/:userId/predictions', lazy: async () => { const { MemberPredictionsRoute } = await import('../routes/member-predictions'); return { element: <RequireAuth><MemberPredictionsRoute /></RequireAuth> }; } },
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
]);

/** The whole app: TanStack Query client, router and the page shell. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Toaster>
        <RouterProvider router={router} />
      </Toaster>
    </QueryClientProvider>
  );
}
