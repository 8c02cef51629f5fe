/** The app: data client, router and shell. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../config/paths';
import { Shell } from './shell';
import { RequireAuth } from './require-auth';
import { HomeRoute } from '../routes/home';
import { SignInRoute } from '../routes/sign-in';
import { RegisterRoute } from '../routes/register';
import { CheckEmailRoute } from '../routes/check-email';
import { EmailVerifiedRoute } from '../routes/email-verified';
import { NewGroupRoute } from '../routes/new-group';
import { JoinRoute } from '../routes/join';
import { GroupRoute } from '../routes/group';
import { NotFoundRoute } from '../routes/not-found';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: (count, error) => count < 2 && !('status' in error && Number(error.status) < 500), refetchOnWindowFocus: true } },
});

const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      { path: paths.home, element: <HomeRoute /> },
      { path: paths.signIn, element: <SignInRoute /> },
      { path: paths.register, element: <RegisterRoute /> },
      { path: paths.checkEmail, element: <CheckEmailRoute /> },
      { path: paths.emailVerified, element: <EmailVerifiedRoute /> },
      { path: paths.newGroup, element: <RequireAuth><NewGroupRoute /></RequireAuth> },
      { path: paths.join(), element: <RequireAuth><JoinRoute /></RequireAuth> },
      { path: '/join/:code', element: <RequireAuth><JoinRoute /></RequireAuth> },
      { path: '/groups/:groupId', element: <RequireAuth><GroupRoute /></RequireAuth> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);

/** The whole app: TanStack Query client, router and the page shell. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
